/**
 * Pinduoduo order JSON ⇄ NormalizedOrder (protocols.md §3). PDD shows only paid orders, one goods
 * per order; money is yuan; receiver name/phone/address come as ciphertext (while 待发货) plus
 * `*_mask` fields, which are what we keep; the ciphertexts become the decrypt handle.
 */
import { formatChinaTime, parseChinaTime } from '../marketplace/china-time.ts';
import { fieldCiphersHandle } from '../marketplace/decrypt.ts';
import { arr, type Json, num, obj, optStr, str } from '../marketplace/http.ts';
import { fenToYuan, parseYuan } from '../marketplace/money.ts';
import { ChannelError, type NormalizedOrder, type NormalizedRefund, type ShopOrderStatus, type ShopRefundState } from '../marketplace/types.ts';

/** order_status 1 待发货, 2 已发货待签收, 3 已签收. */
export const PDD_ORDER_STATUS: Partial<Record<ShopOrderStatus, number>> = {
  WAIT_SELLER_SEND: 1,
  WAIT_BUYER_CONFIRM: 2,
  SELLER_CONSIGNED_PART: 2,
  FINISHED: 3,
  CLOSED: 1,
};
/** refund_status 1 无售后或售后关闭, 2 售后处理中, 3 退款中, 4 退款成功. */
export const PDD_REFUND_STATUS: Record<ShopRefundState, number> = { NONE: 1, CLOSED: 1, REFUNDING: 2, REFUNDED: 4 };

export function pddRefundState(refundStatus: number): ShopRefundState {
  return refundStatus === 4 ? 'REFUNDED' : refundStatus === 2 || refundStatus === 3 ? 'REFUNDING' : 'NONE';
}

/** Our status from PDD's pair: an order refunded in full before shipping will never ship, so it is closed. */
export function pddStatus(orderStatus: number, refundStatus: number): ShopOrderStatus {
  if (orderStatus === 1) return refundStatus === 4 ? 'CLOSED' : 'WAIT_SELLER_SEND';
  if (orderStatus === 2) return 'WAIT_BUYER_CONFIRM';
  if (orderStatus === 3) return 'FINISHED';
  throw new ChannelError('BAD_REQUEST', 'bad_status', `未知的拼多多订单状态：${orderStatus}`);
}

/** after_sales_status → our refund state: 10 退款成功; 9 拒绝关闭, 11 买家撤销, 12/13 逾期关闭; the rest are in progress. */
export function pddAfterSaleState(status: number): ShopRefundState {
  if (status === 10) return 'REFUNDED';
  if (status === 0) return 'NONE';
  if ([9, 11, 12, 13].includes(status)) return 'CLOSED';
  return 'REFUNDING';
}

const date = (v: unknown, field: string): Date => {
  const d = parseChinaTime(str(v));
  if (!d) throw new ChannelError('BAD_REQUEST', 'bad_time', `平台返回的时间格式不对（${field}：${str(v)}）`);
  return d;
};
const yuanNum = (fen: number) => Number(fenToYuan(fen));

/** The PDD order JSON for an order as PDD shows it (the emulator's answer); `cipher` are the receiver ciphertexts or null once shipped. */
export function orderToWire(o: NormalizedOrder, cipher: { name: string; phone: string; address: string } | null): Json {
  const item = o.items[0];
  const r = o.receiver;
  const [orderStatus, refundStatus] = o.platformStatus.split(':').map(Number);
  return {
    order_sn: o.platformOrderId,
    order_status: orderStatus,
    refund_status: refundStatus,
    confirm_status: 1,
    trade_type: 0,
    created_time: formatChinaTime(o.createdAt),
    confirm_time: o.paidAt ? formatChinaTime(o.paidAt) : '',
    pay_time: o.paidAt ? formatChinaTime(o.paidAt) : '',
    updated_at: formatChinaTime(o.modifiedAt),
    buyer_memo: o.buyerRemark ?? '',
    remark: o.sellerRemark ?? '',
    remark_tag: o.sellerFlag ?? 0,
    province: r.province,
    city: r.city,
    town: r.district,
    receiver_name: cipher?.name ?? '',
    receiver_phone: cipher?.phone ?? '',
    receiver_address: cipher?.address ?? '',
    address: cipher ? `~${cipher.address}~` : '',
    receiver_name_mask: r.name,
    receiver_phone_mask: r.phone,
    receiver_address_mask: r.address,
    address_mask: `${r.province}${r.city}${r.district}${r.address}`,
    goods_amount: yuanNum(o.totalFen),
    postage: yuanNum(o.postFeeFen),
    discount_amount: yuanNum(o.totalFen + o.postFeeFen - o.paymentFen),
    pay_amount: yuanNum(o.paymentFen),
    item_list: item
      ? [
          {
            goods_id: Number(item.itemId),
            goods_name: item.title,
            sku_id: Number(item.skuId),
            goods_spec: item.spec ?? '',
            goods_count: item.quantity,
            goods_price: yuanNum(item.priceFen),
            outer_id: item.outerSkuCode ?? '',
            outer_goods_id: item.outerItemCode ?? '',
            goods_img: item.picUrl ?? '',
          },
        ]
      : [],
  };
}

export function orderFromWire(w: Json): NormalizedOrder {
  const orderStatus = num(w.order_status);
  const refundStatus = num(w.refund_status);
  const status = pddStatus(orderStatus, refundStatus);
  const payment = parseYuan(w.pay_amount, 'pay_amount');
  const postage = parseYuan(w.postage ?? 0, 'postage');
  const ciphers = { name: str(w.receiver_name), phone: str(w.receiver_phone), address: str(w.receiver_address) };
  const flag = num(w.remark_tag);
  return {
    platformOrderId: str(w.order_sn),
    status,
    platformStatus: `${orderStatus}:${refundStatus}`,
    // PDD does not give the buyer's nick to apps.
    buyerNick: '',
    receiver: {
      name: str(w.receiver_name_mask),
      phone: str(w.receiver_phone_mask),
      province: str(w.province),
      city: str(w.city),
      district: str(w.town),
      address: str(w.receiver_address_mask),
      encrypted: true,
      decryptHandle: ciphers.name ? fieldCiphersHandle({ ...ciphers, province: str(w.province), city: str(w.city), district: str(w.town) }) : undefined,
    },
    buyerRemark: optStr(w.buyer_memo),
    sellerRemark: optStr(w.remark),
    sellerFlag: flag >= 1 && flag <= 5 ? flag : undefined,
    totalFen: parseYuan(w.goods_amount, 'goods_amount'),
    postFeeFen: postage,
    paymentFen: payment,
    createdAt: date(w.created_time, 'created_time'),
    paidAt: str(w.pay_time) ? date(w.pay_time, 'pay_time') : undefined,
    modifiedAt: date(w.updated_at, 'updated_at'),
    items: arr(w.item_list).map((raw) => {
      const i = obj(raw);
      return {
        // PDD has no sub-order id: one goods per order, so the SKU id names the line.
        platformItemId: str(i.sku_id),
        itemId: str(i.goods_id),
        skuId: optStr(i.sku_id),
        title: str(i.goods_name),
        spec: optStr(i.goods_spec),
        outerItemCode: optStr(i.outer_goods_id),
        outerSkuCode: optStr(i.outer_id),
        picUrl: optStr(i.goods_img),
        quantity: num(i.goods_count),
        priceFen: parseYuan(i.goods_price, 'goods_price'),
        paymentFen: payment - postage,
        refundState: pddRefundState(refundStatus),
      };
    }),
  };
}

export function refundToWire(r: NormalizedRefund, order: NormalizedOrder | undefined): Json {
  const item = order?.items[0];
  return {
    id: Number(r.platformRefundId),
    order_sn: r.platformOrderId,
    after_sales_status: Number(r.platformStatus),
    after_sales_type: r.hasGoodReturn ? 3 : 2,
    after_sale_reason: r.reason,
    refund_amount: yuanNum(r.refundFen),
    goods_id: item ? Number(item.itemId) : undefined,
    sku_id: r.platformItemId ? Number(r.platformItemId) : undefined,
    outer_id: item?.outerSkuCode ?? '',
    goods_number: item?.quantity,
    // The buyer's return parcel: tracking_number (退货运单号) and shipping_name (its courier).
    ...(r.returnWaybillNo ? { tracking_number: r.returnWaybillNo, shipping_name: r.returnCourierName ?? '' } : {}),
    created_time: formatChinaTime(r.createdAt),
    updated_time: formatChinaTime(r.modifiedAt),
  };
}

export function refundFromWire(w: Json): NormalizedRefund {
  const status = num(w.after_sales_status);
  return {
    platformRefundId: str(w.id),
    platformOrderId: str(w.order_sn),
    platformItemId: optStr(w.sku_id),
    platformStatus: String(status),
    state: pddAfterSaleState(status),
    refundFen: parseYuan(w.refund_amount, 'refund_amount'),
    reason: str(w.after_sale_reason),
    hasGoodReturn: num(w.after_sales_type) === 3,
    ...(optStr(w.tracking_number) ? { returnWaybillNo: str(w.tracking_number), returnCourierName: optStr(w.shipping_name) ?? '' } : {}),
    createdAt: date(w.created_time, 'created_time'),
    modifiedAt: date(w.updated_time, 'updated_time'),
  };
}
