/**
 * Shop order sync against the marketplace emulator: the first sync pulls the orders and refunds,
 * a second run changes nothing (idempotent), the overlap catches a modification that arrived late,
 * rate limits are retried by the client and 5xx by the job, an expired token marks the shop
 * EXPIRED, and the progress call is tenant-scoped.
 */
import { type MarketplaceEmulator, orderRefundState } from '@dropship/channels';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/modules/jobs/jobs.table.js';
import { shopOrderItems, shopOrders, shopRefunds } from '../src/modules/shop-orders/shop-orders.table.js';
import { readAhead, windowsOf } from '../src/modules/shop-orders/shop-sync.service.js';
import { shops } from '../src/modules/shops/shops.table.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { addOAuthShop } from './shops-support.js';
import { call, createSecondSeller, envelope, PASSWORD } from './support.js';

let t: TestApp;
let seller: Session;
let other: Session;
let emu: MarketplaceEmulator;
let shopId: number;
let platformShopId: string;

// Reach back past the emulator's 3 days of seeded history, so the first sync must find all of it.
process.env.SHOP_FIRST_SYNC_DAYS = '4';
// Test files share a worker's process: the next one must see the default again.
afterAll(() => {
  delete process.env.SHOP_FIRST_SYNC_DAYS;
});

beforeAll(async () => {
  t = await createTestApp();
  seller = await login(t.app, 'demo_seller');
  const second = await createSecondSeller(t.database.db, 'sy');
  other = await login(t.app, second.username, PASSWORD);
  emu = await t.app.channels.emulator();
  shopId = await addOAuthShop(t.app, seller, 'TAOBAO', '同步测试店');
  platformShopId = (await shop()).platformShopId!;
});
afterAll(() => t?.close());

const db = () => t.database.db;
async function shop() {
  return (await db().select().from(shops).where(eq(shops.id, shopId)))[0]!;
}
const ordersOfShop = () =>
  db()
    .select({ id: shopOrders.id, platformOrderId: shopOrders.platformOrderId, status: shopOrders.status, sellerRemark: shopOrders.sellerRemark })
    .from(shopOrders)
    .where(eq(shopOrders.shopId, shopId))
    .orderBy(asc(shopOrders.id));
const count = async (table: typeof shopOrders | typeof shopRefunds) =>
  Number((await db().select({ n: sql<number>`count(*)` }).from(table).where(eq(table.shopId, shopId)))[0]?.n ?? 0);
const syncNow = async () =>
  envelope<{ state: string }>(await call(t.app, { method: 'POST', url: '/api/b2/shops/sync', session: seller, payload: { id: shopId } }));
/** Runs the shop's queued sync (and whatever else is due). */
const runJobs = () => t.app.jobs.runDue();

describe('sync', () => {
  it('the first sync pulls every order and refund of the shop, with progress and result on the shop', async () => {
    expect((await shop()).syncState).toBe('QUEUED');
    // Five orders stamped a second apart around where the sync's last two one-day windows will meet
    // (a day before it starts): the platform's window end is inclusive to the second, so one of them
    // comes in both windows, and is still one order seen and written.
    const meet = Date.now() - 24 * 3_600_000;
    for (const [i, o] of emu.orders('TAOBAO', platformShopId).slice(0, 5).entries()) {
      emu.modifyOrder('TAOBAO', o.platformOrderId, { modifiedAt: new Date(meet + (i - 1) * 1000 + 500) });
    }
    await runJobs();
    const truth = emu.orders('TAOBAO', platformShopId);
    expect(truth.length).toBeGreaterThan(20);
    expect(await count(shopOrders)).toBe(truth.length);
    expect(await count(shopRefunds)).toBe(emu.refunds('TAOBAO', platformShopId).length);
    const s = await shop();
    expect(s).toMatchObject({
      syncState: 'IDLE',
      syncProgress: 100,
      lastSyncResult: 'SUCCESS',
      lastSyncError: null,
      syncSeen: truth.length,
      syncWritten: truth.length,
    });
    expect(s.syncCursor!.getTime()).toBeGreaterThan(Date.now() - 60_000);

    // What the platform said is what we hold: lines with spec and outer codes, the receiver as given.
    const sample = truth[0]!;
    const [row] = await db()
      .select()
      .from(shopOrders)
      .where(and(eq(shopOrders.shopId, shopId), eq(shopOrders.platformOrderId, sample.platformOrderId)));
    expect(row).toMatchObject({ status: sample.status, receiverName: sample.receiver.name, paymentFen: sample.paymentFen, source: 'SYNC' });
    const items = await db().select().from(shopOrderItems).where(eq(shopOrderItems.orderId, row!.id));
    expect(items.map((i) => i.platformItemId).sort()).toEqual(sample.items.map((i) => i.platformItemId).sort());
    expect(items[0]!.spec).toBeTruthy();

    const progress = envelope<Record<string, unknown>>(await call(t.app, { url: `/api/b2/shops/${shopId}/sync`, session: seller }));
    expect(progress.data).toMatchObject({ id: shopId, state: 'IDLE', progress: 100, lastResult: 'SUCCESS', seen: truth.length });
  });

  it('refund records set the refund state of their orders', async () => {
    // The generated history holds a few after-sales (REFUNDING, REFUNDED or CLOSED): each order's
    // stored state is the worst of its lines, as the platform shows it.
    const refunds = emu.refunds('TAOBAO', platformShopId);
    expect(refunds.length).toBeGreaterThan(0);
    const byId = new Map(emu.orders('TAOBAO', platformShopId).map((o) => [o.platformOrderId, o]));
    for (const r of refunds) {
      const order = byId.get(r.platformOrderId);
      if (!order) continue; // an order the platform no longer lists (unpaid) is not synced
      const [row] = await db()
        .select({ refundState: shopOrders.refundState })
        .from(shopOrders)
        .where(and(eq(shopOrders.shopId, shopId), eq(shopOrders.platformOrderId, r.platformOrderId)));
      expect(row?.refundState, r.platformOrderId).toBe(orderRefundState(order));
      expect(row?.refundState).not.toBe('NONE');
    }
  });

  it('is idempotent: a second run leaves the same rows', async () => {
    const before = await ordersOfShop();
    const refunds = await count(shopRefunds);
    expect((await syncNow()).data.state).toBe('QUEUED');
    await runJobs();
    expect(await ordersOfShop()).toEqual(before);
    expect(await count(shopRefunds)).toBe(refunds);
    expect((await shop()).lastSyncResult).toBe('SUCCESS');
  });

  it('sync now twice is one job: a shop syncs one run at a time', async () => {
    const key = `shops.sync:${shopId}`;
    await syncNow();
    await syncNow();
    const waiting = await db()
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.singletonKey, key), sql`status in ('QUEUED', 'RUNNING')`));
    expect(waiting).toHaveLength(1);
    await runJobs();
  });

  it('the overlap catches a change stamped before the cursor (it reached the platform late), and new orders come in', async () => {
    const cursor = (await shop()).syncCursor!;
    const late = emu.orders('TAOBAO', platformShopId)[5]!;
    emu.modifyOrder('TAOBAO', late.platformOrderId, {
      sellerRemark: '晚到的卖家备注',
      modifiedAt: new Date(Math.floor((cursor.getTime() - 120_000) / 1000) * 1000),
    });
    // New orders stamped within the last minute: after the last sync, as they would be on the platform.
    emu.core('TAOBAO').addOrders(platformShopId, 5, 60_000);
    // The platform lists only some of them (unpaid orders stay out of Taobao's sold list): compare with what it lists.
    const listed = emu.orders('TAOBAO', platformShopId);
    await syncNow();
    await runJobs();
    expect(await count(shopOrders)).toBe(listed.length);
    const [row] = await db()
      .select({ sellerRemark: shopOrders.sellerRemark })
      .from(shopOrders)
      .where(and(eq(shopOrders.shopId, shopId), eq(shopOrders.platformOrderId, late.platformOrderId)));
    expect(row?.sellerRemark).toBe('晚到的卖家备注');
    expect((await ordersOfShop()).map((o) => o.platformOrderId).sort()).toEqual(listed.map((o) => o.platformOrderId).sort());
  });

  it('a rate limit is retried by the client and the sync succeeds', async () => {
    emu.failNext('TAOBAO', 'RATE_LIMITED', 2);
    emu.core('TAOBAO').addOrders(platformShopId, 3, 60_000);
    await syncNow();
    await runJobs();
    expect(await count(shopOrders)).toBe(emu.orders('TAOBAO', platformShopId).length);
    expect((await shop()).lastSyncResult).toBe('SUCCESS');
  });

  it('a platform error that outlasts the client’s retries is retried by the job later, from the same cursor', async () => {
    const cursor = (await shop()).syncCursor;
    emu.failNext('TAOBAO', 'SERVER_ERROR', 4);
    await syncNow();
    await runJobs();
    const failed = await shop();
    expect(failed).toMatchObject({ syncState: 'QUEUED', lastSyncResult: 'FAILED' });
    expect(failed.lastSyncError).toContain('稍后自动重试');
    expect(failed.syncCursor).toEqual(cursor);
    const [job] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.singletonKey, `shops.sync:${shopId}`), eq(jobs.status, 'QUEUED')));
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
    await db().update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await runJobs();
    expect(await shop()).toMatchObject({ syncState: 'IDLE', lastSyncResult: 'SUCCESS', lastSyncError: null });
  });

  it('another seller cannot read or start this shop’s sync', async () => {
    expect(envelope(await call(t.app, { url: `/api/b2/shops/${shopId}/sync`, session: other })).errorCode).toBe(12001);
    expect(envelope(await call(t.app, { method: 'POST', url: '/api/b2/shops/sync', session: other, payload: { id: shopId } })).errorCode).toBe(12001);
  });

  it('a token the platform refuses marks the shop EXPIRED with a Chinese reason, shown by the reminder, and is not retried', async () => {
    emu.expireTokens('TAOBAO');
    await syncNow();
    await runJobs();
    const s = await shop();
    expect(s).toMatchObject({ authState: 'EXPIRED', syncState: 'IDLE', lastSyncResult: 'FAILED', lastSyncError: '店铺授权已过期，请重新授权' });
    expect(s.expireTime!.getTime()).toBeLessThanOrEqual(Date.now());
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `shops.sync:${shopId}`))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(job).toMatchObject({ status: 'DONE', attempts: 1 });
    const popup = envelope<{ id: number; ifExpire: boolean; leftDays: number }[]>(
      await call(t.app, { method: 'POST', url: '/api/b2/takePopup/getShopAuthPopup', session: seller, payload: {} }),
    );
    expect(popup.data.find((r) => r.id === shopId)).toMatchObject({ ifExpire: true, leftDays: 0 });
    expect((await syncNow()).errorCode).toBe(14060);
  });
});

describe('paging helpers', () => {
  it('windows never exceed the channel’s span and cover the range exactly', () => {
    const from = new Date('2026-11-20T00:00:00Z');
    const to = new Date('2026-11-20T01:10:00Z');
    const w = windowsOf(from, to, 30 * 60_000);
    expect(w.map(([a, b]) => [a.toISOString().slice(11, 16), b.toISOString().slice(11, 16)])).toEqual([
      ['00:00', '00:30'],
      ['00:30', '01:00'],
      ['01:00', '01:10'],
    ]);
  });

  it('readAhead asks for the next page while the current one is handled, in order, and passes errors on', async () => {
    const asked: number[] = [];
    async function* pages() {
      for (let i = 1; i <= 3; i++) {
        asked.push(i);
        yield [i];
      }
      throw new Error('第4页失败');
    }
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const p of readAhead(pages())) {
          seen.push(p[0]!);
          expect(asked.length).toBe(Math.min(p[0]! + 1, 3));
        }
      })(),
    ).rejects.toThrow('第4页失败');
    expect(seen).toEqual([1, 2, 3]);
  });
});
