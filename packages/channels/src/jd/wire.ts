/**
 * JD order JSON ⇄ NormalizedOrder (protocols.md §2, ⚠ item fields partly unverified). JD lists only
 * paid orders; money is yuan strings; consignee name/phone/address are TDE ciphertext (kept as
 * sent) plus the receiver's oaid, the handle jingdong.jos.order.oaid.decrypt takes (⚠ the field name
 * oaid in consigneeInfo is our assumption); lines have no sub-order id, so the SKU id names
 * the line; skuName carries the spec words; refund state lives in the after-sale API, not the order.
 */
import { formatChinaTime, parseChinaTime } from '../marketplace/china-time.ts';
import { arr, type Json, num, obj, optStr, str } from '../marketplace/http.ts';
import { fenToYuan, parseFen, parseYuan } from '../marketplace/money.ts';
import { ChannelError, type NormalizedOrder, type NormalizedRefund, type ShopOrderStatus, type ShopRefundState } from '../marketplace/types.ts';

export const JD_ORDER_STATES = 'WAIT_SELLER_STOCK_OUT,WAIT_SELLER_DELIVERY,WAIT_GOODS_RECEIVE_CONFIRM,FINISHED_L,TRADE_CANCELED,LOCKED,PAUSE,POP_ORDER_PAUSE';
export const JD_OPTIONAL_FIELDS =
  'orderId,venderId,orderState,orderTotalPrice,orderPayment,freightPrice,orderStartTime,paymentConfirmTime,modified,orderRemark,venderRemark,pin,consigneeInfo,itemInfoList';

const FROM_JD: Record<string, ShopOrderStatus> = {
  WAIT_SELLER_STOCK_OUT: 'WAIT_SELLER_SEND',
  WAIT_SELLER_DELIVERY: 'WAIT_SELLER_SEND',
  LOCKED: 'WAIT_SELLER_SEND',
  PAUSE: 'WAIT_SELLER_SEND',
  POP_ORDER_PAUSE: 'WAIT_SELLER_SEND',
  WAIT_GOODS_RECEIVE_CONFIRM: 'WAIT_BUYER_CONFIRM',
  FINISHED_L: 'FINISHED',
  TRADE_CANCELED: 'CLOSED',
};
/** Our status → JD's (JD has no partial shipment state: part-shipped reads as shipped). */
export const TO_JD: Partial<Record<ShopOrderStatus, string>> = {
  WAIT_SELLER_SEND: 'WAIT_SELLER_STOCK_OUT',
  SELLER_CONSIGNED_PART: 'WAIT_GOODS_RECEIVE_CONFIRM',
  WAIT_BUYER_CONFIRM: 'WAIT_GOODS_RECEIVE_CONFIRM',
  FINISHED: 'FINISHED_L',
  CLOSED: 'TRADE_CANCELED',
};

export function jdStatus(state: string): ShopOrderStatus {
  const s = FROM_JD[state];
  if (!s) throw new ChannelError('BAD_REQUEST', 'bad_status', `未知的京东订单状态：${state}`);
  return s;
}

/** Refund apply status: 0 未审核, 1 审核通过 (waiting for finance), 2 审核不通过, 3 财务审核通过 = refunded, 4 财务审核不通过. */
export function jdRefundState(status: number): ShopRefundState {
  if (status === 3) return 'REFUNDED';
  if (status === 2 || status === 4) return 'CLOSED';
  return 'REFUNDING';
}

const date = (v: unknown, field: string): Date => {
  const d = parseChinaTime(str(v));
  if (!d) throw new ChannelError('BAD_REQUEST', 'bad_time', `平台返回的时间格式不对（${field}：${str(v)}）`);
  return d;
};

/** An order as JD shows it (the emulator's answer). */
export function orderToWire(o: NormalizedOrder, venderId: string): Json {
  const r = o.receiver;
  return {
    orderId: o.platformOrderId,
    venderId,
    orderState: o.platformStatus,
    orderTotalPrice: fenToYuan(o.totalFen),
    orderPayment: fenToYuan(o.paymentFen),
    freightPrice: fenToYuan(o.postFeeFen),
    orderStartTime: formatChinaTime(o.createdAt),
    paymentConfirmTime: o.paidAt ? formatChinaTime(o.paidAt) : '',
    modified: formatChinaTime(o.modifiedAt),
    orderRemark: o.buyerRemark ?? '',
    venderRemark: o.sellerRemark ?? '',
    pin: o.buyerNick,
    consigneeInfo: {
      fullname: r.name,
      mobile: r.phone,
      telephone: r.phone,
      fullAddress: r.address,
      province: r.province,
      city: r.city,
      county: r.district,
      town: r.town ?? '',
      oaid: r.decryptHandle ?? '',
    },
    itemInfoList: o.items.map((i) => ({
      skuId: i.skuId ?? i.platformItemId,
      wareId: i.itemId,
      skuName: i.title,
      outerSkuId: i.outerSkuCode ?? '',
      itemTotal: String(i.quantity),
      jdPrice: fenToYuan(i.priceFen),
    })),
  };
}

export function orderFromWire(w: Json): NormalizedOrder {
  const state = str(w.orderState);
  const c = obj(w.consigneeInfo);
  return {
    platformOrderId: str(w.orderId),
    status: jdStatus(state),
    platformStatus: state,
    buyerNick: str(w.pin),
    receiver: {
      name: str(c.fullname),
      phone: str(c.mobile) || str(c.telephone),
      province: str(c.province),
      city: str(c.city),
      district: str(c.county),
      town: optStr(c.town),
      address: str(c.fullAddress),
      encrypted: true,
      decryptHandle: optStr(c.oaid),
    },
    buyerRemark: optStr(w.orderRemark),
    sellerRemark: optStr(w.venderRemark),
    totalFen: parseYuan(w.orderTotalPrice, 'orderTotalPrice'),
    postFeeFen: parseYuan(w.freightPrice ?? '0', 'freightPrice'),
    paymentFen: parseYuan(w.orderPayment, 'orderPayment'),
    createdAt: date(w.orderStartTime, 'orderStartTime'),
    paidAt: str(w.paymentConfirmTime) ? date(w.paymentConfirmTime, 'paymentConfirmTime') : undefined,
    modifiedAt: date(w.modified, 'modified'),
    items: arr(w.itemInfoList).map((raw) => {
      const i = obj(raw);
      const priceFen = parseYuan(i.jdPrice, 'jdPrice');
      const quantity = num(i.itemTotal);
      return {
        platformItemId: str(i.skuId),
        itemId: str(i.wareId),
        skuId: optStr(i.skuId),
        title: str(i.skuName),
        outerSkuCode: optStr(i.outerSkuId),
        quantity,
        priceFen,
        // JD's line carries no paid amount (discounts are in couponDetailList): the line's price × quantity.
        paymentFen: priceFen * quantity,
        refundState: 'NONE' as const,
      };
    }),
  };
}

export function refundToWire(r: NormalizedRefund): Json {
  const status = Number(r.platformStatus);
  return {
    id: r.platformRefundId,
    orderId: r.platformOrderId,
    status,
    applyRefundSum: r.refundFen,
    reason: r.reason,
    applyTime: formatChinaTime(r.createdAt),
    checkTime: status === 0 ? '' : formatChinaTime(r.modifiedAt),
  };
}

export function refundFromWire(w: Json): NormalizedRefund {
  const status = num(w.status);
  const applied = date(w.applyTime, 'applyTime');
  return {
    platformRefundId: str(w.id),
    platformOrderId: str(w.orderId),
    platformStatus: String(status),
    state: jdRefundState(status),
    refundFen: parseFen(w.applyRefundSum, 'applyRefundSum'),
    reason: str(w.reason),
    // Refund applications are money-only; returns with goods are after-sale service orders (jingdong.asc.*).
    hasGoodReturn: false,
    createdAt: applied,
    modifiedAt: str(w.checkTime) ? date(w.checkTime, 'checkTime') : applied,
  };
}
