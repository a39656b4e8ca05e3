/**
 * Shops beyond the OAuth page: ERP shops by app keys (checked with the emulated ERP), the daily
 * token refresh (and a refused refresh marking the shop EXPIRED), the sync scheduler, the demo
 * mode's re-connection of emulator shops, and the RedBook verify call answered by the platform.
 */
import type { MarketplaceEmulator } from '@dropship/channels';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/modules/jobs/jobs.table.js';
import { encryptSecret } from '../src/modules/shops/shop-secrets.js';
import { clientOfShop, refreshExpiringTokens, refreshShopToken, usableToken } from '../src/modules/shops/shop-tokens.service.js';
import { scheduleDueSyncs } from '../src/modules/shops/shops.jobs.js';
import type { ShopsDeps } from '../src/modules/shops/shops.service.js';
import { shops } from '../src/modules/shops/shops.table.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { addOAuthShop } from './shops-support.js';
import { call, createSecondSeller, envelope, PASSWORD, snapshotCounts } from './support.js';

let t: TestApp;
let seller: Session;
let other: Session;
let emu: MarketplaceEmulator;
let deps: ShopsDeps;

beforeAll(async () => {
  t = await createTestApp();
  seller = await login(t.app, 'demo_seller');
  const second = await createSecondSeller(t.database.db, 'tk');
  other = await login(t.app, second.username, PASSWORD);
  emu = await t.app.channels.emulator();
  deps = { db: t.database.db, channels: t.app.channels, jobs: t.app.jobs };
});
afterAll(() => t?.close());

const db = () => t.database.db;
const shopRow = async (id: number) => (await db().select().from(shops).where(eq(shops.id, id)))[0]!;
const post = async <T = unknown>(url: string, s: Session, payload: unknown) =>
  envelope<T>(await call(t.app, { method: 'POST', url, session: s, payload: payload as Record<string, unknown> }));
const demoShop = async (name: string) => (await db().select().from(shops).where(eq(shops.name, name)))[0]!;

describe('ERP shops', () => {
  let kmId: number;

  it('the add dialog gets the emulated ERP keys in demo mode', async () => {
    const res = envelope<{ channel: string; demoKeys?: { appKey: string } }[]>(await call(t.app, { url: '/api/b2/shops/channels', session: seller }));
    expect(res.data.find((c) => c.channel === 'KM')?.demoKeys?.appKey).toBe(emu.endpointFor('KM').appKey);
    expect(res.data.find((c) => c.channel === 'TAOBAO')?.demoKeys).toBeUndefined();
  });

  it('keys the ERP accepts add the shop, secret encrypted, and queue its sync', async () => {
    const keys = emu.endpointFor('KM');
    const res = await post<{ id: number }>('/api/b2/shops/erp', seller, {
      channel: 'KM',
      shopName: '快麦ERP主店',
      appKey: keys.appKey,
      appSecret: keys.appSecret,
    });
    expect(res.errorCode, res.errorMsg).toBe(0);
    kmId = res.data.id;
    const row = await shopRow(kmId);
    expect(row).toMatchObject({ channel: 'KM', name: '快麦ERP主店', authState: 'AUTHORIZED', appKey: keys.appKey, syncState: 'QUEUED' });
    expect(row.appSecretEnc).toMatch(/^v1\./);
    expect(row.appSecretEnc).not.toContain(keys.appSecret.split(':')[0]!);
    await t.app.jobs.runDue();
    expect(await shopRow(kmId)).toMatchObject({ syncState: 'IDLE', lastSyncResult: 'SUCCESS' });
  });

  it('keys the ERP refuses are refused in Chinese and change nothing', async () => {
    const keys = emu.endpointFor('KM');
    const before = await snapshotCounts(db(), { shops, jobs });
    const res = await post('/api/b2/shops/erp', seller, {
      channel: 'KM',
      shopName: '快麦错误店',
      appKey: keys.appKey,
      appSecret: `wrong:${keys.appSecret.split(':')[1]}`,
    });
    expect(res).toMatchObject({ errorCode: 14058, errorMsg: 'ERP 的 AppKey 或 AppSecret 不正确，请核对后重新填写' });
    expect(await snapshotCounts(db(), { shops, jobs })).toEqual(before);
  });

  it('re-authorizing with new keys keeps the shop; another channel or another seller’s shop is refused', async () => {
    const keys = emu.endpointFor('KM');
    const again = await post<{ id: number }>('/api/b2/shops/erp', seller, {
      id: kmId,
      channel: 'KM',
      shopName: '快麦ERP主店',
      appKey: keys.appKey,
      appSecret: keys.appSecret,
    });
    expect(again.data.id).toBe(kmId);
    const wdt = emu.endpointFor('WDT');
    expect(await post('/api/b2/shops/erp', seller, { id: kmId, channel: 'WDT', shopName: 'x', appKey: wdt.appKey, appSecret: wdt.appSecret })).toMatchObject({
      errorCode: 12002,
    });
    expect(await post('/api/b2/shops/erp', other, { id: kmId, channel: 'KM', shopName: 'x', appKey: keys.appKey, appSecret: keys.appSecret })).toMatchObject({
      errorCode: 12001,
    });
  });
});

describe('token refresh', () => {
  let id: number;
  beforeAll(async () => {
    id = await addOAuthShop(t.app, seller, 'TAOBAO', '令牌刷新店');
  });

  it('refreshes a token with less than 3 days left, keeping the shop authorized', async () => {
    const old = await shopRow(id);
    await db()
      .update(shops)
      .set({ tokenExpiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(shops.id, id));
    expect(await refreshExpiringTokens(deps)).toBeGreaterThanOrEqual(1);
    const fresh = await shopRow(id);
    expect(fresh.accessTokenEnc).not.toBe(old.accessTokenEnc);
    expect(fresh.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 20 * 86_400_000);
    expect(fresh.authState).toBe('AUTHORIZED');
  });

  it('two refreshes of one shop at once (the sync and the daily job, or two processes) make one exchange; the shop stays authorized', async () => {
    const stale = await shopRow(id);
    const client = await clientOfShop(deps, stale);
    expect(client).not.toBeNull();
    // Both read the shop before either exchanged: the platform takes its refresh token once.
    const answers = await Promise.all([refreshShopToken(deps, stale, client!), refreshShopToken(deps, stale, client!)]);
    expect(answers).toEqual([true, true]);
    const fresh = await shopRow(id);
    expect(fresh).toMatchObject({ authState: 'AUTHORIZED', tokenRefreshUntil: null });
    expect(fresh.refreshTokenEnc).not.toBe(stale.refreshTokenEnc);
    // A caller still holding the old row finds the new pair instead of exchanging the spent token.
    expect(await refreshShopToken(deps, stale, client!)).toBe(true);
    expect((await shopRow(id)).accessTokenEnc).toBe(fresh.accessTokenEnc);
    // And the new access token is one the platform takes.
    const token = await usableToken(deps, fresh, client!);
    expect(emu.core('TAOBAO').checkToken(token ?? undefined).ok).toBe(true);
  });

  it("a holder's lease that has passed (a process that died mid-exchange) lets the next caller refresh", async () => {
    await db().execute(sql`update shops set token_refresh_until = now() - interval '1 second' where id = ${id}`);
    const before = await shopRow(id);
    const client = await clientOfShop(deps, before);
    expect(await refreshShopToken(deps, before, client!)).toBe(true);
    const after = await shopRow(id);
    expect(after.refreshTokenEnc).not.toBe(before.refreshTokenEnc);
    expect(after).toMatchObject({ authState: 'AUTHORIZED', tokenRefreshUntil: null });
  });

  it('a refresh token the platform refuses marks the shop EXPIRED for the reminder', async () => {
    await db()
      .update(shops)
      .set({ tokenExpiresAt: new Date(Date.now() + 3_600_000), refreshTokenEnc: await encryptSecret(db(), 'taobao_r_revoked') })
      .where(eq(shops.id, id));
    await refreshExpiringTokens(deps);
    expect(await shopRow(id)).toMatchObject({ authState: 'EXPIRED', lastSyncError: '店铺授权已过期，请重新授权' });
  });
});

describe('scheduler', () => {
  it('enqueues the sync of every active API shop idle for the interval, and no other', async () => {
    const taobao = await demoShop('小美女装旗舰店');
    const pdd = await demoShop('小美拼多多专营店');
    await db()
      .update(shops)
      .set({ syncStartedAt: new Date(Date.now() - 2 * 3_600_000), syncState: 'IDLE' })
      .where(sql`true`);
    await db().update(shops).set({ authState: 'PAUSED' }).where(eq(shops.name, '小美抖音小店'));
    await scheduleDueSyncs(deps);
    const queued = await db()
      .select({ key: jobs.singletonKey })
      .from(jobs)
      .where(and(eq(jobs.kind, 'shops.sync'), eq(jobs.status, 'QUEUED')));
    const keys = queued.map((q) => q.key);
    expect(keys).toContain(`shops.sync:${taobao.id}`);
    expect(keys).not.toContain(`shops.sync:${pdd.id}`);
    expect(keys).not.toContain(`shops.sync:${(await demoShop('小美抖音小店')).id}`);
    expect((await shopRow(taobao.id)).syncState).toBe('QUEUED');
    // A second tick while they wait adds nothing.
    const count = queued.length;
    await scheduleDueSyncs(deps);
    expect(
      await db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'shops.sync'), eq(jobs.status, 'QUEUED'))),
    ).toHaveLength(count);
    await t.app.jobs.runDue();
    await db().update(shops).set({ authState: 'AUTHORIZED' }).where(eq(shops.name, '小美抖音小店'));
  });
});

describe('demo mode and RedBook verify', () => {
  it('the seeded demo shops were connected to the emulator at start (tokens, emulator shop ids), expiry kept', async () => {
    const taobao = await demoShop('小美女装旗舰店');
    expect(taobao.accessTokenEnc).toMatch(/^v1\./);
    expect(emu.shops('TAOBAO').map((s) => s.platformShopId)).toContain(taobao.platformShopId);
    expect(taobao.expireTime!.getTime()).toBeLessThan(Date.now() + 4 * 86_400_000);
    expect((await demoShop('小美拼多多专营店')).accessTokenEnc).toBeNull();
  });

  it('verify asks the platform: a working token is verified, a refused one marks the shop EXPIRED', async () => {
    const redbook = await demoShop('小美的衣橱');
    expect(await post('/api/b2/shop/redBook/verify', seller, { id: redbook.id })).toMatchObject({
      errorCode: 0,
      data: { id: redbook.id, verified: true, ifExpire: false },
    });
    emu.expireTokens('REDBOOK');
    expect(await post('/api/b2/shop/redBook/verify', seller, { id: redbook.id })).toMatchObject({ errorCode: 0, data: { verified: false, ifExpire: true } });
    expect(await shopRow(redbook.id)).toMatchObject({ authState: 'EXPIRED', lastSyncError: '店铺授权已过期，请重新授权' });
    expect((await post('/api/b2/shop/redBook/verify', other, { id: redbook.id })).errorCode).toBe(12001);
  });
});
