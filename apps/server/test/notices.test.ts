/**
 * Announcements and popups: the operator writes (bad input refused in Chinese, HTML sanitised on
 * the server), readers see their audience's published ones, read records, and each popup once per
 * its frequency.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { popupDue } from '../src/modules/notices/notices.service.js';
import { announcementReads, announcements, popups, popupViews } from '../src/modules/notices/notices.table.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, createSecondSeller, envelope, isChinese, rowCount, snapshotCounts } from './support.js';

let t: TestApp;
let seller: Session;
let purchaser: Session;
let operator: Session;
let other: Session;

const past = (minutes = 1) => new Date(Date.now() - minutes * 60_000).toISOString();
const future = (minutes = 60) => new Date(Date.now() + minutes * 60_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  seller = await login(t.app, 'demo_seller');
  purchaser = await login(t.app, 'demo_purchaser');
  operator = await login(t.app, 'demo_operator');
  const second = await createSecondSeller(t.database.db, 'notice');
  other = await login(t.app, second.username, 'Tenant@2026');
});
afterAll(() => t?.close());

const post = <T = unknown>(url: string, session: Session, payload: object) =>
  call(t.app, { method: 'POST', url, session, payload }).then((r) => envelope<T>(r));
const get = <T = unknown>(url: string, session: Session) => call(t.app, { url, session }).then((r) => envelope<T>(r));

async function publish(body: Record<string, unknown>) {
  const res = await post<{ id: number; content: string }>('/api/operator/announcements/save', operator, {
    content: '<p>正文</p>',
    audience: 'ALL',
    publishAt: past(),
    ...body,
  });
  expect(res.errorCode, res.errorMsg).toBe(0);
  return res.data;
}

type List = { total: number; unread: number; list: { id: number; title: string; pinned: boolean; read: boolean }[] };

describe('announcements', () => {
  it('script, event handlers and javascript: links are removed on the server; formatting stays', async () => {
    const saved = await publish({
      title: '净化测试',
      content:
        '<p onclick="steal()">你好<script>alert(1)</script><b>加粗</b></p><a href="javascript:alert(1)">坏链接</a><a href="https://example.com" target="_blank">好链接</a><img src=x onerror="alert(1)"><iframe src="https://evil"></iframe><style>body{}</style>',
    });
    expect(saved.content).not.toMatch(/script|onclick|onerror|javascript:|iframe|<style/i);
    expect(saved.content).toContain('<b>加粗</b>');
    expect(saved.content).toContain('href="https://example.com"');
    expect(saved.content).toContain('rel="noopener noreferrer"');
    const [stored] = await t.database.db.select().from(announcements).where(eq(announcements.id, saved.id));
    expect(stored?.content).toBe(saved.content);
    const detail = await get<{ content: string }>(`/api/notice/detail?id=${saved.id}`, seller);
    expect(detail.data.content).toBe(saved.content);
  });

  it('bad input: Chinese reasons, nothing stored', async () => {
    const before = await snapshotCounts(t.database.db, { announcements, popups });
    const bad: Record<string, unknown>[] = [
      { title: '', content: '<p>x</p>', audience: 'ALL', publishAt: past() },
      { title: '标题', content: '<script>alert(1)</script>', audience: 'ALL', publishAt: past() },
      { title: '标题', content: '<p>x</p>', audience: 'VARIANT', publishAt: past() },
      { title: '标题', content: '<p>x</p>', audience: 'SELLER', variant: 'main', publishAt: past() },
      { title: '标题', content: '<p>x</p>', audience: 'NOBODY', publishAt: past() },
      { title: '标题', content: '<p>x</p>', audience: 'ALL', publishAt: '明天' },
      { title: 'x'.repeat(101), content: '<p>x</p>', audience: 'ALL', publishAt: past() },
    ];
    for (const body of bad) {
      const res = await post('/api/operator/announcements/save', operator, body);
      expect(res.errorCode, JSON.stringify(body)).not.toBe(0);
      expect(isChinese(res.errorMsg), res.errorMsg).toBe(true);
    }
    const edit = await post('/api/operator/announcements/save', operator, {
      id: 999_999,
      title: '标题',
      content: '<p>x</p>',
      audience: 'ALL',
      publishAt: past(),
    });
    expect(edit).toMatchObject({ errorCode: 12001, errorMsg: '公告不存在' });
    expect(await snapshotCounts(t.database.db, { announcements, popups })).toEqual(before);
  });

  it('readers see their audience, published ones only, pinned first; the other list holds system notices', async () => {
    const forSellers = await publish({ title: '卖家公告', audience: 'SELLER' });
    const forPurchasers = await publish({ title: '采购商公告', audience: 'PURCHASER' });
    const later = await publish({ title: '定时公告', publishAt: future() });
    const pinned = await publish({ title: '置顶公告', pinned: true, publishAt: past(30) });
    const system = await publish({ title: '系统升级', category: 'SYSTEM' });
    const otherVariant = await publish({ title: '批发站公告', audience: 'VARIANT', variant: 'wholesale' });

    const sellerList = (await post<List>('/api/notice/list', seller, { pageNo: 1, pageSize: 50 })).data;
    const ids = sellerList.list.map((r) => r.id);
    expect(ids).toContain(forSellers.id);
    expect(ids).not.toContain(forPurchasers.id);
    expect(ids).not.toContain(later.id);
    expect(ids).not.toContain(system.id);
    expect(ids).not.toContain(otherVariant.id);
    expect(sellerList.list[0]?.id).toBe(pinned.id);

    const purchaserIds = (await post<List>('/api/notice/list', purchaser, { pageNo: 1, pageSize: 50 })).data.list.map((r) => r.id);
    expect(purchaserIds).toContain(forPurchasers.id);
    expect(purchaserIds).not.toContain(forSellers.id);

    const systemIds = (await post<List>('/api/notice/system/list', seller, { pageNo: 1, pageSize: 50 })).data.list.map((r) => r.id);
    expect(systemIds).toEqual([system.id]);
    expect((await get(`/api/notice/system/detail?id=${system.id}`, seller)).errorCode).toBe(0);

    // Outside the reader's audience, unpublished, or in the other list: not found, never the text.
    for (const url of [`/api/notice/detail?id=${forPurchasers.id}`, `/api/notice/detail?id=${later.id}`, `/api/notice/detail?id=${system.id}`]) {
      expect(await get(url, seller)).toEqual({ errorCode: 12001, errorMsg: '公告不存在', data: null });
    }
  });

  it('read records: per user, idempotent, only for announcements the reader may see', async () => {
    const a = await publish({ title: '已读测试' });
    const hidden = await publish({ title: '采购商专属', audience: 'PURCHASER' });
    const before = (await post<List>('/api/notice/list', seller, { pageNo: 1, pageSize: 50 })).data;
    expect(before.list.find((r) => r.id === a.id)?.read).toBe(false);

    expect((await post('/api/notice/addReadRecord', seller, { id: a.id })).errorCode).toBe(0);
    expect((await post('/api/notice/addReadRecord', seller, { id: a.id })).errorCode).toBe(0);
    const after = (await post<List>('/api/notice/list', seller, { pageNo: 1, pageSize: 50 })).data;
    expect(after.list.find((r) => r.id === a.id)?.read).toBe(true);
    expect(after.unread).toBe(before.unread - 1);
    // Another seller's read marks are their own.
    const otherList = (await post<List>('/api/notice/list', other, { pageNo: 1, pageSize: 50 })).data;
    expect(otherList.list.find((r) => r.id === a.id)?.read).toBe(false);

    const reads = await rowCount(t.database.db, announcementReads);
    expect(await post('/api/notice/addReadRecord', seller, { id: hidden.id })).toMatchObject({ errorCode: 12001 });
    expect(await post('/api/notice/addReadRecord', seller, { id: 'abc' })).toMatchObject({ errorCode: 400 });
    expect(await rowCount(t.database.db, announcementReads)).toBe(reads);
  });

  it('the operator deletes an announcement; readers no longer see it', async () => {
    const a = await publish({ title: '将删除' });
    expect((await post(`/api/operator/announcements/${a.id}/delete`, operator, {})).errorCode).toBe(0);
    expect((await get(`/api/notice/detail?id=${a.id}`, seller)).errorCode).toBe(12001);
    expect((await post(`/api/operator/announcements/${a.id}/delete`, operator, {})).errorCode).toBe(12001);
  });
});

describe('popups', () => {
  async function popup(body: Record<string, unknown>) {
    const res = await post<{ id: number }>('/api/operator/popups/save', operator, {
      title: '弹窗',
      page: '/home',
      audience: 'SELLER',
      imageUrl: 'https://img.example.com/a.png',
      frequency: 'ONCE',
      startAt: past(),
      endAt: future(),
      ...body,
    });
    expect(res.errorCode, res.errorMsg).toBe(0);
    return res.data;
  }
  const shown = async (s: Session, page: string) => (await get<{ id: number } | null>(`/api/popup/getPopup?page=${encodeURIComponent(page)}`, s)).data;
  const seen = (s: Session, id: number) => post('/api/notice/addReadRecord', s, { id, type: 'POPUP' });

  it('bad input: Chinese reasons, nothing stored', async () => {
    const before = await rowCount(t.database.db, popups);
    const base = { title: '弹窗', page: '/home', audience: 'SELLER', imageUrl: 'https://x/a.png', frequency: 'ONCE', startAt: past(), endAt: future() };
    for (const patch of [
      { imageUrl: 'javascript:alert(1)' },
      { linkUrl: '//evil.example.com' },
      { page: 'home' },
      { frequency: 'HOURLY' },
      { startAt: future(10), endAt: past() },
      { imageUrl: '' },
    ]) {
      const res = await post('/api/operator/popups/save', operator, { ...base, ...patch });
      expect(res.errorCode, JSON.stringify(patch)).not.toBe(0);
      expect(isChinese(res.errorMsg), res.errorMsg).toBe(true);
    }
    expect(await rowCount(t.database.db, popups)).toBe(before);
  });

  it('ONCE: shown until recorded, then never again; only its page, audience and window', async () => {
    const p = await popup({ page: '/order/orderList' });
    await popup({ page: '/order/orderList', audience: 'PURCHASER', title: '采购商弹窗' });
    await popup({ page: '/order/orderList', startAt: future(5), endAt: future(60), title: '未开始' });
    expect((await shown(seller, '/order/orderList'))?.id).toBe(p.id);
    expect(await shown(seller, '/funds/balance')).toBeNull();
    expect(await shown(purchaser, '/order/orderList')).not.toMatchObject({ id: p.id });
    expect((await seen(seller, p.id)).errorCode).toBe(0);
    expect(await shown(seller, '/order/orderList')).toBeNull();
    // Another seller still gets it once.
    expect((await shown(other, '/order/orderList'))?.id).toBe(p.id);
  });

  it('DAILY: again on the next Beijing day; EVERY_VISIT: every time', async () => {
    const daily = await popup({ page: '/funds/balance', frequency: 'DAILY' });
    expect((await shown(seller, '/funds/balance'))?.id).toBe(daily.id);
    await seen(seller, daily.id);
    expect(await shown(seller, '/funds/balance')).toBeNull();
    // Yesterday's showing (Beijing time) makes it due again.
    await t.database.db
      .update(popupViews)
      .set({ lastShownAt: sql`now() - interval '1 day'` })
      .where(and(eq(popupViews.popupId, daily.id), eq(popupViews.userId, seller.userId)));
    expect((await shown(seller, '/funds/balance'))?.id).toBe(daily.id);

    const every = await popup({ page: '/funds/coupon', frequency: 'EVERY_VISIT' });
    await seen(seller, every.id);
    expect((await shown(seller, '/funds/coupon'))?.id).toBe(every.id);
  });

  it('frequency rule by itself', () => {
    const now = new Date('2026-03-02T02:00:00Z'); // 10:00 in Beijing
    expect(popupDue('ONCE', null, now)).toBe(true);
    expect(popupDue('ONCE', new Date('2025-01-01T00:00:00Z'), now)).toBe(false);
    expect(popupDue('DAILY', new Date('2026-03-01T17:00:00Z'), now)).toBe(false); // 01:00 the same Beijing day
    expect(popupDue('DAILY', new Date('2026-03-01T15:00:00Z'), now)).toBe(true); // 23:00 the day before
    expect(popupDue('EVERY_VISIT', now, now)).toBe(true);
  });

  it('a disabled popup is not shown, and a popup the reader cannot see is not recorded', async () => {
    const off = await popup({ page: '/goods/association', enabled: false });
    expect(await shown(seller, '/goods/association')).toBeNull();
    const views = await rowCount(t.database.db, popupViews);
    expect(await seen(seller, off.id)).toMatchObject({ errorCode: 12001 });
    const theirs = await popup({ page: '/goods/association', audience: 'PURCHASER' });
    expect(await seen(seller, theirs.id)).toMatchObject({ errorCode: 12001 });
    expect(await rowCount(t.database.db, popupViews)).toBe(views);
  });
});
