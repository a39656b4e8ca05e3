/** What the KM client reads back for a stored order / refund, and the JSON the emulator sends. */
import { createHash } from 'node:crypto';
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import { fenToYuan } from '../marketplace/money.ts';
import type { NormalizedOrder, NormalizedRefund } from '../marketplace/types.ts';
import { KM_LINE_REFUND_OF, KM_STATUS_OF, kmAfterSaleState, kmAfterSaleStatusOf, kmLineRefundState, kmStatusToOurs } from './codes.ts';
import type { KmAfterSaleWire, KmTradeWire } from './wire.ts';

/** KM's own 系统单号 (sid) for a platform order, stable per order. */
export const kmSid = (tid: string) => String(BigInt(`0x${createHash('md5').update(`km-sid:${tid}`).digest('hex').slice(0, 13)}`)).slice(0, 15);

export function kmView(o: NormalizedOrder): NormalizedOrder {
  const sys = KM_STATUS_OF[o.status];
  return {
    ...o,
    status: kmStatusToOurs(sys),
    platformStatus: sys,
    receiver: {
      name: o.receiver.name,
      phone: o.receiver.phone,
      province: o.receiver.province,
      city: o.receiver.city,
      district: o.receiver.district,
      address: o.receiver.address,
      encrypted: false,
    },
    items: o.items.map((l) => ({ ...l, refundState: kmLineRefundState(KM_LINE_REFUND_OF[l.refundState]) })),
  };
}

export function kmViewRefund(r: NormalizedRefund): NormalizedRefund {
  const status = kmAfterSaleStatusOf(r.platformStatus, r.state);
  return { ...r, platformStatus: String(status), state: kmAfterSaleState(status) };
}

export function kmTradeWire(o: NormalizedOrder): KmTradeWire {
  const r = o.receiver;
  return {
    sid: kmSid(o.platformOrderId),
    tid: o.platformOrderId,
    type: 0,
    source: 'tb',
    sysStatus: KM_STATUS_OF[o.status],
    buyerNick: o.buyerNick,
    totalFee: fenToYuan(o.totalFen),
    postFee: fenToYuan(o.postFeeFen),
    payment: fenToYuan(o.paymentFen),
    created: o.createdAt.getTime(),
    payTime: o.paidAt?.getTime() ?? 0,
    modified: o.modifiedAt.getTime(),
    buyerMessage: o.buyerRemark ?? '',
    sellerMemo: o.sellerRemark ?? '',
    sellerFlag: o.sellerFlag ?? 0,
    receiverName: r.name,
    receiverMobile: r.phone,
    receiverState: r.province,
    receiverCity: r.city,
    receiverDistrict: r.district,
    receiverAddress: r.address,
    orders: o.items.map((l, i) => ({
      id: `${kmSid(o.platformOrderId)}${String(i + 1).padStart(2, '0')}`,
      oid: l.platformItemId,
      numIid: l.itemId,
      skuId: l.skuId ?? '',
      title: l.title,
      sysTitle: l.title,
      skuPropertiesName: l.spec ?? '',
      sysOuterId: l.outerItemCode ?? '',
      outerSkuId: l.outerSkuCode ?? '',
      picPath: l.picUrl ?? '',
      num: l.quantity,
      price: fenToYuan(l.priceFen),
      payment: fenToYuan(l.paymentFen),
      refundStatus: KM_LINE_REFUND_OF[l.refundState],
    })),
  };
}

export function kmAfterSaleWire(r: NormalizedRefund, core: ChannelCore): KmAfterSaleWire {
  const v = kmViewRefund(r);
  const shipped = core.orders.get(r.platformOrderId)?.order.status !== 'WAIT_SELLER_SEND';
  return {
    id: v.platformRefundId,
    tid: v.platformOrderId,
    afterSaleType: v.hasGoodReturn ? 2 : shipped ? 1 : 5,
    status: Number(v.platformStatus),
    refundMoney: fenToYuan(v.refundFen),
    textReason: v.reason,
    goodStatus: v.hasGoodReturn ? 2 : 4,
    created: v.createdAt.getTime(),
    modified: v.modifiedAt.getTime(),
    items: v.platformItemId ? [{ oid: v.platformItemId }] : [],
  };
}
