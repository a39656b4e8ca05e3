/**
 * Shared by the warehouse and ship-back tests: a test app with the seller funded and the purchaser's
 * warehouse set up, paid dropship orders (from the demo TAOBAO shop, or from an order of the
 * marketplace emulator), and — tests only — a take item put into a taking status by SQL, standing in
 * for the picker's marking.
 */
import { type MarketplaceChannel, type MarketplaceEmulator, type NormalizedOrder, waybillReceiverHandle } from '@dropship/channels';
import { FULFILMENT_DEFAULTS } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.js';
import { queryRows } from '../src/db/rows.js';
import { createOrganisation, createUser } from '../src/modules/auth/accounts.js';
import { payWithBalance } from '../src/modules/dropship-orders/pay/pay.service.js';
import { suppliers } from '../src/modules/goods/goods.table.js';
import { writeLinks } from '../src/modules/goods/link-writer.js';
import { findSkuIdsByRefs } from '../src/modules/goods/shop-skus.repository.js';
import { upsertShopOrders } from '../src/modules/shop-orders/shop-orders.service.js';
import type { Caller } from '../src/plugins/auth.js';
import { draftOf, type LineSpec, linkedShopOrder, type RECEIVER } from './dropship-orders-support.js';
import { callers, fund, orgOf } from './funds-payments-support.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { PASSWORD } from './support.js';

export interface WarehouseWorld {
  t: TestApp;
  seller: Session;
  purchaser: Session;
  sellerOrg: number;
  purchaserOrg: number;
  post<T = unknown>(url: string, s: Session | undefined, payload?: unknown): Promise<{ errorCode: number; errorMsg: string; data: T }>;
  get<T = unknown>(url: string, s?: Session): Promise<{ errorCode: number; errorMsg: string; data: T }>;
}

export const WAREHOUSE = { slotFrom: 1, slotTo: 50, senderPhone: '13900139000', senderAddress: '广东省广州市越秀区十三行路1号新中国大厦' };

/** The seller's 订单履约策略 (decision 0019): merge and wait rules, saved through the seller's own call. */
export async function setStrategy(
  w: Pick<WarehouseWorld, 'post'>,
  seller: Session,
  change: { mergeSameReceiver?: boolean; waitMode?: 'WAIT_ALL' | 'SHIP_TAKEN' },
) {
  const value = { ...FULFILMENT_DEFAULTS.orderFulfillmentStrategy, ...change };
  const r = await w.post('/api/b2/fulfilment/settings/orderFulfillmentStrategy', seller, value);
  expect(r.errorCode, r.errorMsg).toBe(0);
}

/**
 * The seller funded, the warehouse set up. `merge` false (the default here) turns the seller's
 * 合并同一收货人的订单 off: every order of these worlds goes to the same test receiver, and the tests
 * using them describe one order's own path; warehouse-merge.test.ts turns it on.
 */
export async function startWarehouseWorld(o: { merge?: boolean } = {}): Promise<WarehouseWorld> {
  const t = await createTestApp();
  const seller = await login(t.app, 'demo_seller');
  const purchaser = await login(t.app, 'demo_purchaser');
  const db = t.database.db;
  const sellerOrg = await orgOf(db, seller);
  const purchaserOrg = await orgOf(db, purchaser);
  await fund(db, sellerOrg, 5_000_000);
  const { get, post } = callers(() => t);
  const w: WarehouseWorld = { t, seller, purchaser, sellerOrg, purchaserOrg, get, post };
  const r = await post('/api/b2/purchaser/warehouse/setting', purchaser, WAREHOUSE);
  expect(r.errorCode, r.errorMsg).toBe(0);
  await setStrategy(w, seller, { mergeSameReceiver: o.merge ?? false });
  return w;
}

/** A second purchaser organisation with its own main account, signed in. */
export async function secondPurchaser(w: WarehouseWorld): Promise<Session> {
  const orgId = await createOrganisation(w.t.database.db, { type: 'purchaser', name: '第二采购商仓库' });
  await createUser(w.t.database.db, { orgId, username: 'wh_purchaser_two', password: PASSWORD, isMain: true });
  return login(w.t.app, 'wh_purchaser_two', PASSWORD);
}

let keySeq = 0;
/** Who places the order: the world's seller unless another one (with its own funded org) is given. */
export interface OrderOptions {
  receiver?: typeof RECEIVER;
  seller?: { session: Session; orgId: number };
}
const sellerCaller = (w: WarehouseWorld, o: OrderOptions): Caller => ({
  userId: (o.seller?.session ?? w.seller).userId,
  orgId: o.seller?.orgId ?? w.sellerOrg,
  orgType: 'seller',
  isMain: true,
  sessionId: 0,
});

/** Places and pays a dropship order for a shop order; answers the order and its take codes in line order. */
async function placeAndPay(w: WarehouseWorld, shopOrderId: number, expressCode = 'ZTO', o: OrderOptions = {}) {
  const r = await w.post<{ orders: { id: number; orderNo: string }[] }>('/api/b2/post/orders/create', o.seller?.session ?? w.seller, {
    orders: [draftOf(shopOrderId, { expressCode, ...(o.receiver ? { receiver: o.receiver } : {}) })],
  });
  expect(r.errorCode, r.errorMsg).toBe(0);
  const order = r.data.orders[0] as { id: number; orderNo: string };
  await payWithBalance(w.t.database.db, sellerCaller(w, o), [order.id], `wh-pay-${Date.now()}-${++keySeq}`);
  const codes = await queryRows<{ take_code: string }>(
    w.t.database.db,
    sql`select t.take_code from take_items t join dropship_order_items i on i.id = t.order_item_id where t.order_id = ${order.id} order by i.line_no`,
  );
  return { ...order, codes: codes.map((c) => c.take_code) };
}

/** A paid order from the demo TAOBAO shop (or the other seller's TAOBAO shop) with one line per spec. */
export async function paidOrder(w: WarehouseWorld, lines: LineSpec[] = [{ costFen: 3000 }], expressCode = 'ZTO', o: OrderOptions = {}) {
  const so = await linkedShopOrder(w.t.database.db, o.seller?.orgId ?? w.sellerOrg, lines);
  return placeAndPay(w, so.id, expressCode, o);
}

/**
 * A paid order placed from an order that exists on the marketplace emulator (so ship-back can reach it),
 * stored as the sync stores it. The seller types the receiver, or (`platformReceiver`) places it with
 * the platform's encrypted one as the preview shows it.
 */
export async function paidPlatformOrder(
  w: WarehouseWorld,
  shopId: number,
  order: NormalizedOrder,
  channel = 'TAOBAO',
  opts: { platformReceiver?: boolean } = {},
) {
  const db = w.t.database.db;
  await upsertShopOrders(db, { orgId: w.sellerOrg, shopId, channel, source: 'SYNC' }, [order]);
  const skuIds = await findSkuIdsByRefs(
    db,
    w.sellerOrg,
    order.items.map((i) => ({ channel, itemId: i.itemId, skuId: i.skuId })),
  );
  const [supplier] = await db
    .insert(suppliers)
    .values({
      orgId: w.sellerOrg,
      name: `回传档口${++keySeq}`,
      market: '广州十三行',
      building: '新中国大厦',
      floor: '2楼',
      stallNo: `H${keySeq}`,
      marketArea: '十三行',
    })
    .returning();
  const proposals = skuIds.map((id, i) => ({
    shopSkuId: id as number,
    supplierId: supplier!.id,
    artNo: `R${keySeq}${i}`,
    color: '白色',
    size: 'L',
    costFen: 2000,
  }));
  await writeLinks(db, w.sellerOrg, proposals, { source: 'SEED', userId: null, overwrite: true }, () => supplier!.name);
  const [row] = await queryRows<{ id: string | number }>(
    db,
    sql`select id from shop_orders where org_id = ${w.sellerOrg} and platform_order_id = ${order.platformOrderId}`,
  );
  if (!opts.platformReceiver) return placeAndPay(w, Number(row?.id));
  const p = await w.post<{ orders: { receiver: Record<string, unknown> }[] }>('/api/b2/post/orders/preview', w.seller, { shopOrderIds: [Number(row?.id)] });
  expect(p.errorCode, p.errorMsg).toBe(0);
  const receiver = p.data.orders[0]?.receiver;
  expect(receiver?.encrypted).toBe(true);
  return placeAndPay(w, Number(row?.id), 'ZTO', { receiver: receiver as unknown as typeof RECEIVER });
}

/**
 * A fresh order of the shop on the marketplace emulator that the platform would issue an e-waybill
 * for (the emulator's own truth says it can ship, nothing refunded, an encrypted receiver handle).
 */
export function shippableEmulatorOrder(emu: MarketplaceEmulator, channel: MarketplaceChannel, platformShopId: string, count = 20): NormalizedOrder {
  const core = emu.core(channel);
  const order = (emu.addOrders(channel, platformShopId, count) as NormalizedOrder[]).find((o) => {
    const truth = core.orders.get(o.platformOrderId)?.order;
    return (
      truth &&
      core.canShip(truth) &&
      o.status === 'WAIT_SELLER_SEND' &&
      o.items.every((i) => i.refundState === 'NONE') &&
      waybillReceiverHandle(o) !== undefined
    );
  });
  if (!order) throw new Error(`no shippable ${channel} order`);
  return order;
}

/**
 * TEST ONLY: puts a take item (and its order line's mirror) into a taking status by SQL, as the
 * picker's marking would, so warehouse tests do not depend on the picking calls.
 */
export async function setTakeStatus(db: Db, takeCode: string, takingStatus: string, assignmentStatus = takingStatus) {
  await db.execute(sql`update take_items set taking_status = ${takingStatus}, assignment_status = ${assignmentStatus},
    took_quantity = case when ${takingStatus} = 'TOOK' then quantity else took_quantity end where take_code = ${takeCode}`);
  await db.execute(
    sql`update dropship_order_items d set take_status = ${takingStatus} from take_items t where t.take_code = ${takeCode} and d.id = t.order_item_id`,
  );
}

export const tookAll = async (db: Db, codes: string[]) => {
  for (const c of codes) await setTakeStatus(db, c, 'TOOK');
};

export async function orderRow(db: Db, id: number) {
  const [r] = await queryRows<{ status: string; combined_status: string; courier_code: string | null; tracking_no: string | null; delivered_at: Date | null }>(
    db,
    sql`select status, combined_status, courier_code, tracking_no, delivered_at from dropship_orders where id = ${id}`,
  );
  return r;
}
