/** What the WDT client reads back for a stored order / refund, and the JSON the emulator sends. */
import { createHash } from 'node:crypto';
import { formatChinaTime } from '../marketplace/china-time.ts';
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import type { NormalizedOrder, NormalizedRefund } from '../marketplace/types.ts';
import { WDT_LINE_REFUND_OF, WDT_STATUS_OF, wdtLineRefundState, wdtRefundState, wdtRefundStatusOf, wdtStatusToOurs } from './codes.ts';
import { wdtMoney } from './money.ts';
import type { WdtRefundWire, WdtTradeWire } from './wire.ts';

const digitsOf = (seed: string, n: number) =>
  String(BigInt(`0x${createHash('md5').update(seed).digest('hex').slice(0, 15)}`))
    .padStart(n, '0')
    .slice(-n);

/** WDT's own numbers for a platform order: JY + date + sequence style trade_no, numeric trade_id. */
export const wdtTradeNo = (o: NormalizedOrder) => `JY${formatChinaTime(o.createdAt).slice(0, 10).replace(/-/g, '')}${digitsOf(`wdt:${o.platformOrderId}`, 6)}`;

export function wdtView(o: NormalizedOrder): NormalizedOrder {
  const code = WDT_STATUS_OF[o.status];
  const { sellerFlag: _flag, ...rest } = o;
  return {
    ...rest,
    status: wdtStatusToOurs(code),
    platformStatus: String(code),
    receiver: {
      name: o.receiver.name,
      phone: o.receiver.phone,
      province: o.receiver.province,
      city: o.receiver.city,
      district: o.receiver.district,
      address: o.receiver.address,
      encrypted: false,
    },
    items: o.items.map(({ picUrl: _pic, ...l }) => ({ ...l, refundState: wdtLineRefundState(WDT_LINE_REFUND_OF[l.refundState]) })),
  };
}

export function wdtViewRefund(r: NormalizedRefund): NormalizedRefund {
  const status = wdtRefundStatusOf(r.platformStatus, r.state);
  return { ...r, platformStatus: String(status), state: wdtRefundState(status) };
}

export function wdtTradeWire(o: NormalizedOrder, shopName: string): WdtTradeWire {
  const r = o.receiver;
  const tradeNo = wdtTradeNo(o);
  return {
    trade_id: digitsOf(`wdt-id:${o.platformOrderId}`, 9),
    trade_no: tradeNo,
    src_tids: o.platformOrderId,
    shop_no: 'SHOP01',
    shop_name: shopName,
    trade_status: WDT_STATUS_OF[o.status],
    trade_time: formatChinaTime(o.createdAt),
    pay_time: o.paidAt ? formatChinaTime(o.paidAt) : '0000-00-00 00:00:00',
    modified: formatChinaTime(o.modifiedAt),
    buyer_nick: o.buyerNick,
    receiver_name: r.name,
    receiver_mobile: r.phone,
    receiver_area: `${r.province} ${r.city} ${r.district}`,
    receiver_address: r.address,
    buyer_message: o.buyerRemark ?? '',
    cs_remark: o.sellerRemark ?? '',
    goods_amount: wdtMoney(o.totalFen),
    post_amount: wdtMoney(o.postFeeFen),
    paid: wdtMoney(o.paymentFen),
    logistics_name: '',
    logistics_no: '',
    goods_list: o.items.map((l, i) => ({
      rec_id: `${digitsOf(`wdt-id:${o.platformOrderId}`, 9)}${i + 1}`,
      src_oid: l.platformItemId,
      src_tid: o.platformOrderId,
      platform_goods_id: l.itemId,
      platform_spec_id: l.skuId ?? '',
      goods_no: l.outerItemCode ?? '',
      spec_no: l.outerSkuCode ?? '',
      goods_name: l.title,
      spec_name: l.spec ?? '',
      num: `${l.quantity}.0000`,
      price: wdtMoney(l.priceFen),
      share_amount: wdtMoney(l.paymentFen),
      refund_status: WDT_LINE_REFUND_OF[l.refundState],
    })),
  };
}

export function wdtRefundWire(r: NormalizedRefund, core: ChannelCore): WdtRefundWire {
  const v = wdtViewRefund(r);
  const order = core.orders.get(r.platformOrderId)?.order;
  const line = order?.items.find((l) => l.platformItemId === r.platformItemId);
  return {
    refund_id: digitsOf(`wdt-refund:${r.platformRefundId}`, 8),
    refund_no: `TK${digitsOf(`wdt-refund-no:${r.platformRefundId}`, 10)}`,
    src_no: v.platformRefundId,
    tid: v.platformOrderId,
    type: v.hasGoodReturn ? 2 : order?.status === 'WAIT_SELLER_SEND' ? 1 : 4,
    process_status: Number(v.platformStatus),
    refund_amount: wdtMoney(v.refundFen),
    reason_name: v.reason,
    created: formatChinaTime(v.createdAt),
    modified: formatChinaTime(v.modifiedAt),
    goods_list: line ? [{ oid: line.platformItemId, num: `${line.quantity}.0000` }] : [],
    ...(v.returnWaybillNo ? { logistics_no: v.returnWaybillNo, logistics_name: v.returnCourierName ?? '' } : {}),
  };
}
