/**
 * Turning drafts into priced order plans: the lines resolved through the goods links (shop
 * orders) or custom goods (by hand), the express fee from the operator's rules, the service fee
 * per item, the coupon. Placing, the cost call and the place page's preview all go through here,
 * so the money the page shows is the money the order charges.
 */
import {
  ABNORMAL_REASON_NAMES,
  type AbnormalReason,
  ErrorCode,
  type FulfilmentSettingsValues,
  type PlaceLine,
  type SpeedDeliveryTerms,
} from '@dropship/contract';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { expressFeeFrom, type FeeBook } from '../../express/index.js';
import { fulfilmentSettings, supplyModeOf } from '../../fulfilment-settings/index.js';
import { quoteCoupon } from '../../funds/index.js';
import { type ResolvedGoodsLink, resolveGoodsLinks } from '../../goods/index.js';
import { memberServiceFee } from '../../membership/index.js';
import { NO_SPEED, speedFeeOf, speedProblem, wantsSpeed } from '../../speed-delivery/index.js';
import type { NewItem } from '../orders.repository.js';
import * as src from './shop-source.repository.js';

/** Shop order statuses a dropship order may be placed for: paid and not (fully) shipped. */
export const PLACEABLE_SHOP_STATUSES = new Set(['WAIT_SELLER_SEND', 'SELLER_CONSIGNED_PART']);

export interface DraftInput {
  shopOrderId?: number | undefined;
  items?: { customGoodsId: number; quantity: number }[] | undefined;
  province: string;
  expressCode: string;
  couponId?: number | undefined;
  /** 加急发货 as asked; absent = the seller's default. */
  speedDelivery?: boolean | undefined;
}

export interface PlannedLine extends NewItem {
  reason: AbnormalReason | null;
  refundState: string;
}

export interface Plan {
  shopOrder: src.ShopOrderSource | null;
  lines: PlannedLine[];
  /** Why the order cannot be placed as it is (Chinese), empty when it can. */
  problems: string[];
  itemCount: number;
  goodsFen: number;
  express: { code: string; name: string; feeFen: number } | null;
  serviceFeeFen: number;
  /** What the seller's membership took off the service fee (decision 0033); serviceFeeFen is after it. */
  memberFeeOffFen: number;
  /** 加急发货 and its fee (the operator's price now; 0 when not urgent). Not part of the coupon's base. */
  speedDelivery: boolean;
  speedFeeFen: number;
  discountFen: number;
  couponError: string | null;
}

const lineProblem = (l: PlannedLine) => `「${l.title || l.artNo}」${ABNORMAL_REASON_NAMES[l.reason as AbnormalReason]}`;

function linkLine(line: src.ShopOrderLine, r: ResolvedGoodsLink | undefined, lineNo: number): PlannedLine {
  const base = {
    lineNo,
    shopOrderItemId: line.id,
    customGoodsId: null,
    title: line.title,
    spec: line.spec,
    picUrl: line.picUrl,
    quantity: line.quantity,
    refundState: line.refundState,
  };
  const refunding = line.refundState === 'REFUNDING';
  if (!r?.ok || refunding) {
    const reason: AbnormalReason = refunding ? 'REFUNDING' : r && !r.ok ? r.reason : 'NO_LINK';
    return {
      ...base,
      reason,
      snapshot: {},
      supplierId: null,
      stallName: '',
      market: '',
      building: '',
      floor: '',
      stallNo: '',
      marketArea: '',
      artNo: '',
      color: '',
      size: '',
      unitCostFen: 0,
    };
  }
  const s = r.snapshot;
  return {
    ...base,
    reason: null,
    snapshot: { kind: 'LINK', ...s },
    supplierId: s.supplier.id,
    stallName: s.supplier.name,
    market: s.supplier.market,
    building: s.supplier.building,
    floor: s.supplier.floor,
    stallNo: s.supplier.stallNo,
    marketArea: s.supplier.marketArea,
    artNo: s.artNo,
    color: s.color,
    size: s.size,
    unitCostFen: s.costFen,
  };
}

/**
 * The lines of each shop order, resolved in one statement; fully refunded lines are left out (nothing to ship).
 * `settings`: the seller's fulfilment settings, read once by the caller (the supply mode of each line).
 */
export async function resolveShopOrders(db: Db, orgId: number, orders: src.ShopOrderSource[], settings: FulfilmentSettingsValues) {
  const all = await src.shopOrderLines(
    db,
    orgId,
    orders.map((o) => o.id),
  );
  const channelOf = new Map(orders.map((o) => [o.id, o.channel]));
  const wanted = all.filter((l) => l.refundState !== 'REFUNDED');
  const refs = wanted.map((l) => ({
    channel: channelOf.get(l.orderId) ?? '',
    itemId: l.itemId,
    skuId: l.skuId,
    spec: l.spec,
    outerSkuCode: l.outerSkuCode,
    outerItemCode: l.outerItemCode,
    title: l.title,
  }));
  const resolved = await resolveGoodsLinks(db, orgId, refs);
  const byOrder = new Map<number, PlannedLine[]>();
  wanted.forEach((l, i) => {
    const lines = byOrder.get(l.orderId) ?? [];
    lines.push(withSupplyMode(settings, linkLine(l, resolved[i], lines.length + 1)));
    byOrder.set(l.orderId, lines);
  });
  return byOrder;
}

/** Order-level reasons a shop order cannot be placed (its status, nothing left to ship). */
export function shopOrderProblems(o: src.ShopOrderSource, lines: PlannedLine[]): string[] {
  const out: string[] = [];
  if (!PLACEABLE_SHOP_STATUSES.has(o.status)) out.push('店铺订单不是待发货状态（可能已发货、已关闭或未付款）');
  if (lines.length === 0) out.push('店铺订单的商品已全部退款，无需代发');
  return out;
}

async function manualLines(
  db: Db,
  orgId: number,
  items: { customGoodsId: number; quantity: number }[],
  settings: FulfilmentSettingsValues,
): Promise<PlannedLine[]> {
  const found = await src.customGoodsByIds(
    db,
    orgId,
    items.map((i) => i.customGoodsId),
  );
  return items.map((i, n) => withSupplyMode(settings, customLine(found, i, n)));
}

function customLine(found: Awaited<ReturnType<typeof src.customGoodsByIds>>, i: { customGoodsId: number; quantity: number }, n: number): PlannedLine {
  const g = found.find((f) => f.goods.id === i.customGoodsId);
  if (g?.goods.status !== 'ENABLED' || g.goods.costFen === null) {
    throw new AppError(ErrorCode.DROPSHIP_CUSTOM_GOODS_UNAVAILABLE, `自定义商品（编号${i.customGoodsId}）不存在、已停用或没有成本价，请到自定义商品页核对`);
  }
  const s = g.supplier;
  return {
    lineNo: n + 1,
    shopOrderItemId: null,
    customGoodsId: g.goods.id,
    title: g.goods.name,
    spec: [g.goods.color, g.goods.size].filter(Boolean).join(' ') || null,
    picUrl: g.goods.picUrl || null,
    quantity: i.quantity,
    refundState: 'NONE',
    reason: null,
    snapshot: { kind: 'CUSTOM_GOODS', customGoodsId: g.goods.id, name: g.goods.name, supplier: s, artNo: g.goods.artNo, costFen: g.goods.costFen },
    supplierId: s?.id ?? null,
    stallName: s?.name ?? '',
    market: s?.market ?? '',
    building: s?.building ?? '',
    floor: s?.floor ?? '',
    stallNo: s?.stallNo ?? '',
    marketArea: s?.marketArea ?? '',
    artNo: g.goods.artNo,
    color: g.goods.color,
    size: g.goods.size,
    unitCostFen: g.goods.costFen,
  };
}

/**
 * 供货备货方式 (decision 0020): a line from a stall the seller stocks itself is shipped from the seller's
 * goods already in the purchaser's warehouse, so it carries no goods money (the link's cost stays in the
 * snapshot); payment makes it taken at once (settle.service.ts).
 */
function withSupplyMode(settings: FulfilmentSettingsValues, l: PlannedLine): PlannedLine {
  if (l.reason || l.supplierId === null || l.supplierId === undefined) return l;
  return supplyModeOf(settings, l.supplierId) === 'OWN_STOCK' ? { ...l, supplyMode: 'OWN_STOCK', unitCostFen: 0 } : l;
}

/**
 * Prices the drafts in order. A shop order that is not the caller's throws 12001; everything the
 * seller can fix (unlinked goods, status, express, coupon) is reported in the plan instead.
 */
export async function planDrafts(
  db: Db,
  orgId: number,
  drafts: DraftInput[],
  book: FeeBook,
  opts: { lock: boolean; speed?: SpeedDeliveryTerms },
): Promise<Plan[]> {
  const speed = opts.speed ?? NO_SPEED;
  const shopIds = [...new Set(drafts.flatMap((d) => (d.shopOrderId === undefined ? [] : [d.shopOrderId])))];
  const shopOrders = shopIds.length ? await src.shopOrdersByIds(db, orgId, shopIds, opts.lock) : [];
  if (shopOrders.length !== shopIds.length) throw new AppError(ErrorCode.NOT_FOUND, '店铺订单不存在');
  const settings = await fulfilmentSettings(db, orgId);
  const linesByOrder = await resolveShopOrders(db, orgId, shopOrders, settings);
  const memberFee = await memberServiceFee(db, orgId);
  const plans: Plan[] = [];
  for (const d of drafts) {
    const shopOrder = d.shopOrderId === undefined ? null : (shopOrders.find((o) => o.id === d.shopOrderId) ?? null);
    const lines = shopOrder ? (linesByOrder.get(shopOrder.id) ?? []) : await manualLines(db, orgId, d.items ?? [], settings);
    const problems = shopOrder ? shopOrderProblems(shopOrder, lines) : [];
    problems.push(...lines.filter((l) => l.reason).map(lineProblem));
    const itemCount = lines.reduce((n, l) => n + l.quantity, 0);
    const goodsFen = lines.reduce((n, l) => n + l.quantity * l.unitCostFen, 0);
    let express: Plan['express'] = null;
    try {
      express = itemCount > 0 ? expressFeeFrom(book, d.expressCode, d.province, itemCount) : null;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      problems.push(e.message);
    }
    const { feeFen: serviceFeeFen, offFen: memberFeeOffFen } = memberFee(itemCount * book.settings.serviceFeePerItemFen, itemCount);
    const speedDelivery = wantsSpeed(speed, d.speedDelivery);
    const speedError = speedProblem(speed, speedDelivery);
    if (speedError) problems.push(speedError);
    let discountFen = 0;
    let couponError: string | null = null;
    if (d.couponId !== undefined && problems.length === 0 && express) {
      const q = await quoteCoupon(db, orgId, d.couponId, goodsFen + express.feeFen + serviceFeeFen);
      if (q.usable) discountFen = q.discountFen;
      else couponError = q.reason;
    }
    const speedFeeFen = speedFeeOf(speed, speedDelivery);
    plans.push({
      shopOrder,
      lines,
      problems,
      itemCount,
      goodsFen,
      express,
      serviceFeeFen,
      memberFeeOffFen,
      speedDelivery,
      speedFeeFen,
      discountFen,
      couponError,
    });
  }
  return plans;
}

/** goods + express + service + speed − discount; the coupon was quoted on goods + express + service only. */
export const totalOf = (p: Plan) => p.goodsFen + (p.express?.feeFen ?? 0) + p.serviceFeeFen + p.speedFeeFen - p.discountFen;

/** A line as the place page shows it. */
export const toPlaceLine = (l: PlannedLine): PlaceLine => ({
  shopOrderItemId: l.shopOrderItemId ?? 0,
  title: l.title ?? '',
  spec: l.spec ?? null,
  picUrl: l.picUrl ?? null,
  quantity: l.quantity,
  refundState: l.refundState,
  reason: l.reason,
  stallName: l.stallName ?? '',
  stallNo: l.stallNo ?? '',
  market: l.market ?? '',
  artNo: l.artNo ?? '',
  color: l.color ?? '',
  size: l.size ?? '',
  unitCostFen: l.reason ? null : l.unitCostFen,
  supplyMode: l.supplyMode === 'OWN_STOCK' ? 'OWN_STOCK' : 'MARKET_PICKUP',
});
