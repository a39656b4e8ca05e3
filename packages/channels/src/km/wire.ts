/**
 * KM trade JSON ⇄ NormalizedOrder. ⚠ Field names follow public KM integration code (erp.trade.list.query
 * rows: tid / sid / sysStatus / payment / postFee / receiverState… / orders[]); money is yuan
 * strings like TOP's, times ms. The ERP gives the receiver in plain text (it holds the decrypted
 * copy it prints waybills from), so `encrypted` is false.
 */
import { arr, num, obj, optStr, str } from '../marketplace/http.ts';
import { parseYuan } from '../marketplace/money.ts';
import type { NormalizedOrder, NormalizedRefund } from '../marketplace/types.ts';
import { kmAfterSaleState, kmGoodsComeBack, kmLineRefundState, kmStatusToOurs } from './codes.ts';

export interface KmTradeWire {
  sid: string;
  tid: string;
  type: number;
  source: string;
  sysStatus: string;
  buyerNick: string;
  totalFee: string;
  postFee: string;
  payment: string;
  created: number;
  payTime: number;
  modified: number;
  buyerMessage: string;
  sellerMemo: string;
  sellerFlag: number;
  receiverName: string;
  receiverMobile: string;
  receiverState: string;
  receiverCity: string;
  receiverDistrict: string;
  receiverAddress: string;
  orders: {
    id: string;
    oid: string;
    numIid: string;
    skuId: string;
    title: string;
    sysTitle: string;
    skuPropertiesName: string;
    sysOuterId: string;
    outerSkuId: string;
    picPath: string;
    num: number;
    price: string;
    payment: string;
    refundStatus: string;
  }[];
}

const ms = (v: unknown): Date | undefined => {
  const n = num(v);
  return Number.isFinite(n) && n > 0 ? new Date(n) : undefined;
};

export function kmOrderFromWire(raw: unknown): NormalizedOrder {
  const w = obj(raw);
  const flag = num(w.sellerFlag);
  return {
    platformOrderId: str(w.tid),
    status: kmStatusToOurs(str(w.sysStatus)),
    platformStatus: str(w.sysStatus),
    buyerNick: str(w.buyerNick),
    receiver: {
      name: str(w.receiverName),
      phone: str(w.receiverMobile),
      province: str(w.receiverState),
      city: str(w.receiverCity),
      district: str(w.receiverDistrict),
      address: str(w.receiverAddress),
      encrypted: false,
    },
    buyerRemark: optStr(w.buyerMessage),
    sellerRemark: optStr(w.sellerMemo),
    sellerFlag: flag >= 1 && flag <= 5 ? flag : undefined,
    totalFen: parseYuan(w.totalFee, 'totalFee'),
    postFeeFen: parseYuan(w.postFee ?? '0', 'postFee'),
    paymentFen: parseYuan(w.payment, 'payment'),
    createdAt: ms(w.created) ?? new Date(0),
    paidAt: ms(w.payTime),
    modifiedAt: ms(w.modified) ?? new Date(0),
    items: arr(w.orders).map((raw) => {
      const o = obj(raw);
      return {
        platformItemId: str(o.oid),
        itemId: str(o.numIid),
        skuId: optStr(o.skuId),
        title: str(o.title) || str(o.sysTitle),
        spec: optStr(o.skuPropertiesName),
        outerItemCode: optStr(o.sysOuterId),
        outerSkuCode: optStr(o.outerSkuId),
        picUrl: optStr(o.picPath),
        quantity: num(o.num),
        priceFen: parseYuan(o.price, 'orders.price'),
        paymentFen: parseYuan(o.payment, 'orders.payment'),
        refundState: kmLineRefundState(str(o.refundStatus)),
      };
    }),
  };
}

/** An erp.aftersale.list.query row (售后工单). */
export interface KmAfterSaleWire {
  id: string;
  tid: string;
  afterSaleType: number;
  status: number;
  refundMoney: string;
  textReason: string;
  goodStatus: number;
  created: number;
  modified: number;
  items: { oid: string }[];
}

export function kmRefundFromWire(raw: unknown): NormalizedRefund {
  const w = obj(raw);
  const status = num(w.status);
  return {
    platformRefundId: str(w.id),
    platformOrderId: str(w.tid),
    platformItemId: optStr(obj(arr(w.items)[0]).oid),
    platformStatus: String(status),
    state: kmAfterSaleState(status),
    refundFen: parseYuan(w.refundMoney, 'refundMoney'),
    reason: str(w.textReason),
    hasGoodReturn: kmGoodsComeBack(num(w.afterSaleType)),
    createdAt: ms(w.created) ?? new Date(0),
    modifiedAt: ms(w.modified) ?? new Date(0),
  };
}
