/**
 * Xiaohongshu order JSON ⇄ NormalizedOrder. order.getOrderList gives summaries; the lines come
 * from order.getOrderDetail (skuList: same SKU aggregated, so a line is identified by its skuId),
 * the receiver from order.getOrderReceiverInfo (ciphertext) plus data.batchDesensitise (masked
 * text). Money is integer fen (protocols.md §14); times are ms.
 */
import { fieldCiphersHandle } from '../marketplace/decrypt.ts';
import { arr, num, obj, optStr, str } from '../marketplace/http.ts';
import { parseFen, parseYuan } from '../marketplace/money.ts';
import type { NormalizedOrder, NormalizedRefund } from '../marketplace/types.ts';
import { xhsReturnState, xhsSkuAfterSaleState, xhsStatusToOurs } from './codes.ts';

export interface XhsSkuWire {
  skuId: string;
  skuName: string;
  erpcode: string;
  skuSpec: string;
  skuImage: string;
  skuQuantity: number;
  totalPaidAmount: number;
  skuAfterSaleStatus: number;
  itemId: string;
  itemName: string;
  skuDetailList: { skuId: string; erpCode: string; quantity: number; rawPricePerSku: number; paidAmountPerSku: number; skuName: string }[];
}

export interface XhsOrderWire {
  orderId: string;
  orderType: number;
  orderStatus: number;
  orderAfterSalesStatus: number;
  cancelStatus: number;
  createdTime: number;
  paidTime: number;
  updateTime: number;
  receiverCountryName: string;
  receiverProvinceName: string;
  receiverCityName: string;
  receiverDistrictName: string;
  customerRemark: string;
  sellerRemark: string;
  sellerRemarkFlag: number;
  skuList: XhsSkuWire[];
  totalPayAmount: number;
  totalShippingFree: number;
  openAddressId: string;
  shopId: string;
  shopName: string;
  userId: string;
}

/** One entry of order.getOrderReceiverInfo's receiverInfos (name / phone / address are ciphertext). */
export interface XhsReceiverWire {
  orderId: string;
  matched: boolean;
  receiverName: string;
  receiverPhone: string;
  receiverAddress: string;
  receiverProvinceName: string;
  receiverCityName: string;
  receiverDistrictName: string;
  receiverTownName: string;
}

/** The summary order.getOrderList answers per order (no lines, no receiver). */
export function xhsSummary(w: XhsOrderWire) {
  const { skuList: _s, totalPayAmount: _t, totalShippingFree: _f, openAddressId: _o, shopId: _i, shopName: _n, userId: _u, ...summary } = w;
  return summary;
}

const ms = (v: unknown): Date | undefined => {
  const n = num(v);
  return Number.isFinite(n) && n > 0 ? new Date(n) : undefined;
};

/** Detail + receiver ciphertext + the desensitised texts (by ciphertext) → our order. */
export function xhsOrderFromWire(detailRaw: unknown, receiverRaw: unknown, masked: Map<string, string>): NormalizedOrder {
  const d = obj(detailRaw);
  const r = obj(receiverRaw);
  const code = num(d.orderStatus);
  const flag = num(d.sellerRemarkFlag);
  const cipher = { name: str(r.receiverName), phone: str(r.receiverPhone), address: str(r.receiverAddress) };
  const region = {
    province: str(r.receiverProvinceName) || str(d.receiverProvinceName),
    city: str(r.receiverCityName) || str(d.receiverCityName),
    district: str(r.receiverDistrictName) || str(d.receiverDistrictName),
    town: optStr(r.receiverTownName),
  };
  const items = arr(d.skuList).map((raw) => {
    const s = obj(raw);
    const detail = obj(arr(s.skuDetailList)[0]);
    return {
      platformItemId: str(s.skuId),
      itemId: str(s.itemId),
      skuId: optStr(s.skuId),
      title: str(s.itemName),
      spec: optStr(s.skuSpec),
      outerSkuCode: optStr(s.erpcode),
      picUrl: optStr(s.skuImage),
      quantity: num(s.skuQuantity),
      priceFen: parseFen(detail.rawPricePerSku, 'rawPricePerSku'),
      paymentFen: parseFen(s.totalPaidAmount, 'totalPaidAmount'),
      refundState: xhsSkuAfterSaleState(num(s.skuAfterSaleStatus)),
    };
  });
  return {
    platformOrderId: str(d.orderId),
    status: xhsStatusToOurs(code),
    platformStatus: String(code),
    buyerNick: str(d.userId),
    receiver: {
      name: masked.get(cipher.name) ?? '',
      phone: masked.get(cipher.phone) ?? '',
      ...region,
      address: masked.get(cipher.address) ?? '',
      encrypted: true,
      decryptHandle: fieldCiphersHandle({ ...cipher, ...region }),
    },
    buyerRemark: optStr(d.customerRemark),
    sellerRemark: optStr(d.sellerRemark),
    // Ark's flags: 1 grey (no flag) … 6 purple; ours 1 red … 5 purple.
    sellerFlag: flag >= 2 && flag <= 6 ? flag - 1 : undefined,
    totalFen: items.reduce((a, i) => a + i.priceFen * i.quantity, 0),
    postFeeFen: parseFen(d.totalShippingFree ?? 0, 'totalShippingFree'),
    paymentFen: parseFen(d.totalPayAmount, 'totalPayAmount'),
    createdAt: ms(d.createdTime) ?? new Date(0),
    paidAt: ms(d.paidTime),
    modifiedAt: ms(d.updateTime) ?? new Date(0),
    items,
  };
}

/** One afterSaleBasicInfos row of afterSale.listAfterSaleInfos. */
export interface XhsReturnWire {
  returnsId: string;
  returnType: number;
  status: number;
  orderId: string;
  skuId: string;
  applyTime: number;
  updatedAt: number;
  expectedRefundAmountYuan: number;
  reasonNameZh: string;
  /** The buyer's return parcel (⚠ field names from SDK code, not the Ark docs), once the buyer sent it. */
  returnExpressNo?: string;
  returnExpressCompany?: string;
}

/** returnType: 1 退货 (goods come back), 4 已发货仅退款, 5 未发货仅退款. */
export function xhsRefundFromWire(raw: unknown): NormalizedRefund {
  const w = obj(raw);
  const code = num(w.status);
  return {
    platformRefundId: str(w.returnsId),
    platformOrderId: str(w.orderId),
    platformItemId: optStr(w.skuId),
    platformStatus: String(code),
    state: xhsReturnState(code),
    refundFen: parseYuan(w.expectedRefundAmountYuan, 'expectedRefundAmountYuan'),
    reason: str(w.reasonNameZh),
    hasGoodReturn: num(w.returnType) === 1,
    ...(optStr(w.returnExpressNo) ? { returnWaybillNo: str(w.returnExpressNo), returnCourierName: optStr(w.returnExpressCompany) ?? '' } : {}),
    createdAt: ms(w.applyTime) ?? new Date(0),
    modifiedAt: ms(w.updatedAt) ?? new Date(0),
  };
}
