/**
 * Shop authorization (/basicSet/shopAuthorization): the list, the OAuth round trip against the
 * marketplace emulator (single-use signed state, cancel, re-authorize), OTHER shops, pause / resume
 * / remove, tokens encrypted at rest, bad input, permissions and tenant isolation.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/modules/jobs/jobs.table.js';
import { shopOAuthStates, shops } from '../src/modules/shops/shops.table.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { addOAuthShop, authorizeUrl, callback, consent } from './shops-support.js';
import { call, createSecondSeller, envelope, isChinese, PASSWORD, snapshotCounts } from './support.js';

let t: TestApp;
let seller: Session;
let other: Session;
let purchaser: Session;
let sellerOrgId: number;
let otherShopId: number;

beforeAll(async () => {
  t = await createTestApp();
  const second = await createSecondSeller(t.database.db, 'sh');
  otherShopId = second.expiringShopId;
  seller = await login(t.app, 'demo_seller');
  other = await login(t.app, second.username, PASSWORD);
  purchaser = await login(t.app, 'demo_purchaser');
  const [row] = await t.database.db.select({ orgId: shops.orgId }).from(shops).where(eq(shops.name, '小美女装旗舰店'));
  sellerOrgId = row!.orgId;
});
afterAll(() => t?.close());

const post = async <T = unknown>(url: string, s: Session, payload: unknown = {}) =>
  envelope<T>(await call(t.app, { method: 'POST', url, session: s, payload: payload as Record<string, unknown> }));
const get = async <T = unknown>(url: string, s: Session) => envelope<T>(await call(t.app, { url, session: s }));
const tables = () => snapshotCounts(t.database.db, { shops, shopOAuthStates, jobs });
const shopRow = async (id: number) => (await t.database.db.select().from(shops).where(eq(shops.id, id)))[0]!;

interface Row {
  id: number;
  name: string;
  channel: string;
  authState: string;
  leftDays: number | null;
  ifExpire: boolean;
  expireTime: string | null;
  lastAuthTime: string | null;
  sync: { state: string; lastResult: string | null };
}
const list = async (s: Session = seller, body: unknown = {}) => (await post<Row[]>('/api/b2/shops/list', s, body)).data;

describe('list', () => {
  it('shows the demo shops with state, days left floored at 0, expiry flag and sync state', async () => {
    const rows = await list();
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName.小美女装旗舰店).toMatchObject({ channel: 'TAOBAO', authState: 'AUTHORIZED', leftDays: 2, ifExpire: false });
    expect(byName.小美拼多多专营店).toMatchObject({ channel: 'PDD', authState: 'EXPIRED', leftDays: 0, ifExpire: true });
    expect(byName.小美女装旗舰店!.sync).toMatchObject({ state: 'IDLE', lastResult: null });
    expect(rows.every((r) => r.lastAuthTime && r.expireTime)).toBe(true);
  });

  it('filters by channel and name; another seller sees only its own shops', async () => {
    expect((await list(seller, { channel: 'PDD' })).map((r) => r.name)).toEqual(['小美拼多多专营店']);
    expect((await list(seller, { keyword: '抖音' })).map((r) => r.name)).toEqual(['小美抖音小店']);
    const theirs = await list(other);
    expect(theirs.map((r) => r.id)).toContain(otherShopId);
    expect(theirs.some((r) => r.name.startsWith('小美'))).toBe(false);
  });

  it('the channels the add dialog offers: how each is added and whether it is configured', async () => {
    const res = await get<{ channel: string; authKind: string; configured: boolean }[]>('/api/b2/shops/channels', seller);
    const by = Object.fromEntries(res.data.map((c) => [c.channel, c]));
    expect(by.TAOBAO).toMatchObject({ authKind: 'oauth', configured: true });
    expect(by.KM).toMatchObject({ authKind: 'appKey' });
    expect(by.OTHER).toMatchObject({ authKind: 'none', configured: true });
  });

  it('exports the list as a spreadsheet', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/b2/shops/export', session: seller, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('a purchaser may not call the shop calls (403)', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/b2/shops/list', session: purchaser, payload: {} });
    expect(res.statusCode).toBe(403);
  });
});

describe('OAuth round trip against the emulator', () => {
  let newShopId: number;

  it('authorize answers the consent page address with a signed state and the shop name for the emulator', async () => {
    const url = new URL(await authorizeUrl(t.app, seller, 'TAOBAO', '测试淘宝新店'));
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(url.searchParams.get('shop')).toBe('测试淘宝新店');
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/api\/b2\/shops\/oauth\/callback\/TAOBAO$/);
  });

  it('授权 on the consent page adds the shop, tokens encrypted, and queues its first sync', async () => {
    const before = await tables();
    newShopId = await addOAuthShop(t.app, seller, 'TAOBAO', '测试淘宝新店');
    const row = await shopRow(newShopId);
    expect(row).toMatchObject({ orgId: sellerOrgId, channel: 'TAOBAO', name: '测试淘宝新店', authState: 'AUTHORIZED', syncState: 'QUEUED' });
    expect(row.accessTokenEnc).toMatch(/^v1\./);
    expect(row.accessTokenEnc).not.toContain('taobao_');
    expect(row.expireTime!.getTime()).toBeGreaterThan(Date.now() + 50 * 86_400_000);
    const after = await tables();
    expect(after.shops).toBe(before.shops! + 1);
    expect(after.jobs).toBe(before.jobs! + 1);
    const listed = (await list()).find((r) => r.id === newShopId);
    expect(listed).toMatchObject({ authState: 'AUTHORIZED', ifExpire: false, sync: { state: 'QUEUED' } });
    expect(listed!.leftDays).toBeGreaterThanOrEqual(59);
  });

  it('the state is single-use: replaying the redirect changes nothing and says why in Chinese', async () => {
    const back = await consent(await authorizeUrl(t.app, seller, 'TAOBAO', '测试淘宝新店'));
    expect((await callback(t.app, back)).searchParams.get('authorized')).toBe(String(newShopId));
    const before = await tables();
    const replay = await callback(t.app, back);
    expect(replay.pathname).toBe('/basicSet/shopAuthorization');
    expect(replay.searchParams.get('authError')).toContain('授权链接已失效');
    expect(await tables()).toEqual(before);
  });

  it('a forged, expired or other-channel state and a refused consent add nothing', async () => {
    const before = await tables();
    const forged = await consent(await authorizeUrl(t.app, seller, 'TAOBAO'));
    forged.searchParams.set('state', `${forged.searchParams.get('state')!.split('.')[0]}.forged`);
    expect((await callback(t.app, forged)).searchParams.get('authError')).toContain('授权链接已失效');

    const late = await consent(await authorizeUrl(t.app, seller, 'TAOBAO'));
    await t.database.db.update(shopOAuthStates).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await callback(t.app, late)).searchParams.get('authError')).toContain('授权链接已失效');

    const wrongChannel = await consent(await authorizeUrl(t.app, seller, 'TAOBAO'));
    wrongChannel.pathname = wrongChannel.pathname.replace(/TAOBAO$/, 'PDD');
    expect((await callback(t.app, wrongChannel)).searchParams.get('authError')).toContain('授权链接已失效');

    const cancelled = await consent(await authorizeUrl(t.app, seller, 'TAOBAO'), '取消');
    expect((await callback(t.app, cancelled)).searchParams.get('authError')).toContain('已取消授权');

    const noState = await t.app.inject({ method: 'GET', url: '/api/b2/shops/oauth/callback/TAOBAO?code=abc' });
    expect(noState.statusCode).toBe(302);
    const after = await tables();
    expect(after.shops).toBe(before.shops);
    expect(after.jobs).toBe(before.jobs);
  });

  it('re-authorize keeps the shop (same id) and refreshes its authorization; another shop is refused', async () => {
    await t.database.db
      .update(shops)
      .set({ lastAuthTime: new Date(Date.now() - 20 * 86_400_000), authState: 'EXPIRED' })
      .where(eq(shops.id, newShopId));
    const r = await post<{ authorizeUrl: string }>('/api/b2/shops/reauthorize', seller, { id: newShopId });
    expect(r.errorCode).toBe(0);
    const back = await callback(t.app, await consent(r.data.authorizeUrl));
    expect(back.searchParams.get('authorized')).toBe(String(newShopId));
    const row = await shopRow(newShopId);
    expect(row.authState).toBe('AUTHORIZED');
    expect(row.lastAuthTime!.getTime()).toBeGreaterThan(Date.now() - 60_000);

    const wrong = await post<{ authorizeUrl: string }>('/api/b2/shops/reauthorize', seller, { id: newShopId });
    const url = new URL(wrong.data.authorizeUrl);
    url.searchParams.set('shop', '别人家的淘宝店');
    const refused = await callback(t.app, await consent(url.toString()));
    expect(refused.searchParams.get('authError')).toContain('不是要重新授权的店铺');
  });

  it('removing keeps the row for its orders; authorizing the same platform shop brings it back', async () => {
    expect((await post('/api/b2/shops/remove', seller, { id: newShopId })).errorCode).toBe(0);
    expect((await list()).map((r) => r.id)).not.toContain(newShopId);
    const removed = await shopRow(newShopId);
    expect(removed.removedAt).not.toBeNull();
    expect(removed.accessTokenEnc).toBeNull();
    expect(await addOAuthShop(t.app, seller, 'TAOBAO', '测试淘宝新店')).toBe(newShopId);
    expect((await list()).map((r) => r.id)).toContain(newShopId);
  });
});

describe('pause, resume, OTHER shops', () => {
  const popupIds = async () => (await post<{ id: number }[]>('/api/b2/takePopup/getShopAuthPopup', seller)).data.map((r) => r.id);
  let taobaoId: number;
  beforeAll(async () => {
    taobaoId = (await list()).find((r) => r.name === '小美女装旗舰店')!.id;
  });

  it('pause hides the shop from the reminder and refuses sync now; resume brings both back', async () => {
    expect(await popupIds()).toContain(taobaoId);
    expect(await post('/api/b2/shops/pause', seller, { id: taobaoId })).toEqual({ errorCode: 0, errorMsg: '成功', data: null });
    expect((await list()).find((r) => r.id === taobaoId)?.authState).toBe('PAUSED');
    expect(await popupIds()).not.toContain(taobaoId);
    expect(await post('/api/b2/shops/sync', seller, { id: taobaoId })).toMatchObject({ errorCode: 14054 });
    expect(await post('/api/b2/shops/pause', seller, { id: taobaoId })).toMatchObject({ errorCode: 12002, errorMsg: '店铺已经是暂停状态' });
    expect((await post('/api/b2/shops/resume', seller, { id: taobaoId })).errorCode).toBe(0);
    expect((await list()).find((r) => r.id === taobaoId)?.authState).toBe('AUTHORIZED');
    expect(await popupIds()).toContain(taobaoId);
    expect(await post('/api/b2/shops/resume', seller, { id: taobaoId })).toMatchObject({ errorCode: 12002 });
  });

  it('an expired shop cannot sync until it is authorized again', async () => {
    const pdd = (await list()).find((r) => r.channel === 'PDD')!;
    expect(await post('/api/b2/shops/sync', seller, { id: pdd.id })).toMatchObject({ errorCode: 14060, errorMsg: '店铺授权已过期，请先重新授权再同步' });
  });

  it('an OTHER shop is a name for imports: no expiry, no sync, names unique', async () => {
    const r = await post<{ id: number }>('/api/b2/shops/other', seller, { shopName: '线下批发客户' });
    expect(r.errorCode).toBe(0);
    const row = (await list()).find((x) => x.id === r.data.id);
    expect(row).toMatchObject({ channel: 'OTHER', authState: 'AUTHORIZED', leftDays: null, ifExpire: false, expireTime: null });
    expect(await post('/api/b2/shops/sync', seller, { id: r.data.id })).toMatchObject({ errorCode: 14055 });
    expect(await post('/api/b2/shops/reauthorize', seller, { id: r.data.id })).toMatchObject({ errorCode: 14055 });
    const before = await tables();
    expect(await post('/api/b2/shops/other', seller, { shopName: '线下批发客户' })).toMatchObject({
      errorCode: 14057,
      errorMsg: '已有同名店铺，请换一个店铺名称',
    });
    expect(await tables()).toEqual(before);
  });
});

describe('bad input: a Chinese message and nothing changed', () => {
  const cases: [string, string, unknown, RegExp][] = [
    ['unknown channel', '/api/b2/shops/authorize', { channel: 'NOPE' }, /平台/],
    ['no channel', '/api/b2/shops/authorize', {}, /平台/],
    ['shop name too long', '/api/b2/shops/authorize', { channel: 'TAOBAO', shopName: '店'.repeat(51) }, /店铺名称不能超过50个字符/],
    ['an ERP through OAuth', '/api/b2/shops/authorize', { channel: 'KM' }, /AppKey/],
    ['OTHER through OAuth', '/api/b2/shops/authorize', { channel: 'OTHER' }, /其他店铺请直接填写店铺名称/],
    ['ERP of a marketplace channel', '/api/b2/shops/erp', { channel: 'TAOBAO', shopName: 'x', appKey: 'k', appSecret: 's' }, /快麦ERP/],
    ['ERP without a secret', '/api/b2/shops/erp', { channel: 'KM', shopName: 'x', appKey: 'k' }, /请输入AppSecret/],
    ['OTHER without a name', '/api/b2/shops/other', { shopName: '  ' }, /请输入店铺名称/],
    ['pause without an id', '/api/b2/shops/pause', {}, /请输入编号/],
    ['sync with a text id', '/api/b2/shops/sync', { id: 'abc' }, /编号必须是数字/],
    ['remove with a negative id', '/api/b2/shops/remove', { id: -1 }, /编号必须大于0/],
    ['list with an unknown channel', '/api/b2/shops/list', { channel: 'XX' }, /平台/],
    ['export with a name too long', '/api/b2/shops/export', { keyword: '店'.repeat(51) }, /店铺名称不能超过50个字符/],
  ];
  for (const [name, url, body, msg] of cases) {
    it(name, async () => {
      const before = await tables();
      const res = await post(url, seller, body);
      expect(res.errorCode, JSON.stringify(res)).not.toBe(0);
      expect(res.errorMsg).toMatch(msg);
      expect(isChinese(res.errorMsg)).toBe(true);
      expect(await tables()).toEqual(before);
    });
  }

  it('a bad sync-progress id and a bad callback channel', async () => {
    expect((await get('/api/b2/shops/abc/sync', seller)).errorMsg).toMatch(/店铺编号/);
    const res = envelope(await t.app.inject({ method: 'GET', url: '/api/b2/shops/oauth/callback/NOPE?code=1&state=2' }));
    expect(res.errorCode).toBe(400);
    expect(res.errorMsg).toMatch(/平台/);
  });
});

describe('tenant isolation: another seller’s shop is "not found" and unchanged', () => {
  for (const [url, body] of [
    ['/api/b2/shops/pause', {}],
    ['/api/b2/shops/resume', {}],
    ['/api/b2/shops/remove', {}],
    ['/api/b2/shops/sync', {}],
    ['/api/b2/shops/reauthorize', {}],
    ['/api/b2/shops/erp', { channel: 'KM', shopName: '改名', appKey: 'k', appSecret: 's' }],
  ] as const) {
    it(url, async () => {
      const before = await shopRow(otherShopId);
      const res = await post(url, seller, { ...body, id: otherShopId });
      expect(res).toMatchObject({ errorCode: 12001, errorMsg: '店铺不存在' });
      expect(await shopRow(otherShopId)).toEqual(before);
    });
  }

  it('sync progress', async () => {
    expect((await get(`/api/b2/shops/${otherShopId}/sync`, seller)).errorCode).toBe(12001);
    expect((await get(`/api/b2/shops/${otherShopId}/sync`, other)).errorCode).toBe(0);
  });

  it('an OAuth state started by one seller stores the shop for that seller only', async () => {
    const id = await addOAuthShop(t.app, other, 'TAOBAO', '第二卖家的淘宝店');
    const [row] = await t.database.db
      .select()
      .from(shops)
      .where(and(eq(shops.id, id)));
    expect(row!.orgId).not.toBe(sellerOrgId);
    expect((await list()).map((r) => r.id)).not.toContain(id);
  });
});
