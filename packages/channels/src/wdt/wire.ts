/**
 * WDT trade_query.php / refund_query.php rows ⇄ NormalizedOrder / NormalizedRefund (protocols.md
 * §9). Times are China-time strings, money 4-decimal yuan strings, the receiver plain text (the ERP
 * keeps it decrypted), the area one "省 市 区" string (receiver_area, ⚠). The platform order number
 * (src_tids) is our order id; WDT's own trade_no is its ERP number.
 */
import { parseChinaTime } from '../marketplace/china-time.ts';
import { arr, num, obj, optStr, str } from '../marketplace/http.ts';
import type { NormalizedOrder, NormalizedRefund } from '../marketplace/types.ts';
import { wdtGoodsComeBack, wdtLineRefundState, wdtRefundState, wdtStatusToOurs } from './codes.ts';
import { wdtQuantity, wdtYuanToFen } from './money.ts';

export interface WdtGoodsWire {
  rec_id: string;
  src_oid: string;
  src_tid: string;
  platform_goods_id: string;
  platform_spec_id: string;
  goods_no: string;
  spec_no: string;
  goods_name: string;
  spec_name: string;
  num: string;
  price: string;
  share_amount: string;
  refund_status: number;
}

export interface WdtTradeWire {
  trade_id: string;
  trade_no: string;
  src_tids: string;
  shop_no: string;
  shop_name: string;
  trade_status: number;
  trade_time: string;
  pay_time: string;
  modified: string;
  buyer_nick: string;
  receiver_name: string;
  receiver_mobile: string;
  receiver_area: string;
  receiver_address: string;
  buyer_message: string;
  cs_remark: string;
  goods_amount: string;
  post_amount: string;
  paid: string;
  logistics_name: string;
  logistics_no: string;
  goods_list: WdtGoodsWire[];
}

const time = (v: unknown) => parseChinaTime(str(v)) ?? undefined;

export function wdtOrderFromWire(raw: unknown): NormalizedOrder {
  const w = obj(raw);
  const code = num(w.trade_status);
  const [province = '', city = '', district = ''] = str(w.receiver_area).split(' ');
  return {
    platformOrderId: str(w.src_tids).split(',')[0] ?? '',
    status: wdtStatusToOurs(code),
    platformStatus: String(code),
    buyerNick: str(w.buyer_nick),
    receiver: { name: str(w.receiver_name), phone: str(w.receiver_mobile), province, city, district, address: str(w.receiver_address), encrypted: false },
    buyerRemark: optStr(w.buyer_message),
    sellerRemark: optStr(w.cs_remark),
    totalFen: wdtYuanToFen(w.goods_amount, 'goods_amount'),
    postFeeFen: wdtYuanToFen(w.post_amount ?? '0', 'post_amount'),
    paymentFen: wdtYuanToFen(w.paid, 'paid'),
    createdAt: time(w.trade_time) ?? new Date(0),
    paidAt: time(w.pay_time),
    modifiedAt: time(w.modified) ?? new Date(0),
    items: arr(w.goods_list).map((raw) => {
      const g = obj(raw);
      return {
        platformItemId: str(g.src_oid),
        itemId: str(g.platform_goods_id),
        skuId: optStr(g.platform_spec_id),
        title: str(g.goods_name),
        spec: optStr(g.spec_name),
        outerItemCode: optStr(g.goods_no),
        outerSkuCode: optStr(g.spec_no),
        quantity: wdtQuantity(g.num),
        priceFen: wdtYuanToFen(g.price, 'goods_list.price'),
        paymentFen: wdtYuanToFen(g.share_amount, 'goods_list.share_amount'),
        refundState: wdtLineRefundState(num(g.refund_status)),
      };
    }),
  };
}

/** A refund_query.php row (退换单). */
export interface WdtRefundWire {
  refund_id: string;
  refund_no: string;
  src_no: string;
  tid: string;
  type: number;
  process_status: number;
  refund_amount: string;
  reason_name: string;
  created: string;
  modified: string;
  goods_list: { oid: string; num: string }[];
  /** The buyer's return parcel (退回物流, ⚠ not in our research sources): courier name and waybill. */
  logistics_name?: string;
  logistics_no?: string;
}

export function wdtRefundFromWire(raw: unknown): NormalizedRefund {
  const w = obj(raw);
  const status = num(w.process_status);
  return {
    platformRefundId: str(w.src_no) || str(w.refund_no),
    platformOrderId: str(w.tid),
    platformItemId: optStr(obj(arr(w.goods_list)[0]).oid),
    platformStatus: String(status),
    state: wdtRefundState(status),
    refundFen: wdtYuanToFen(w.refund_amount, 'refund_amount'),
    reason: str(w.reason_name),
    hasGoodReturn: wdtGoodsComeBack(num(w.type)),
    ...(optStr(w.logistics_no) ? { returnWaybillNo: str(w.logistics_no), returnCourierName: optStr(w.logistics_name) ?? '' } : {}),
    createdAt: time(w.created) ?? new Date(0),
    modifiedAt: time(w.modified) ?? new Date(0),
  };
}
