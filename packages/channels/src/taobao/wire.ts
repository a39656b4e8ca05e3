/**
 * Taobao trade JSON ⇄ NormalizedOrder (protocols.md §1). Money is yuan strings; times are China
 * time strings; receiver name/phone/address come masked with an `oaid` to decrypt them later.
 */
import { formatChinaTime, parseChinaTime } from '../marketplace/china-time.ts';
import { arr, type Json, obj, optStr, str } from '../marketplace/http.ts';
import { fenToYuan, parseYuan } from '../marketplace/money.ts';
import { ChannelError, type NormalizedOrder, type NormalizedRefund, type ShopOrderStatus, type ShopRefundState } from '../marketplace/types.ts';

export const TRADE_FIELDS =
  'tid,status,created,pay_time,modified,payment,total_fee,post_fee,buyer_nick,buyer_message,seller_memo,seller_flag,' +
  'receiver_name,receiver_mobile,receiver_phone,receiver_state,receiver_city,receiver_district,receiver_town,receiver_address,oaid,' +
  'orders.oid,orders.num_iid,orders.sku_id,orders.outer_iid,orders.outer_sku_id,orders.title,orders.sku_properties_name,orders.pic_path,' +
  'orders.num,orders.price,orders.total_fee,orders.payment,orders.status,orders.refund_status';
export const REFUND_FIELDS = 'refund_id,tid,oid,status,refund_fee,reason,has_good_return,created,modified';

const TO_TOP: Record<Exclude<ShopOrderStatus, 'CLOSED'>, string> = {
  WAIT_BUYER_PAY: 'WAIT_BUYER_PAY',
  WAIT_SELLER_SEND: 'WAIT_SELLER_SEND_GOODS',
  SELLER_CONSIGNED_PART: 'SELLER_CONSIGNED_PART',
  WAIT_BUYER_CONFIRM: 'WAIT_BUYER_CONFIRM_GOODS',
  FINISHED: 'TRADE_FINISHED',
};
const FROM_TOP: Record<string, ShopOrderStatus> = {
  TRADE_NO_CREATE_PAY: 'WAIT_BUYER_PAY',
  WAIT_BUYER_PAY: 'WAIT_BUYER_PAY',
  PAY_PENDING: 'WAIT_BUYER_PAY',
  WAIT_PRE_AUTH_CONFIRM: 'WAIT_BUYER_PAY',
  WAIT_SELLER_SEND_GOODS: 'WAIT_SELLER_SEND',
  PAID_FORBID_CONSIGN: 'WAIT_SELLER_SEND',
  SELLER_CONSIGNED_PART: 'SELLER_CONSIGNED_PART',
  WAIT_BUYER_CONFIRM_GOODS: 'WAIT_BUYER_CONFIRM',
  TRADE_BUYER_SIGNED: 'WAIT_BUYER_CONFIRM',
  TRADE_FINISHED: 'FINISHED',
  TRADE_CLOSED: 'CLOSED',
  TRADE_CLOSED_BY_TAOBAO: 'CLOSED',
};

/** Our status → TOP's; a closed order was closed after payment (refund) or before it (by Taobao). */
export function topStatus(status: ShopOrderStatus, paid: boolean): string {
  return status === 'CLOSED' ? (paid ? 'TRADE_CLOSED' : 'TRADE_CLOSED_BY_TAOBAO') : TO_TOP[status];
}

const LINE_REFUND: Record<ShopRefundState, string> = { NONE: 'NO_REFUND', REFUNDING: 'WAIT_SELLER_AGREE', REFUNDED: 'SUCCESS', CLOSED: 'CLOSED' };

/**
 * TOP refund status (of a line or a refund) → our state; every in-between state is "refunding".
 * SELLER_REFUSE_BUYER counts as closed: nothing is refunded unless the buyer changes the request,
 * which brings it back to WAIT_SELLER_AGREE.
 */
export function refundState(status: string): ShopRefundState {
  if (status === 'NO_REFUND' || status === '') return 'NONE';
  if (status === 'SUCCESS') return 'REFUNDED';
  if (status === 'CLOSED' || status === 'SELLER_REFUSE_BUYER') return 'CLOSED';
  return 'REFUNDING';
}

const date = (v: unknown, field: string): Date => {
  const d = parseChinaTime(str(v));
  if (!d) throw new ChannelError('BAD_REQUEST', 'bad_time', `平台返回的时间格式不对（${field}：${str(v)}）`);
  return d;
};
const optDate = (v: unknown, field: string) => (str(v) ? date(v, field) : undefined);

/** An order (as Taobao shows it: masked receiver, TOP status) as the TOP trade JSON — the emulator's answer. */
export function tradeToWire(o: NormalizedOrder): Json {
  return {
    tid: o.platformOrderId,
    status: o.platformStatus,
    created: formatChinaTime(o.createdAt),
    pay_time: o.paidAt ? formatChinaTime(o.paidAt) : undefined,
    modified: formatChinaTime(o.modifiedAt),
    total_fee: fenToYuan(o.totalFen),
    post_fee: fenToYuan(o.postFeeFen),
    payment: fenToYuan(o.paymentFen),
    buyer_nick: o.buyerNick,
    buyer_message: o.buyerRemark,
    seller_memo: o.sellerRemark,
    seller_flag: o.sellerFlag ?? 0,
    receiver_name: o.receiver.name,
    receiver_mobile: o.receiver.phone,
    receiver_phone: '',
    receiver_address: o.receiver.address,
    oaid: o.receiver.decryptHandle,
    receiver_state: o.receiver.province,
    receiver_city: o.receiver.city,
    receiver_district: o.receiver.district,
    receiver_town: o.receiver.town,
    orders: {
      order: o.items.map((i) => ({
        oid: i.platformItemId,
        num_iid: i.itemId,
        sku_id: i.skuId,
        outer_iid: i.outerItemCode,
        outer_sku_id: i.outerSkuCode,
        title: i.title,
        sku_properties_name: i.spec,
        pic_path: i.picUrl,
        num: i.quantity,
        price: fenToYuan(i.priceFen),
        total_fee: fenToYuan(i.paymentFen),
        payment: fenToYuan(i.paymentFen),
        status: o.platformStatus,
        refund_status: LINE_REFUND[i.refundState],
      })),
    },
  };
}

/** TOP trade JSON → NormalizedOrder. */
export function tradeFromWire(t: Json): NormalizedOrder {
  const platformStatus = str(t.status);
  const status = FROM_TOP[platformStatus];
  if (!status) throw new ChannelError('BAD_REQUEST', 'bad_status', `未知的淘宝订单状态：${platformStatus}`);
  const flag = Number(t.seller_flag ?? 0);
  const oaid = optStr(t.oaid);
  return {
    platformOrderId: str(t.tid),
    status,
    platformStatus,
    buyerNick: str(t.buyer_nick),
    receiver: {
      name: str(t.receiver_name),
      phone: str(t.receiver_mobile) || str(t.receiver_phone),
      province: str(t.receiver_state),
      city: str(t.receiver_city),
      district: str(t.receiver_district),
      town: optStr(t.receiver_town),
      address: str(t.receiver_address),
      encrypted: oaid !== undefined || str(t.receiver_name).includes('*'),
      decryptHandle: oaid,
    },
    buyerRemark: optStr(t.buyer_message),
    sellerRemark: optStr(t.seller_memo),
    sellerFlag: flag >= 1 && flag <= 5 ? flag : undefined,
    totalFen: parseYuan(t.total_fee, 'total_fee'),
    postFeeFen: parseYuan(t.post_fee ?? '0', 'post_fee'),
    paymentFen: parseYuan(t.payment, 'payment'),
    createdAt: date(t.created, 'created'),
    paidAt: optDate(t.pay_time, 'pay_time'),
    modifiedAt: date(t.modified, 'modified'),
    items: arr(obj(t.orders).order).map((raw) => {
      const i = obj(raw);
      return {
        platformItemId: str(i.oid),
        itemId: str(i.num_iid),
        skuId: optStr(i.sku_id),
        title: str(i.title),
        spec: optStr(i.sku_properties_name),
        outerItemCode: optStr(i.outer_iid),
        outerSkuCode: optStr(i.outer_sku_id),
        picUrl: optStr(i.pic_path),
        quantity: Number(i.num),
        priceFen: parseYuan(i.price, 'price'),
        paymentFen: parseYuan(i.payment ?? i.total_fee, 'payment'),
        refundState: refundState(str(i.refund_status)),
      };
    }),
  };
}

export function refundToWire(r: NormalizedRefund): Json {
  return {
    refund_id: r.platformRefundId,
    tid: r.platformOrderId,
    oid: r.platformItemId,
    status: r.platformStatus,
    refund_fee: fenToYuan(r.refundFen),
    reason: r.reason,
    has_good_return: r.hasGoodReturn,
    ...(r.returnWaybillNo ? { sid: r.returnWaybillNo, company_name: r.returnCourierName ?? '' } : {}),
    created: formatChinaTime(r.createdAt),
    modified: formatChinaTime(r.modifiedAt),
  };
}

export function refundFromWire(r: Json): NormalizedRefund {
  const platformStatus = str(r.status);
  return {
    platformRefundId: str(r.refund_id),
    platformOrderId: str(r.tid),
    platformItemId: optStr(r.oid),
    platformStatus,
    state: refundState(platformStatus),
    refundFen: parseYuan(r.refund_fee, 'refund_fee'),
    reason: str(r.reason),
    hasGoodReturn: r.has_good_return === true || r.has_good_return === 'true',
    ...(optStr(r.sid) ? { returnWaybillNo: str(r.sid), returnCourierName: optStr(r.company_name) ?? '' } : {}),
    createdAt: date(r.created, 'created'),
    modifiedAt: date(r.modified, 'modified'),
  };
}
