/** What the Xiaohongshu client reads back for a stored order or refund, and the JSON the emulator sends for it. */
import { createHash } from 'node:crypto';
import { desensitiseAddress, desensitiseMobile, desensitiseName } from '../kuaishou/mask.ts';
import { fieldCiphersHandle } from '../marketplace/decrypt.ts';
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import type { NormalizedOrder, NormalizedRefund } from '../marketplace/types.ts';
import { XHS_SKU_AFTER_SALE_OF, xhsOrderAfterSaleOf, xhsReturnState, xhsReturnStatusOf, xhsSkuAfterSaleState, xhsStatusOf, xhsStatusToOurs } from './codes.ts';
import type { XhsOrderWire, XhsReceiverWire, XhsReturnWire } from './wire.ts';

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

/** Ark shows a 24-hex user id, never the buyer's nick. */
export const xhsUserId = (nick: string) => md5(`xhs-user:${nick}`).slice(0, 24);

/** The openAddressId Ark computes from name + phone + address (getOrderReceiverInfo wants it back). */
export const xhsOpenAddressId = (o: NormalizedOrder) => md5(`${o.receiver.name}|${o.receiver.phone}|${o.receiver.address}`);

const lineId = (l: NormalizedOrder['items'][number]) => l.skuId ?? l.platformItemId;

export function xhsView(o: NormalizedOrder, core: ChannelCore): NormalizedOrder {
  const code = xhsStatusOf(o.status, o.paidAt !== undefined);
  const r = o.receiver;
  return {
    platformOrderId: o.platformOrderId,
    status: xhsStatusToOurs(code),
    platformStatus: String(code),
    buyerNick: xhsUserId(o.buyerNick),
    receiver: {
      name: desensitiseName(r.name),
      phone: desensitiseMobile(r.phone),
      province: r.province,
      city: r.city,
      district: r.district,
      town: r.town,
      address: desensitiseAddress(r.address),
      encrypted: true,
      decryptHandle: fieldCiphersHandle({
        name: core.encrypt(r.name),
        phone: core.encrypt(r.phone),
        address: core.encrypt(r.address),
        province: r.province,
        city: r.city,
        district: r.district,
        town: r.town,
      }),
    },
    buyerRemark: o.buyerRemark,
    sellerRemark: o.sellerRemark,
    sellerFlag: o.sellerFlag,
    totalFen: o.items.reduce((a, l) => a + l.priceFen * l.quantity, 0),
    postFeeFen: o.postFeeFen,
    paymentFen: o.paymentFen,
    createdAt: o.createdAt,
    paidAt: o.paidAt,
    modifiedAt: o.modifiedAt,
    items: o.items.map((l) => ({
      platformItemId: lineId(l),
      itemId: l.itemId,
      skuId: l.skuId,
      title: l.title,
      spec: l.spec,
      outerSkuCode: l.outerSkuCode,
      // The sku's image (skuImage on the wire).
      picUrl: l.picUrl,
      quantity: l.quantity,
      priceFen: l.priceFen,
      paymentFen: l.paymentFen,
      refundState: xhsSkuAfterSaleState(XHS_SKU_AFTER_SALE_OF[l.refundState]),
    })),
  };
}

/** Refunds name the SKU (Ark has no sub-order id). */
export function xhsViewRefund(r: NormalizedRefund, core: ChannelCore): NormalizedRefund {
  const order = core.orders.get(r.platformOrderId)?.order;
  const line = order?.items.find((l) => l.platformItemId === r.platformItemId);
  const code = xhsReturnStatusOf(r.platformStatus, r.state);
  return { ...r, platformItemId: line ? lineId(line) : r.platformItemId, platformStatus: String(code), state: xhsReturnState(code) };
}

export function xhsDetailWire(o: NormalizedOrder, shop: { platformShopId: string; shopName: string }): XhsOrderWire {
  const r = o.receiver;
  return {
    orderId: o.platformOrderId,
    orderType: 1,
    orderStatus: xhsStatusOf(o.status, o.paidAt !== undefined),
    orderAfterSalesStatus: xhsOrderAfterSaleOf(o.items.map((l) => l.refundState)),
    cancelStatus: 0,
    createdTime: o.createdAt.getTime(),
    paidTime: o.paidAt?.getTime() ?? 0,
    updateTime: o.modifiedAt.getTime(),
    receiverCountryName: '中国',
    receiverProvinceName: r.province,
    receiverCityName: r.city,
    receiverDistrictName: r.district,
    customerRemark: o.buyerRemark ?? '',
    sellerRemark: o.sellerRemark ?? '',
    sellerRemarkFlag: o.sellerFlag ? o.sellerFlag + 1 : 1,
    skuList: o.items.map((l) => ({
      skuId: lineId(l),
      skuName: l.spec ? `${l.title} ${l.spec}` : l.title,
      erpcode: l.outerSkuCode ?? '',
      skuSpec: l.spec ?? '',
      skuImage: l.picUrl ?? '',
      skuQuantity: l.quantity,
      totalPaidAmount: l.paymentFen,
      skuAfterSaleStatus: XHS_SKU_AFTER_SALE_OF[l.refundState],
      itemId: l.itemId,
      itemName: l.title,
      skuDetailList: [
        {
          skuId: lineId(l),
          erpCode: l.outerSkuCode ?? '',
          quantity: l.quantity,
          rawPricePerSku: l.priceFen,
          paidAmountPerSku: Math.floor(l.paymentFen / l.quantity),
          skuName: l.title,
        },
      ],
    })),
    totalPayAmount: o.paymentFen,
    totalShippingFree: o.postFeeFen,
    openAddressId: xhsOpenAddressId(o),
    shopId: shop.platformShopId,
    shopName: shop.shopName,
    userId: xhsUserId(o.buyerNick),
  };
}

export function xhsReceiverWire(o: NormalizedOrder, core: ChannelCore): XhsReceiverWire {
  const r = o.receiver;
  return {
    orderId: o.platformOrderId,
    matched: true,
    receiverName: core.encrypt(r.name),
    receiverPhone: core.encrypt(r.phone),
    receiverAddress: core.encrypt(r.address),
    receiverProvinceName: r.province,
    receiverCityName: r.city,
    receiverDistrictName: r.district,
    receiverTownName: r.town ?? '',
  };
}

export function xhsReturnWire(r: NormalizedRefund, core: ChannelCore): XhsReturnWire {
  const v = xhsViewRefund(r, core);
  return {
    returnsId: v.platformRefundId,
    returnType: v.hasGoodReturn ? 1 : 5,
    status: Number(v.platformStatus),
    orderId: v.platformOrderId,
    skuId: v.platformItemId ?? '',
    applyTime: v.createdAt.getTime(),
    updatedAt: v.modifiedAt.getTime(),
    expectedRefundAmountYuan: v.refundFen / 100,
    reasonNameZh: v.reason,
    ...(v.returnWaybillNo ? { returnExpressNo: v.returnWaybillNo, returnExpressCompany: v.returnCourierName ?? '' } : {}),
  };
}
