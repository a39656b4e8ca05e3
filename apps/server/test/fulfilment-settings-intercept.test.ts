/**
 * Auto-intercept: a shop order that gets a refund request before it ships stops its dropship
 * order by itself (through the real refund path of the shop sync: upsertRefunds +
 * refreshOrderRefundStates), as the seller's setting says; each action logged once.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { autoInterceptPlatformOrders, autoInterceptShopOrders } from '../src/modules/dropship-orders/change/auto-intercept.service.js';
import { dropshipOrderItems, dropshipOrders } from '../src/modules/dropship-orders/dropship-orders.table.js';
import { checkLedger } from '../src/modules/funds/ledger/ledger.service.js';
import { shopOrders } from '../src/modules/shop-orders/shop-orders.table.js';
import { refreshOrderRefundStates, upsertRefunds } from '../src/modules/shop-orders/shop-refunds.repository.js';
import { draftOf, linkedShopOrder } from './dropship-orders-support.js';
import { balance, callers, type FundsTestApp, fund, orgOf, PAY_PASSWORD, setPayPassword, startFundsApp } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { createSecondSeller, PASSWORD } from './support.js';

let t: FundsTestApp;
let seller: Session;
let other: Session;
let orgId: number;
const { post } = callers(() => t);
const db = () => t.database.db;
let n = 0;

beforeAll(async () => {
  t = await startFundsApp();
  seller = await login(t.app, 'demo_seller');
  const second = await createSecondSeller(db(), 'ai');
  other = await login(t.app, second.username, PASSWORD);
  orgId = await orgOf(db(), seller);
  await setPayPassword(t, seller, DEMO_PASSWORD);
  await fund(db(), orgId, 1_000_000);
});
afterAll(() => t?.close());

/** A placed (and, unless told, paid) dropship order of a two-line shop order. */
async function placed(paid = true) {
  const so = await linkedShopOrder(db(), orgId, [{ costFen: 4000 }, { costFen: 2500 }]);
  const c = await post<{ orders: { id: number }[] }>('/api/b2/post/orders/create', seller, { orders: [draftOf(so.id)] });
  expect(c.errorCode, c.errorMsg).toBe(0);
  const id = c.data.orders[0]?.id as number;
  if (paid) {
    const p = await post('/api/b2/post/orders/pay', seller, {
      orderIds: [id],
      payMethod: 'BALANCE',
      payPassword: PAY_PASSWORD,
      requestKey: `auto-intercept-${++n}`,
    });
    expect(p.errorCode, p.errorMsg).toBe(0);
  }
  const [row] = await db().select().from(shopOrders).where(eq(shopOrders.id, so.id));
  return { so, shopId: row?.shopId as number, orderId: id };
}

/** The buyer asks a refund for the first line, as the shop sync writes it. */
async function refundFirstLine(p: Awaited<ReturnType<typeof placed>>) {
  const now = new Date();
  const target = { orgId, shopId: p.shopId };
  await upsertRefunds(db(), target, [
    {
      platformRefundId: `R${p.so.platformOrderId}`,
      platformOrderId: p.so.platformOrderId,
      platformItemId: `${p.so.platformOrderId}-1`,
      platformStatus: 'WAIT_SELLER_AGREE',
      state: 'REFUNDING',
      refundFen: 9900,
      reason: '不想要了',
      hasGoodReturn: false,
      createdAt: now,
      modifiedAt: now,
    },
  ]);
  await refreshOrderRefundStates(db(), target, [p.so.platformOrderId]);
  return autoInterceptPlatformOrders(db(), target, [p.so.platformOrderId]);
}

const lines = (orderId: number) => db().select().from(dropshipOrderItems).where(eq(dropshipOrderItems.orderId, orderId)).orderBy(dropshipOrderItems.lineNo);
const order = async (id: number) => (await db().select().from(dropshipOrders).where(eq(dropshipOrders.id, id)))[0];
const logs = () =>
  post<{ total: number; list: { orderNo: string; action: string; note: string }[] }>('/api/b2/fulfilment/autoIntercept/logs', seller, {
    pageNo: 1,
    pageSize: 50,
  });

describe('auto-intercept', () => {
  it('by default stops the refunding line of a paid order and refunds its goods; once only', async () => {
    const p = await placed();
    const before = (await balance(db(), orgId)).available;
    expect(await refundFirstLine(p)).toEqual({ canceled: 0, stopped: 1, failed: 0 });
    const [first, second] = await lines(p.orderId);
    expect(first?.takeStatus).toBe('E_STOP_TAKING');
    expect(second?.takeStatus).toBe('WAITING_TAKING');
    expect((await balance(db(), orgId)).available).toBe(before + 4000);
    expect(await autoInterceptShopOrders(db(), orgId, [p.so.id])).toEqual({ canceled: 0, stopped: 0, failed: 0 });
    const l = await logs();
    const orderNo = (await order(p.orderId))?.orderNo;
    expect(l.data.list.filter((x) => x.orderNo === orderNo).map((x) => x.action)).toEqual(['STOP_LINE']);
    expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);
  });

  it('cancels the whole order with scope ORDER, and always cancels an unpaid one', async () => {
    expect((await post('/api/b2/fulfilment/settings/autoIntercept', seller, { enabled: true, scope: 'ORDER' })).errorCode).toBe(0);
    const paid = await placed();
    expect(await refundFirstLine(paid)).toMatchObject({ canceled: 1 });
    expect((await order(paid.orderId))?.status).toBe('CANCELED');
    expect((await post('/api/b2/fulfilment/settings/autoIntercept', seller, { enabled: true, scope: 'LINES' })).errorCode).toBe(0);
    const unpaid = await placed(false);
    expect(await refundFirstLine(unpaid)).toMatchObject({ canceled: 1 });
    expect((await order(unpaid.orderId))?.status).toBe('CANCELED');
  });

  it('does nothing when the seller turned it off, and another seller sees no log', async () => {
    expect((await post('/api/b2/fulfilment/settings/autoIntercept', seller, { enabled: false, scope: 'LINES' })).errorCode).toBe(0);
    const p = await placed();
    expect(await refundFirstLine(p)).toEqual({ canceled: 0, stopped: 0, failed: 0 });
    expect((await lines(p.orderId)).map((l) => l.takeStatus)).toEqual(['WAITING_TAKING', 'WAITING_TAKING']);
    const theirs = await post<{ total: number }>('/api/b2/fulfilment/autoIntercept/logs', other, { pageNo: 1, pageSize: 20 });
    expect(theirs.data.total).toBe(0);
    // Another organisation's call with these shop orders touches nothing of ours.
    expect(
      (
        await db()
          .select()
          .from(dropshipOrders)
          .where(inArray(dropshipOrders.id, [p.orderId]))
      )[0]?.status,
    ).toBe('WAITING_DELIVERING');
  });
});
