/**
 * Weidian (微店) order JSON ⇄ NormalizedOrder (protocols.md §7; field names from SDK samples, ⚠
 * update_time, total_price and refund_info's fields beyond refund_status are assumptions). Money is
 * yuan strings; buyer_info comes in clear (no encryption in the published samples); lines have
 * no sub-order id (the SKU id names the line); refunds are read from each line's refund_info.
 */
import { formatChinaTime, parseChinaTime } from '../marketplace/china-time.ts';
import { orderRefundState } from '../marketplace/generator.ts';
import { arr, type Json, num, obj, optStr, str } from '../marketplace/http.ts';
import { fenToYuan, parseYuan } from '../marketplace/money.ts';
import { ChannelError, type NormalizedOrder, type NormalizedRefund, type ShopOrderStatus, type ShopRefundState } from '../marketplace/types.ts';

/** status_ori: 10 待付款, 20 已付款待发货, 21 部分付款, 30 已发货, 31 部分发货, 40 已确认收货, 50 已完成, 60 已关闭. */
const FROM_WEIDIAN: Record<number, ShopOrderStatus> = {
  10: 'WAIT_BUYER_PAY',
  21: 'WAIT_BUYER_PAY',
  20: 'WAIT_SELLER_SEND',
  31: 'SELLER_CONSIGNED_PART',
  30: 'WAIT_BUYER_CONFIRM',
  40: 'FINISHED',
  50: 'FINISHED',
  60: 'CLOSED',
};
export const TO_WEIDIAN: Record<ShopOrderStatus, number> = {
  WAIT_BUYER_PAY: 10,
  WAIT_SELLER_SEND: 20,
  SELLER_CONSIGNED_PART: 31,
  WAIT_BUYER_CONFIRM: 30,
  FINISHED: 50,
  CLOSED: 60,
};

/** refund_status(_ori): 0 无, 1 退款中, 2 退款成功, 3 关闭. */
export const WEIDIAN_REFUND: Record<ShopRefundState, number> = { NONE: 0, REFUNDING: 1, REFUNDED: 2, CLOSED: 3 };
export const weidianRefundState = (s: number): ShopRefundState => (s === 1 ? 'REFUNDING' : s === 2 ? 'REFUNDED' : s === 3 ? 'CLOSED' : 'NONE');

const date = (v: unknown, field: string): Date => {
  const d = parseChinaTime(str(v));
  if (!d) throw new ChannelError('BAD_REQUEST', 'bad_time', `平台返回的时间格式不对（${field}：${str(v)}）`);
  return d;
};

/** An order as Weidian shows it, with each line's refund (if any) in refund_info — the emulator's answer. */
export function orderToWire(o: NormalizedOrder, refundOf: (lineId: string) => NormalizedRefund | undefined): Json {
  const r = o.receiver;
  return {
    order_id: o.platformOrderId,
    status_ori: Number(o.platformStatus),
    refund_status_ori: WEIDIAN_REFUND[orderRefundState(o)],
    add_time: formatChinaTime(o.createdAt),
    pay_time: o.paidAt ? formatChinaTime(o.paidAt) : '',
    update_time: formatChinaTime(o.modifiedAt),
    price: fenToYuan(o.totalFen),
    express_fee: fenToYuan(o.postFeeFen),
    total: fenToYuan(o.paymentFen),
    note: o.buyerRemark ?? '',
    express_note: o.sellerRemark ?? '',
    buyer_info: { name: r.name, phone: r.phone, province: r.province, city: r.city, region: r.district, address: r.address, post: '' },
    items: o.items.map((i) => {
      const refund = refundOf(i.platformItemId);
      return {
        item_id: i.itemId,
        item_name: i.title,
        img: i.picUrl ?? '',
        sku_id: i.skuId ?? i.platformItemId,
        sku_title: i.spec ?? '',
        merchant_code: i.outerItemCode ?? '',
        sku_merchant_code: i.outerSkuCode ?? '',
        quantity: i.quantity,
        price: fenToYuan(i.priceFen),
        total_price: fenToYuan(i.paymentFen),
        refund_info: refund
          ? {
              refund_status: WEIDIAN_REFUND[refund.state],
              refund_no: refund.platformRefundId,
              refund_fee: fenToYuan(refund.refundFen),
              refund_reason: refund.reason,
              refund_kind: refund.hasGoodReturn ? 2 : 1,
              apply_time: formatChinaTime(refund.createdAt),
            }
          : { refund_status: 0 },
      };
    }),
  };
}

export function orderFromWire(w: Json): NormalizedOrder {
  const code = num(w.status_ori);
  const status = FROM_WEIDIAN[code];
  if (!status) throw new ChannelError('BAD_REQUEST', 'bad_status', `未知的微店订单状态：${str(w.status_ori)}`);
  const b = obj(w.buyer_info);
  return {
    platformOrderId: str(w.order_id),
    status,
    platformStatus: String(code),
    buyerNick: '',
    receiver: {
      name: str(b.name),
      phone: str(b.phone),
      province: str(b.province),
      city: str(b.city),
      district: str(b.region),
      address: str(b.address),
      encrypted: false,
    },
    buyerRemark: optStr(w.note),
    sellerRemark: optStr(w.express_note),
    totalFen: parseYuan(w.price, 'price'),
    postFeeFen: parseYuan(w.express_fee ?? '0', 'express_fee'),
    paymentFen: parseYuan(w.total, 'total'),
    createdAt: date(w.add_time, 'add_time'),
    paidAt: str(w.pay_time) ? date(w.pay_time, 'pay_time') : undefined,
    modifiedAt: date(w.update_time, 'update_time'),
    items: arr(w.items).map((raw) => {
      const i = obj(raw);
      return {
        platformItemId: str(i.sku_id),
        itemId: str(i.item_id),
        skuId: optStr(i.sku_id),
        title: str(i.item_name),
        spec: optStr(i.sku_title),
        outerItemCode: optStr(i.merchant_code),
        outerSkuCode: optStr(i.sku_merchant_code),
        picUrl: optStr(i.img),
        quantity: num(i.quantity),
        priceFen: parseYuan(i.price, 'price'),
        paymentFen: parseYuan(i.total_price, 'total_price'),
        refundState: weidianRefundState(num(obj(i.refund_info).refund_status)),
      };
    }),
  };
}

/** The refunds an order's lines carry (Weidian has no separate refund list in our sources). */
export function refundsFromWire(w: Json): NormalizedRefund[] {
  const modifiedAt = date(w.update_time, 'update_time');
  return arr(w.items).flatMap((raw) => {
    const i = obj(raw);
    const r = obj(i.refund_info);
    const status = num(r.refund_status);
    if (!(status > 0) || !str(r.refund_no)) return [];
    return [
      {
        platformRefundId: str(r.refund_no),
        platformOrderId: str(w.order_id),
        platformItemId: str(i.sku_id),
        platformStatus: String(status),
        state: weidianRefundState(status),
        refundFen: parseYuan(r.refund_fee, 'refund_fee'),
        reason: str(r.refund_reason),
        hasGoodReturn: num(r.refund_kind) === 2,
        createdAt: date(r.apply_time, 'apply_time'),
        modifiedAt,
      },
    ];
  });
}
