/**
 * Abnormal orders (/order/abnormalList): paid shop orders waiting for a dropship order that cannot
 * be placed yet, and why; and placed ones the warehouse could not ship because the platform refused
 * to decrypt the receiver (DECRYPT_FAILED, the only reason a placed order is listed for). Computed
 * when asked (never stored), so a fix shows at once: link the SKU, correct the address, re-authorize
 * the shop, a decrypt that succeeds or a typed receiver, and the order leaves the list.
 */
import {
  ABNORMAL_REASON_NAMES,
  type AbnormalDetail,
  type AbnormalLine,
  type AbnormalOrderRow,
  type AbnormalPageBody,
  AbnormalReason,
  type AbnormalSummary,
  maskAddress,
  maskName,
  maskPhone,
} from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { moneyColumn, timeColumn, type XlsxColumn } from '../../lib/excel/index.js';
import { plainReceiverOf } from '../../lib/receiver-vault/index.js';
import type { Caller } from '../../plugins/auth.js';
import { findArea } from '../area/index.js';
import { assertExportable, ensureShopSkus, linkViewOf, skusByIds } from '../goods/index.js';
import * as repo from './abnormal-orders.repository.js';

type Reason = z.infer<typeof AbnormalReason>;
const ORDER = AbnormalReason.options;

/** Province, city, district and street are all there, and the three levels exist together in the area tree. */
export function addressComplete(a: { province: string; city: string; district: string; address: string }): boolean {
  if (![a.province, a.city, a.district, a.address].every((s) => s.trim().length > 0)) return false;
  return findArea(a.province, a.city, a.district, a.address) !== null;
}

interface Listed {
  id: number;
  reasons: Reason[];
  decrypt: repo.Candidate['decrypt'];
}

async function abnormalOf(db: Db, orgId: number, f: repo.CandidateFilter): Promise<Listed[]> {
  await ensureShopSkus(db, orgId);
  const all = await repo.candidates(db, orgId, f);
  return all.flatMap((c) => {
    const reasons = c.reasons as Reason[];
    // A placed order's receiver was checked when it was placed; it is listed for its decrypt alone.
    if (!c.decrypt && !addressComplete(c)) reasons.push('ADDRESS_INCOMPLETE');
    reasons.sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
    return reasons.length > 0 ? [{ id: c.id, reasons, decrypt: c.decrypt }] : [];
  });
}

function toRow(o: repo.OrderRecord, reasons: Reason[], decrypt: Listed['decrypt'] = null): AbnormalOrderRow {
  return {
    id: o.id,
    shopId: o.shop_id,
    shopName: o.shop_name,
    channel: o.channel,
    platformOrderId: o.platform_order_id,
    paidAt: o.paid_at === null ? null : new Date(o.paid_at).toISOString(),
    receiverName: maskName(o.receiver_name),
    receiverPhone: maskPhone(o.receiver_phone),
    receiverArea: [o.receiver_province, o.receiver_city, o.receiver_district].filter(Boolean).join(' '),
    receiverAddress: maskAddress(o.receiver_address),
    paymentFen: Number(o.payment_fen),
    itemCount: Number(o.item_count),
    reasons,
    ...(decrypt
      ? { dropshipOrderId: decrypt.orderId, dropshipOrderNo: decrypt.orderNo, decryptOutcome: decrypt.outcome, decryptMessage: decrypt.message }
      : {}),
  };
}

async function rowsOf(db: Db, orgId: number, list: Listed[]) {
  const byId = new Map(
    (
      await repo.ordersByIds(
        db,
        orgId,
        list.map((l) => l.id),
      )
    ).map((o) => [o.id, o]),
  );
  return list.flatMap((l) => {
    const o = byId.get(l.id);
    return o ? [toRow(o, l.reasons, l.decrypt)] : [];
  });
}

function summaryOf(all: { reasons: Reason[] }[]): AbnormalSummary {
  const counts = Object.fromEntries(ORDER.map((r) => [r, 0])) as Record<Reason, number>;
  for (const a of all) for (const r of a.reasons) counts[r]++;
  return { total: all.length, counts };
}

/** One page of the chosen reason, with the counts of all reasons from the same scan. */
export async function pageAbnormal(db: Db, caller: Caller, q: z.output<typeof AbnormalPageBody>) {
  const all = await abnormalOf(db, caller.orgId, q);
  const chosen = q.reason ? all.filter((a) => a.reasons.includes(q.reason as Reason)) : all;
  const page = chosen.slice((q.pageNo - 1) * q.pageSize, q.pageNo * q.pageSize);
  return { total: chosen.length, list: await rowsOf(db, caller.orgId, page), summary: summaryOf(all) };
}

export async function abnormalSummary(db: Db, caller: Caller): Promise<AbnormalSummary> {
  return summaryOf(await abnormalOf(db, caller.orgId, {}));
}

export async function abnormalForExport(db: Db, caller: Caller, q: Omit<z.output<typeof AbnormalPageBody>, 'pageNo' | 'pageSize'>) {
  const all = (await abnormalOf(db, caller.orgId, q)).filter((a) => !q.reason || a.reasons.includes(q.reason));
  assertExportable(all.length);
  return rowsOf(db, caller.orgId, all);
}

export const abnormalColumns: XlsxColumn<AbnormalOrderRow>[] = [
  { header: '订单号', width: 24, value: (r) => r.platformOrderId },
  { header: '店铺', width: 20, value: (r) => r.shopName },
  { header: '异常原因', width: 30, value: (r) => r.reasons.map((x) => ABNORMAL_REASON_NAMES[x]).join('、') },
  { header: '平台说明', width: 40, value: (r) => r.decryptMessage ?? '' },
  { header: '代发订单号', width: 22, value: (r) => r.dropshipOrderNo ?? '' },
  { header: '收货人', value: (r) => r.receiverName },
  { header: '手机号', value: (r) => r.receiverPhone },
  { header: '省市区', width: 24, value: (r) => r.receiverArea },
  { header: '详细地址', width: 30, value: (r) => r.receiverAddress },
  { header: '件数', value: (r) => r.itemCount },
  moneyColumn('实付（元）', (r) => r.paymentFen),
  timeColumn('付款时间', (r) => r.paidAt),
];

function lineReason(refundState: string, link: AbnormalLine['link']): Reason | null {
  if (refundState === 'REFUNDING') return 'REFUNDING';
  if (refundState === 'REFUNDED') return 'REFUNDED';
  if (!link) return 'NO_LINK';
  if (link.supplierStatus !== 'ENABLED') return 'SUPPLIER_DISABLED';
  return link.costFen === null ? 'LINK_NO_COST' : null;
}

/** One order with its lines and full receiver, for the fixes (the seller's own data). */
export async function abnormalDetail(db: Db, caller: Caller, id: number): Promise<AbnormalDetail> {
  await ensureShopSkus(db, caller.orgId);
  const [order] = await repo.ordersByIds(db, caller.orgId, [id]);
  if (!order) throw notFound('订单');
  const found = (await abnormalOf(db, caller.orgId, { platformOrderId: order.platform_order_id, shopId: order.shop_id }))[0];
  const lines = await repo.orderLines(db, caller.orgId, id);
  const skuIds = lines.flatMap((l) => (l.shop_sku_id === null ? [] : [Number(l.shop_sku_id)]));
  const skus = new Map((await skusByIds(db, caller.orgId, skuIds)).map((s) => [s.id, s]));
  // The fix form starts from the full receiver while one is kept sealed.
  const plain = plainReceiverOf({
    receiverName: order.receiver_name,
    receiverPhone: order.receiver_phone,
    receiverAddress: order.receiver_address,
    receiverSealed: order.receiver_sealed,
  });
  return {
    order: toRow(order, found?.reasons ?? [], found?.decrypt ?? null),
    receiver: {
      receiverName: plain.name,
      receiverPhone: plain.phone,
      province: order.receiver_province,
      city: order.receiver_city,
      district: order.receiver_district,
      town: order.receiver_town ?? '',
      address: plain.address,
      encrypted: order.receiver_encrypted,
    },
    shopExpired: order.shop_expired,
    lines: lines.map((l) => {
      const shopSkuId = l.shop_sku_id === null ? null : Number(l.shop_sku_id);
      const sku = shopSkuId === null ? undefined : skus.get(shopSkuId);
      const link = sku ? linkViewOf(sku) : null;
      return {
        platformItemId: l.platform_item_id,
        title: l.title,
        spec: l.spec ?? '',
        itemId: l.item_id,
        skuId: l.sku_id,
        outerSkuCode: l.outer_sku_code ?? '',
        picUrl: l.pic_url ?? '',
        quantity: l.quantity,
        refundState: l.refund_state,
        shopSkuId,
        link,
        reason: lineReason(l.refund_state, link),
      };
    }),
  };
}
