/**
 * The rows of one order number → the NormalizedOrder that upsertShopOrders writes. Line ids must
 * be the same on every import of the same file (so a second import updates, never duplicates):
 * the file's sub-order number, else a hash of what the line is, numbered when repeated.
 */
import { hash } from 'node:crypto';
import type { NormalizedOrder, NormalizedOrderItem, ShopOrderStatus, ShopRefundState } from '@dropship/channels';
import type { RowData } from './row-parser.js';

const STATUS_RULES: [RegExp, ShopOrderStatus][] = [
  [/等待买家付款|待付款|未付款|待支付/, 'WAIT_BUYER_PAY'],
  [/交易关闭|已关闭|已取消|订单关闭|交易取消/, 'CLOSED'],
  [/交易成功|已完成|已签收|确认收货|已收货/, 'FINISHED'],
  [/部分发货/, 'SELLER_CONSIGNED_PART'],
  [/已发货|待收货|等待买家确认/, 'WAIT_BUYER_CONFIRM'],
];

/** The export's status text → ours; a file without one holds orders waiting to be shipped. */
export function statusOf(text: string | undefined): ShopOrderStatus {
  if (!text) return 'WAIT_SELLER_SEND';
  return STATUS_RULES.find(([re]) => re.test(text))?.[1] ?? 'WAIT_SELLER_SEND';
}

/** The export's 售后状态 text → the line's refund state. */
export function refundOf(text: string | undefined): ShopRefundState {
  if (!text || /无售后|售后取消|未申请/.test(text)) return 'NONE';
  if (/退款成功|已退款|退款完成|售后完成|售后成功/.test(text)) return 'REFUNDED';
  if (/关闭|拒绝|撤销/.test(text)) return 'CLOSED';
  if (/退款|售后|退货/.test(text)) return 'REFUNDING';
  return 'NONE';
}

function lineIds(items: RowData['items']): string[] {
  const seen = new Map<string, number>();
  return items.map((i) => {
    if (i.subOrderNo) return i.subOrderNo;
    // One-shot hash(): the same digest as createHash's, without a Hash object per line.
    const key = hash('sha1', [i.title, i.spec, i.outerCode, i.skuId, i.itemId].map((p) => p ?? '').join('\u0001'), 'hex').slice(0, 16);
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n === 1 ? `L${key}` : `L${key}-${n}`;
  });
}

const maxTime = (...xs: (Date | undefined)[]) => xs.filter((x): x is Date => !!x).reduce<Date | undefined>((a, b) => (!a || b > a ? b : a), undefined);

/**
 * One order from its rows (file order). Order fields come from the first row; the lines of all
 * rows are the order's lines. `fallbackTime` (the job's creation) stands in for a file without times.
 */
export function toNormalizedOrder(rows: RowData[], fallbackTime: Date): NormalizedOrder {
  const first = rows[0];
  if (!first) throw new Error('an order needs at least one row');
  const items = rows.flatMap((r) => r.items);
  const ids = lineIds(items);
  const lines: NormalizedOrderItem[] = items.map((i, n) => ({
    platformItemId: ids[n] ?? String(n),
    itemId: i.itemId ?? '',
    ...(i.skuId ? { skuId: i.skuId } : {}),
    title: i.title,
    ...(i.spec ? { spec: i.spec } : {}),
    ...(i.outerCode ? { outerSkuCode: i.outerCode } : {}),
    quantity: i.quantity,
    priceFen: i.priceFen,
    paymentFen: i.paymentFen,
    refundState: refundOf(i.refund),
  }));
  const postFeeFen = rows.reduce((m, r) => Math.max(m, r.postFeeFen ?? 0), 0);
  const goodsFen = lines.reduce((s, l) => s + l.priceFen * l.quantity, 0);
  const paidFen = lines.reduce((s, l) => s + l.paymentFen, 0);
  const createdAt = first.createdAt ? new Date(first.createdAt) : undefined;
  const paidAt = first.paidAt ? new Date(first.paidAt) : undefined;
  const created = createdAt ?? paidAt ?? fallbackTime;
  return {
    platformOrderId: first.orderNo,
    status: statusOf(first.status),
    platformStatus: first.status ?? '导入',
    buyerNick: first.buyerNick ?? '',
    receiver: {
      name: first.receiverName,
      phone: first.receiverPhone,
      province: first.province,
      city: first.city,
      district: first.district,
      address: first.address,
      encrypted: false,
    },
    ...(first.buyerRemark ? { buyerRemark: first.buyerRemark } : {}),
    ...(first.sellerRemark ? { sellerRemark: first.sellerRemark } : {}),
    totalFen: goodsFen + postFeeFen,
    postFeeFen,
    paymentFen: first.orderPaymentFen ?? paidFen + postFeeFen,
    createdAt: created,
    ...(paidAt ? { paidAt } : {}),
    // A file has no modified time: its latest time stands in, so an older file never overwrites a
    // newer copy from the shop's sync, and the same file again updates in place.
    modifiedAt: maxTime(createdAt, paidAt) ?? fallbackTime,
    items: lines,
  };
}
