/**
 * Kuaishou order JSON ⇄ NormalizedOrder. A Kuaishou order holds exactly one SKU line
 * (orderBaseInfo + orderItemInfo; a cart checkout makes one order per line), so the line id is the
 * order id. Money is integer fen (protocols.md §14). Receivers come encrypted (encrypted*) with a
 * desensitised copy (desensitise*), like every platform after the 2022 privacy rules.
 */
import { fieldCiphersHandle } from '../marketplace/decrypt.ts';
import { arr, type Json, num, obj, optStr, str } from '../marketplace/http.ts';
import { intFen } from '../marketplace/money.ts';
import type { NormalizedOrder, NormalizedRefund } from '../marketplace/types.ts';
import { KS_STATUS_OF, ksRefundCodeOf, ksRefundState, ksStatusToOurs } from './codes.ts';

export interface KsAddressWire {
  consignee: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  town: string;
  address: string;
  encryptedConsignee: string;
  encryptedMobile: string;
  encryptedAddress: string;
  desensitiseConsignee: string;
  desensitiseMobile: string;
  desensitiseAddress: string;
}

export interface KsOrderWire {
  orderBaseInfo: {
    oid: string;
    status: number;
    buyerNick: string;
    createTime: number;
    payTime: number;
    updateTime: number;
    totalFee: number;
    discountFee: number;
    expressFee: number;
    remark: string;
    sellerNote: string;
  };
  orderItemInfo: {
    itemId: string;
    skuId: string;
    itemTitle: string;
    skuDesc: string;
    skuNick: string;
    itemPicUrl: string;
    originalPrice: number;
    num: number;
  };
  orderAddress: KsAddressWire;
  orderRefundList: { refundId: string; refundStatus: number }[];
}

/** The platform view of one order's refunds: the emulator passes the stored ones for the line. */
export interface KsRefundRef {
  platformRefundId: string;
  platformStatus: string;
  state: NormalizedRefund['state'];
}

/** Stored order (already cut to its Kuaishou view) → the JSON the gateway answers. */
export function ksOrderToWire(o: NormalizedOrder, address: KsAddressWire, refunds: KsRefundRef[]): KsOrderWire {
  const line = o.items[0];
  if (!line) throw new Error(`order ${o.platformOrderId} has no line`);
  return {
    orderBaseInfo: {
      oid: o.platformOrderId,
      status: Number(o.platformStatus) || KS_STATUS_OF[o.status],
      buyerNick: o.buyerNick,
      createTime: o.createdAt.getTime(),
      payTime: o.paidAt?.getTime() ?? 0,
      updateTime: o.modifiedAt.getTime(),
      totalFee: o.paymentFen,
      discountFee: o.totalFen + o.postFeeFen - o.paymentFen,
      expressFee: o.postFeeFen,
      remark: o.buyerRemark ?? '',
      sellerNote: o.sellerRemark ?? '',
    },
    orderItemInfo: {
      itemId: line.itemId,
      skuId: line.skuId ?? '',
      itemTitle: line.title,
      skuDesc: line.spec ?? '',
      skuNick: line.outerSkuCode ?? '',
      itemPicUrl: line.picUrl ?? '',
      originalPrice: line.priceFen,
      num: line.quantity,
    },
    orderAddress: address,
    orderRefundList: refunds.map((r) => ({
      refundId: r.platformRefundId,
      refundStatus: Number(r.platformStatus) || ksRefundCodeOf(r.platformStatus, r.state),
    })),
  };
}

const date = (ms: unknown): Date | undefined => {
  const n = num(ms);
  return Number.isFinite(n) && n > 0 ? new Date(n) : undefined;
};

/** Gateway JSON → our order. The line's refund state is the newest refund's, if any. */
export function ksOrderFromWire(raw: unknown): NormalizedOrder {
  const w = obj(raw);
  const base = obj(w.orderBaseInfo);
  const item = obj(w.orderItemInfo);
  const addr = obj(w.orderAddress);
  const oid = str(base.oid);
  const code = num(base.status);
  const expressFee = intFen(base.expressFee ?? 0, 'expressFee');
  const totalFee = intFen(base.totalFee, 'totalFee');
  const discountFee = intFen(base.discountFee ?? 0, 'discountFee');
  const priceFen = intFen(item.originalPrice, 'originalPrice');
  const quantity = num(item.num);
  const refunds = arr(w.orderRefundList).map(obj);
  const last = refunds[refunds.length - 1];
  const encrypted = str(addr.encryptedConsignee) !== '';
  return {
    platformOrderId: oid,
    status: ksStatusToOurs(code),
    platformStatus: String(code),
    buyerNick: str(base.buyerNick),
    receiver: {
      name: encrypted ? str(addr.desensitiseConsignee) : str(addr.consignee),
      phone: encrypted ? str(addr.desensitiseMobile) : str(addr.mobile),
      province: str(addr.province),
      city: str(addr.city),
      district: str(addr.district),
      town: optStr(addr.town),
      address: encrypted ? str(addr.desensitiseAddress) : str(addr.address),
      encrypted,
      decryptHandle: encrypted ? ksDecryptHandle(addr) : undefined,
    },
    buyerRemark: optStr(base.remark),
    sellerRemark: optStr(base.sellerNote),
    totalFen: totalFee + discountFee - expressFee,
    postFeeFen: expressFee,
    paymentFen: totalFee,
    createdAt: date(base.createTime) ?? new Date(0),
    paidAt: date(base.payTime),
    modifiedAt: date(base.updateTime) ?? new Date(0),
    items: [
      {
        platformItemId: oid,
        itemId: str(item.itemId),
        skuId: optStr(item.skuId),
        title: str(item.itemTitle),
        spec: optStr(item.skuDesc),
        outerSkuCode: optStr(item.skuNick),
        picUrl: optStr(item.itemPicUrl),
        quantity,
        priceFen,
        paymentFen: totalFee - expressFee,
        refundState: last ? ksRefundState(num(last.refundStatus)) : 'NONE',
      },
    ],
  };
}

/** The three ciphertexts open.order.decrypt.batch takes, kept together as one handle with the region it does not answer. */
export function ksDecryptHandle(addr: Json | KsAddressWire): string {
  const a = addr as Json;
  return fieldCiphersHandle({
    name: str(a.encryptedConsignee),
    phone: str(a.encryptedMobile),
    address: str(a.encryptedAddress),
    province: str(a.province),
    city: str(a.city),
    district: str(a.district),
    town: optStr(a.town),
  });
}

/** A refund row of open.seller.order.refund.pcursor.list. */
export interface KsRefundWire {
  refundId: string;
  oid: string;
  status: number;
  refundType: number;
  refundFee: number;
  refundReasonDesc: string;
  createTime: number;
  updateTime: number;
}

/** refundType: 1 退货退款, 2 仅退款 (⚠). */
export function ksRefundToWire(r: NormalizedRefund): KsRefundWire {
  return {
    refundId: r.platformRefundId,
    oid: r.platformOrderId,
    status: Number(r.platformStatus) || ksRefundCodeOf(r.platformStatus, r.state),
    refundType: r.hasGoodReturn ? 1 : 2,
    refundFee: r.refundFen,
    refundReasonDesc: r.reason,
    createTime: r.createdAt.getTime(),
    updateTime: r.modifiedAt.getTime(),
  };
}

export function ksRefundFromWire(raw: unknown): NormalizedRefund {
  const w = obj(raw);
  const code = num(w.status);
  return {
    platformRefundId: str(w.refundId),
    platformOrderId: str(w.oid),
    platformItemId: str(w.oid),
    platformStatus: String(code),
    state: ksRefundState(code),
    refundFen: intFen(w.refundFee, 'refundFee'),
    reason: str(w.refundReasonDesc),
    hasGoodReturn: num(w.refundType) === 1,
    createdAt: date(w.createTime) ?? new Date(0),
    modifiedAt: date(w.updateTime) ?? new Date(0),
  };
}
