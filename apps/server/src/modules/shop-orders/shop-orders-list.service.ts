/**
 * The shop-order list, detail and export. Lists and exports mask the receiver's name and phone
 * (SPEC.md section 5); the detail keeps them as the platform gave them (masked where the platform
 * masks; docs/decisions/0006-shops.md).
 */
import {
  type Channel,
  ErrorCode,
  maskName,
  maskPhone,
  SHOP_ORDERS_COUNT_CAP,
  SHOP_ORDERS_EXPORT_MAX_ROWS,
  type ShopOrderDetail,
  type ShopOrderItemRow,
  type ShopOrderRow,
  ShopOrderStatus,
  type ShopOrderStatusCount,
  type ShopOrdersFilter,
  type ShopOrdersPageBody,
} from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { plainReceiverOf } from '../../lib/receiver-vault/index.js';
import type { Caller } from '../../plugins/auth.js';
import * as repo from './shop-orders-list.repository.js';
import { refundsOfOrder } from './shop-refunds.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toItem(i: repo.ItemRecord): ShopOrderItemRow {
  return {
    id: i.id,
    platformItemId: i.platformItemId,
    itemId: i.itemId,
    skuId: i.skuId,
    title: i.title,
    spec: i.spec,
    outerItemCode: i.outerItemCode,
    outerSkuCode: i.outerSkuCode,
    picUrl: i.picUrl,
    quantity: i.quantity,
    priceFen: i.priceFen,
    paymentFen: i.paymentFen,
    refundState: i.refundState as ShopOrderItemRow['refundState'],
  };
}

function toRow(r: repo.OrderRecord, items: repo.ItemRecord[], masked: boolean): ShopOrderRow {
  return {
    id: r.id,
    shopId: r.shopId,
    shopName: r.shopName,
    channel: r.channel as Channel,
    platformOrderId: r.platformOrderId,
    status: r.status,
    platformStatus: r.platformStatus,
    refundState: r.refundState as ShopOrderRow['refundState'],
    dropshipStatus: r.dropshipStatus,
    buyerNick: r.buyerNick,
    receiverName: masked ? maskName(r.receiverName) : r.receiverName,
    receiverPhone: masked ? maskPhone(r.receiverPhone) : r.receiverPhone,
    receiverProvince: r.receiverProvince,
    receiverCity: r.receiverCity,
    receiverDistrict: r.receiverDistrict,
    buyerRemark: r.buyerRemark,
    sellerRemark: r.sellerRemark,
    sellerFlag: r.sellerFlag,
    totalFen: r.totalFen,
    postFeeFen: r.postFeeFen,
    paymentFen: r.paymentFen,
    platformCreatedAt: r.platformCreatedAt.toISOString(),
    paidAt: iso(r.paidAt),
    platformModifiedAt: r.platformModifiedAt.toISOString(),
    source: r.source as ShopOrderRow['source'],
    items: items.map(toItem),
  };
}

/** The status tabs' counts: each status with the other filters, counted up to the list's cap. */
export async function countShopOrdersByStatus(db: Db, caller: Caller, f: ShopOrdersFilter): Promise<ShopOrderStatusCount[]> {
  const counts = await Promise.all(
    ShopOrderStatus.options.map((status) => repo.countOrders(db, repo.filterWhere(caller.orgId, { ...f, status }), SHOP_ORDERS_COUNT_CAP)),
  );
  return ShopOrderStatus.options.map((status, i) => ({ status, ...(counts[i] ?? { count: 0, capped: false }) }));
}

export async function pageShopOrders(db: Db, caller: Caller, q: ShopOrdersPageBody) {
  const where = repo.filterWhere(caller.orgId, q);
  const [total, rows] = await Promise.all([
    repo.countOrders(db, where, SHOP_ORDERS_COUNT_CAP),
    repo.pageOrders(db, where, q.pageSize, (q.pageNo - 1) * q.pageSize),
  ]);
  const items = await repo.itemsOf(
    db,
    caller.orgId,
    rows.map((r) => r.id),
  );
  return { total: total.count, totalCapped: total.capped, list: rows.map((r) => toRow(r, items.get(r.id) ?? [], true)) };
}

export async function shopOrderDetail(db: Db, caller: Caller, id: number): Promise<ShopOrderDetail> {
  const [r] = await repo.ordersByIds(db, caller.orgId, [id]);
  if (!r) throw notFound('订单');
  const items = await repo.itemsOf(db, caller.orgId, [id]);
  const refunds = await refundsOfOrder(db, caller.orgId, r.shopId, r.platformOrderId);
  // The seller's own order: its full receiver while one is kept sealed (a platform's stays as the platform gave it).
  const plain = plainReceiverOf(r);
  return {
    ...toRow({ ...r, receiverName: plain.name, receiverPhone: plain.phone }, items.get(id) ?? [], false),
    receiverTown: r.receiverTown,
    receiverAddress: plain.address,
    receiverEncrypted: r.receiverEncrypted,
    refunds: refunds.map((x) => ({
      id: Number(x.id),
      platformRefundId: x.platform_refund_id,
      platformItemId: x.platform_item_id,
      platformStatus: x.platform_status,
      state: x.state as ShopOrderDetail['refundState'],
      refundFen: Number(x.refund_fen),
      reason: x.reason,
      hasGoodReturn: x.has_good_return,
      platformCreatedAt: new Date(x.platform_created_at).toISOString(),
      platformModifiedAt: new Date(x.platform_modified_at).toISOString(),
    })),
  };
}

const EXPORT_CHUNK = 1_000;

/**
 * The filtered set for the export, masked as in the list: refused past the cap before anything is
 * sent, then read in chunks by id (one index scan for the ids, primary-key reads for the rows).
 */
export async function exportShopOrders(db: Db, caller: Caller, f: ShopOrdersFilter): Promise<AsyncIterable<ShopOrderRow[]>> {
  const where = repo.filterWhere(caller.orgId, f);
  const ids = await repo.orderIds(db, where, SHOP_ORDERS_EXPORT_MAX_ROWS + 1);
  if (ids.length > SHOP_ORDERS_EXPORT_MAX_ROWS) {
    throw new AppError(ErrorCode.SHOP_ORDERS_EXPORT_TOO_LARGE, `导出订单超过${SHOP_ORDERS_EXPORT_MAX_ROWS}条，请缩小筛选范围（如付款时间）后再导出`);
  }
  return (async function* () {
    for (let i = 0; i < ids.length; i += EXPORT_CHUNK) {
      const chunk = ids.slice(i, i + EXPORT_CHUNK);
      const rows = await repo.ordersByIds(db, caller.orgId, chunk);
      const items = await repo.itemsOf(db, caller.orgId, chunk);
      yield rows.map((r) => toRow(r, items.get(r.id) ?? [], true));
    }
  })();
}
