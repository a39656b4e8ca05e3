/**
 * Taking a platform privacy e-waybill for a parcel (decision 0025): through the shop's own waybill
 * account on its platform (菜鸟, 拼多多, 抖店, 快手, 小红书, 京东), with the order's receiver handle as
 * synced, so nothing is decrypted. The objectId is the parcel's lead order id: a retry after a failed
 * delivery gets the same number from the platform. The print data comes back encrypted and is only
 * forwarded to the page for the platform's print component.
 */
import type { PlatformPrintData } from '@dropship/channels';
import { splitAddress } from '../area/index.js';
import type { OrderRecord } from '../dropship-orders/index.js';
import { markExpired, type ShopsDeps, waybillClientOfShop } from '../shops/index.js';
import type { ReceiverSource } from './receiver-source.js';
import { REAUTH, shipFailed, shopAccess } from './shop-access.js';
import type { Party } from './waybill-label.js';

export interface PlatformParcel {
  /** The parcel's lead order (lowest id) and its members. */
  lead: OrderRecord;
  members: OrderRecord[];
  src: ReceiverSource;
  sender: Party;
  items: { name: string; count: number }[];
}

/**
 * Our sender is one printed line (the seller's delivery info or the warehouse's); the platforms want
 * province, city and district apart. An address the area tree cannot split goes as the street alone,
 * and the platform's refusal says the sender address is incomplete.
 */
function senderParty(s: Party) {
  const a = splitAddress(s.printAddr);
  return a
    ? { name: s.name, phone: s.mobile, province: a.province, city: a.city, district: a.district, address: a.address }
    : { name: s.name, phone: s.mobile, province: '', city: '', district: '', address: s.printAddr };
}

/** The parcel's idempotency key on the platform. */
export const parcelObjectId = (leadOrderId: number) => `DS${leadOrderId}`;

export async function takePlatformWaybill(deps: ShopsDeps, p: PlatformParcel): Promise<{ trackingNo: string; printData: PlatformPrintData }> {
  const { lead, src } = p;
  if (!src.handle) throw shipFailed('平台没有给出该订单的加密收货人，不能使用平台电子面单：请在仓库设置把该店铺的面单来源改为快递100');
  const access = await shopAccess(deps, lead.orgId, src.shopId);
  const client = await waybillClientOfShop(deps, access.shop);
  if (!client) throw shipFailed('该平台没有电子面单接口：请在仓库设置把该店铺的面单来源改为快递100');
  if (!access.token) throw shipFailed(`无法获取平台电子面单：${REAUTH}`);
  const orderIds = [...new Set(p.members.filter((m) => m.shopId === src.shopId && m.platformOrderId).map((m) => m.platformOrderId as string))];
  const [out] = await client.getWaybills({
    token: access.token,
    courierCode: lead.expressCode,
    sender: senderParty(p.sender),
    orders: [
      {
        objectId: parcelObjectId(lead.id),
        platformOrderIds: orderIds.length ? orderIds : [src.platformOrderId],
        receiverHandle: src.handle,
        region: src.region,
        items: p.items.length ? p.items : [{ name: '服装', count: 1 }],
      },
    ],
  });
  if (!out) throw new Error('getWaybills answered no outcome');
  if (out.ok) return { trackingNo: out.trackingNo, printData: out.printData };
  if (out.kind === 'TOKEN_EXPIRED') await markExpired(deps.db, access.shop);
  const why = out.kind === 'NO_ACCOUNT' ? out.message : `${out.message}${out.retryable ? '（平台繁忙，请稍后重试）' : ''}`;
  throw shipFailed(`获取平台电子面单失败：${why}`);
}

/** Gives a platform waybill back (the parcel was voided); the platform's refusal is answered, not thrown. */
export async function cancelPlatformWaybill(deps: ShopsDeps, w: { sellerOrgId: number; shopId: number; courierCode: string; trackingNo: string }) {
  const access = await shopAccess(deps, w.sellerOrgId, w.shopId);
  const client = await waybillClientOfShop(deps, access.shop);
  if (!client || !access.token) return { ok: false as const, message: REAUTH };
  return client.cancelWaybill({ token: access.token, courierCode: w.courierCode, trackingNo: w.trackingNo });
}
