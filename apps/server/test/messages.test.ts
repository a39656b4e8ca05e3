/**
 * Station messages: unread count, paged list, marking read by id or all, per-user read state,
 * and messages addressed to someone else staying invisible.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/modules/auth/accounts.js';
import { users } from '../src/modules/auth/auth.table.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { messageReads, messages } from '../src/modules/messages/messages.table.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, envelope, rowCount } from './support.js';

interface Row {
  id: number;
  title: string;
  content: string;
  kind: string;
  read: boolean;
  createdAt: string;
}

let t: TestApp;
let seller: Session;
let colleague: Session;
let purchaser: Session;
let sellerOrgId: number;
let colleagueId: number;

beforeAll(async () => {
  t = await createTestApp();
  seller = await login(t.app, 'demo_seller');
  purchaser = await login(t.app, 'demo_purchaser');
  const [u] = await t.database.db.select({ orgId: users.orgId }).from(users).where(eq(users.id, seller.userId));
  sellerOrgId = u?.orgId ?? 0;
  colleagueId = await createUser(t.database.db, { orgId: sellerOrgId, username: 'seller_colleague', password: DEMO_PASSWORD, isMain: false });
  colleague = await login(t.app, 'seller_colleague');
});
afterAll(() => t?.close());

const unread = async (s: Session) =>
  envelope<{ count: number }>(await call(t.app, { method: 'POST', url: '/api/b2/message/unread/count', session: s, payload: {} })).data.count;
const list = async (s: Session, body: Record<string, unknown> = {}) =>
  envelope<{ total: number; list: Row[] }>(await call(t.app, { method: 'POST', url: '/api/b2/message/list', session: s, payload: body }));
const markRead = async (s: Session, body: Record<string, unknown>) =>
  envelope<{ count: number }>(await call(t.app, { method: 'POST', url: '/api/b2/message/marking/read', session: s, payload: body }));

describe('seeded messages', () => {
  it('the seller has 2 unread messages', async () => {
    const res = envelope(await call(t.app, { method: 'POST', url: '/api/b2/message/unread/count', session: seller, payload: {} }));
    expect(res).toEqual({ errorCode: 0, errorMsg: '成功', data: { count: 2 } });
  });

  it('a bodiless unread-count POST works too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/b2/message/unread/count', headers: seller.headers() });
    expect(envelope(res)).toMatchObject({ errorCode: 0, data: { count: 2 } });
  });

  it('the list has the message fields, newest first, all unread', async () => {
    const res = await list(seller, { pageNo: 1, pageSize: 10 });
    expect(res.errorCode).toBe(0);
    expect(res.data.total).toBe(2);
    expect(res.data.list.map((r) => r.title)).toEqual(['店铺授权即将到期', '欢迎使用代发助手']);
    for (const r of res.data.list) {
      expect(Object.keys(r).sort()).toEqual(['content', 'createdAt', 'id', 'kind', 'read', 'title']);
      expect(r.read).toBe(false);
      expect(new Date(r.createdAt).toISOString()).toBe(r.createdAt);
    }
    expect(res.data.list[0]?.kind).toBe('SHOP');
  });

  it('the organisation-wide message reaches a colleague; the one addressed to demo_seller does not', async () => {
    const res = await list(colleague);
    expect(res.data.list.map((r) => r.title)).toEqual(['欢迎使用代发助手']);
    expect(await unread(colleague)).toBe(1);
  });

  it('a purchaser organisation sees none of them', async () => {
    expect(await unread(purchaser)).toBe(0);
    expect((await list(purchaser)).data).toEqual({ total: 0, list: [] });
  });
});

describe('paging', () => {
  beforeAll(async () => {
    await t.database.db.insert(messages).values(
      Array.from({ length: 25 }, (_, i) => ({
        orgId: sellerOrgId,
        title: `批量消息${i}`,
        content: `内容${i}`,
        createdAt: new Date(Date.now() - (i + 1) * 60_000),
      })),
    );
  });

  it('pages do not overlap and add up to the total', async () => {
    const pages = await Promise.all([1, 2, 3].map((pageNo) => list(seller, { pageNo, pageSize: 10 })));
    expect(pages.map((p) => p.data.total)).toEqual([27, 27, 27]);
    expect(pages.map((p) => p.data.list.length)).toEqual([10, 10, 7]);
    const ids = pages.flatMap((p) => p.data.list.map((r) => r.id));
    expect(new Set(ids).size).toBe(27);
    expect((await list(seller, { pageNo: 4, pageSize: 10 })).data.list).toEqual([]);
  });

  it('an empty body uses page 1 of 10', async () => {
    const res = await list(seller, {});
    expect(res.data.list).toHaveLength(10);
    expect(res.data.total).toBe(27);
  });
});

describe('marking read', () => {
  it('marks the given ids read for this user only', async () => {
    const { data } = await list(seller, { pageNo: 1, pageSize: 3 });
    const ids = data.list.map((r) => r.id);
    const before = await unread(seller);
    const colleagueBefore = await unread(colleague);
    expect(await markRead(seller, { ids: ids.slice(0, 2) })).toEqual({ errorCode: 0, errorMsg: '成功', data: { count: 2 } });
    expect(await unread(seller)).toBe(before - 2);
    expect(await unread(colleague)).toBe(colleagueBefore);
    const after = await list(seller, { pageNo: 1, pageSize: 3 });
    expect(after.data.list.map((r) => r.read)).toEqual([true, true, false]);
    // Again: nothing changes.
    await markRead(seller, { ids: ids.slice(0, 2) });
    expect(await unread(seller)).toBe(before - 2);
  });

  it('unreadOnly lists only unread messages', async () => {
    const res = await list(seller, { pageNo: 1, pageSize: 100, unreadOnly: true });
    expect(res.data.total).toBe(await unread(seller));
    expect(res.data.list.every((r) => !r.read)).toBe(true);
  });

  it('a colleague cannot mark the message addressed to demo_seller', async () => {
    const [personal] = await t.database.db.select().from(messages).where(eq(messages.userId, seller.userId));
    const reads = await rowCount(t.database.db, messageReads);
    expect((await markRead(colleague, { ids: [personal?.id] })).data.count).toBe(0);
    expect(await rowCount(t.database.db, messageReads)).toBe(reads);
    const mine = await t.database.db.select().from(messageReads).where(eq(messageReads.userId, colleagueId));
    expect(mine).toHaveLength(0);
  });

  it('ids that do not exist are ignored', async () => {
    const reads = await rowCount(t.database.db, messageReads);
    expect((await markRead(seller, { ids: [999_999, 888_888] })).data.count).toBe(0);
    expect(await rowCount(t.database.db, messageReads)).toBe(reads);
  });

  it('{all: true} marks everything read', async () => {
    expect(await unread(seller)).toBeGreaterThan(0);
    const res = await markRead(seller, { all: true });
    expect(res.errorCode).toBe(0);
    expect(await unread(seller)).toBe(0);
    expect((await list(seller, { pageSize: 100 })).data.list.every((r) => r.read)).toBe(true);
    expect(await unread(colleague)).toBeGreaterThan(0);
  });

  it('a new message is unread again', async () => {
    await t.database.db.insert(messages).values({ orgId: sellerOrgId, title: '新消息', content: '新的内容' });
    expect(await unread(seller)).toBe(1);
  });
});

describe('bad message requests', () => {
  it('a page size above 100 is refused with the field named', async () => {
    const res = await list(seller, { pageNo: 1, pageSize: 1000 });
    expect(res.errorCode).toBe(400);
    expect(res.errorMsg).toContain('每页条数');
  });

  it('ids that are not a list, or not numbers, are refused', async () => {
    const reads = await rowCount(t.database.db, messageReads);
    const notList = await markRead(seller, { ids: 5 });
    expect(notList.errorCode).toBe(400);
    expect(notList.errorMsg).toContain('消息编号');
    const notNumbers = await markRead(seller, { ids: ['abc'] });
    expect(notNumbers).toMatchObject({ errorCode: 400, errorMsg: '消息编号必须是数字' });
    expect(await rowCount(t.database.db, messageReads)).toBe(reads);
  });

  it('more than 500 ids at once are refused', async () => {
    const res = await markRead(seller, { ids: Array.from({ length: 501 }, (_, i) => i + 1) });
    expect(res).toMatchObject({ errorCode: 400, errorMsg: '消息编号：一次最多标记500条' });
  });
});
