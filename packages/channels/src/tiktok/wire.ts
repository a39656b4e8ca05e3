/**
 * Douyin shop order JSON ⇄ NormalizedOrder (protocols.md §4). Money is integer fen; times are
 * unix seconds; receiver name/phone/detail come masked plus encrypt_* ciphertexts (kept as the
 * decrypt handle); SKU specs are [{name, value}], which rebuild "颜色分类:杏色;尺码:M" exactly.
 */
import { unixSeconds } from '../marketplace/china-time.ts';
import { fieldCiphersHandle } from '../marketplace/decrypt.ts';
import { arr, type Json, num, obj, optStr, str } from '../marketplace/http.ts';
import { parseFen } from '../marketplace/money.ts';
import { ChannelError, type NormalizedOrder, type NormalizedRefund, type ShopOrderStatus, type ShopRefundState } from '../marketplace/types.ts';

/** order_status: 1 待支付, 105 已支付, 2 备货中, 101 部分发货, 3 已发货, 4 已取消, 5 已完成. */
const FROM_DOUDIAN: Record<number, ShopOrderStatus> = {
  1: 'WAIT_BUYER_PAY',
  105: 'WAIT_SELLER_SEND',
  2: 'WAIT_SELLER_SEND',
  101: 'SELLER_CONSIGNED_PART',
  3: 'WAIT_BUYER_CONFIRM',
  4: 'CLOSED',
  5: 'FINISHED',
};
export const TO_DOUDIAN: Record<ShopOrderStatus, number> = {
  WAIT_BUYER_PAY: 1,
  WAIT_SELLER_SEND: 2,
  SELLER_CONSIGNED_PART: 101,
  WAIT_BUYER_CONFIRM: 3,
  CLOSED: 4,
  FINISHED: 5,
};
const STATUS_DESC: Record<number, string> = { 1: '待支付', 105: '已支付', 2: '备货中', 101: '部分发货', 3: '已发货', 4: '已取消', 5: '已完成' };

/** Line refund_status (⚠ codes as in afterSale.List): 0 无, 1 待退款, 2 退款中, 3 退款成功, 4 退款失败/关闭. */
export const LINE_REFUND: Record<ShopRefundState, number> = { NONE: 0, REFUNDING: 2, REFUNDED: 3, CLOSED: 4 };
const lineRefundState = (s: number): ShopRefundState => (s === 3 ? 'REFUNDED' : s === 4 ? 'CLOSED' : s === 1 || s === 2 ? 'REFUNDING' : 'NONE');

/** Standard after-sale status: 12 售后成功; 27/28/29 refused or failed; the rest (6, 7, 8, 11, 13, 14 …) in progress. */
export function aftersaleState(status: number): ShopRefundState {
  if (status === 12) return 'REFUNDED';
  if (status === 27 || status === 28 || status === 29) return 'CLOSED';
  return 'REFUNDING';
}

export function doudianStatus(code: number): ShopOrderStatus {
  const s = FROM_DOUDIAN[code];
  if (!s) throw new ChannelError('BAD_REQUEST', 'bad_status', `未知的抖店订单状态：${code}`);
  return s;
}

const fromUnix = (v: unknown, field: string): Date => {
  const n = num(v);
  if (!Number.isInteger(n) || n <= 0) throw new ChannelError('BAD_REQUEST', 'bad_time', `平台返回的时间格式不对（${field}：${str(v)}）`);
  return new Date(n * 1000);
};
const area = (name: string, id = '') => ({ name, id });

export interface DoudianCiphers {
  name: string;
  phone: string;
  address: string;
}

/** An order as Douyin shows it (masked receiver in the order) plus its ciphertexts — the emulator's answer. */
export function orderToWire(o: NormalizedOrder, cipher: DoudianCiphers): Json {
  const code = Number(o.platformStatus);
  const r = o.receiver;
  return {
    order_id: o.platformOrderId,
    order_status: code,
    order_status_desc: STATUS_DESC[code],
    create_time: unixSeconds(o.createdAt),
    pay_time: o.paidAt ? unixSeconds(o.paidAt) : 0,
    update_time: unixSeconds(o.modifiedAt),
    order_amount: o.totalFen + o.postFeeFen,
    pay_amount: o.paymentFen,
    post_amount: o.postFeeFen,
    buyer_words: o.buyerRemark ?? '',
    seller_words: o.sellerRemark ?? '',
    seller_remark_stars: o.sellerFlag ?? 0,
    post_receiver: r.name,
    post_tel: r.phone,
    encrypt_post_receiver: cipher.name,
    encrypt_post_tel: cipher.phone,
    post_addr: {
      province: area(r.province),
      city: area(r.city),
      town: area(r.district),
      street: area(r.town ?? ''),
      detail: r.address,
      encrypt_detail: cipher.address,
    },
    sku_order_list: o.items.map((i) => ({
      order_id: i.platformItemId,
      parent_order_id: o.platformOrderId,
      product_id: i.itemId,
      product_name: i.title,
      product_pic: i.picUrl ?? '',
      sku_id: i.skuId ?? '',
      code: i.outerSkuCode ?? '',
      out_product_id: i.outerItemCode ?? '',
      spec: (i.spec ?? '')
        .split(';')
        .filter(Boolean)
        .map((kv) => ({ name: kv.split(':')[0], value: kv.split(':').slice(1).join(':') })),
      item_num: i.quantity,
      origin_amount: i.priceFen * i.quantity,
      pay_amount: i.paymentFen,
      after_sale_info: { after_sale_status: i.refundState === 'NONE' ? 0 : 6, refund_status: LINE_REFUND[i.refundState] },
    })),
  };
}

export function orderFromWire(w: Json): NormalizedOrder {
  const code = num(w.order_status);
  const addr = obj(w.post_addr);
  const post = parseFen(w.post_amount ?? 0, 'post_amount');
  const ciphers = { name: str(w.encrypt_post_receiver), phone: str(w.encrypt_post_tel), address: str(addr.encrypt_detail) };
  const stars = num(w.seller_remark_stars);
  return {
    platformOrderId: str(w.order_id),
    status: doudianStatus(code),
    platformStatus: String(code),
    // Douyin does not hand the buyer's nick to apps.
    buyerNick: '',
    receiver: {
      name: str(w.post_receiver),
      phone: str(w.post_tel),
      province: str(obj(addr.province).name),
      city: str(obj(addr.city).name),
      district: str(obj(addr.town).name),
      town: optStr(obj(addr.street).name),
      address: str(addr.detail),
      encrypted: true,
      decryptHandle: ciphers.name
        ? fieldCiphersHandle({
            ...ciphers,
            province: str(obj(addr.province).name),
            city: str(obj(addr.city).name),
            district: str(obj(addr.town).name),
            town: optStr(obj(addr.street).name),
          })
        : undefined,
    },
    buyerRemark: optStr(w.buyer_words),
    sellerRemark: optStr(w.seller_words),
    sellerFlag: stars >= 1 && stars <= 5 ? stars : undefined,
    totalFen: parseFen(w.order_amount, 'order_amount') - post,
    postFeeFen: post,
    paymentFen: parseFen(w.pay_amount, 'pay_amount'),
    createdAt: fromUnix(w.create_time, 'create_time'),
    paidAt: num(w.pay_time) > 0 ? fromUnix(w.pay_time, 'pay_time') : undefined,
    modifiedAt: fromUnix(w.update_time, 'update_time'),
    items: arr(w.sku_order_list).map((raw) => {
      const i = obj(raw);
      const quantity = num(i.item_num);
      const spec = arr(i.spec)
        .map((s) => `${str(obj(s).name)}:${str(obj(s).value)}`)
        .join(';');
      return {
        platformItemId: str(i.order_id),
        itemId: str(i.product_id),
        skuId: optStr(i.sku_id),
        title: str(i.product_name),
        spec: spec || undefined,
        outerItemCode: optStr(i.out_product_id),
        outerSkuCode: optStr(i.code),
        picUrl: optStr(i.product_pic),
        quantity,
        priceFen: Math.round(parseFen(i.origin_amount, 'origin_amount') / Math.max(1, quantity)),
        paymentFen: parseFen(i.pay_amount, 'pay_amount'),
        refundState: lineRefundState(num(obj(i.after_sale_info).refund_status)),
      };
    }),
  };
}

export function refundToWire(r: NormalizedRefund): Json {
  return {
    aftersale_info: {
      aftersale_id: r.platformRefundId,
      aftersale_type: r.hasGoodReturn ? 0 : 2,
      aftersale_status: Number(r.platformStatus),
      refund_amount: r.refundFen,
      refund_status: LINE_REFUND[r.state],
      reason: r.reason,
      // The buyer's return parcel: return_logistics_code (退货运单号) and its courier's name.
      ...(r.returnWaybillNo ? { return_logistics_code: r.returnWaybillNo, return_logistics_company_name: r.returnCourierName ?? '' } : {}),
      apply_time: unixSeconds(r.createdAt),
      update_time: unixSeconds(r.modifiedAt),
    },
    order_info: { shop_order_id: r.platformOrderId, related_order_info: r.platformItemId ? [{ sku_order_id: r.platformItemId }] : [] },
  };
}

export function refundFromWire(w: Json): NormalizedRefund {
  const a = obj(w.aftersale_info);
  const o = obj(w.order_info);
  const status = num(a.aftersale_status);
  const type = num(a.aftersale_type);
  return {
    platformRefundId: str(a.aftersale_id),
    platformOrderId: str(o.shop_order_id),
    platformItemId: optStr(obj(arr(o.related_order_info)[0]).sku_order_id),
    platformStatus: String(status),
    state: aftersaleState(status),
    refundFen: parseFen(a.refund_amount, 'refund_amount'),
    reason: str(a.reason),
    // 0 退货退款 and 3 换货 send goods back; 1/2 are money only.
    hasGoodReturn: type === 0 || type === 3,
    ...(optStr(a.return_logistics_code)
      ? { returnWaybillNo: str(a.return_logistics_code), returnCourierName: optStr(a.return_logistics_company_name) ?? '' }
      : {}),
    createdAt: fromUnix(a.apply_time, 'apply_time'),
    modifiedAt: fromUnix(a.update_time, 'update_time'),
  };
}
