/**
 * Placing dropship orders (createDropshipOrders): every draft priced on the server, all of them
 * created as WAITING_PAYMENT in one transaction or none. Placing a shop order that already has a
 * dropship order (not cancelled) is refused with DROPSHIP_DUPLICATE unless the seller confirms;
 * the shop orders are locked while checking, so two placements of one order cannot both pass.
 */
import { type DisplayReceiver, type DropshipCreateBody, type DropshipCreateResult, ERROR_MESSAGES, ErrorCode } from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { inTransaction } from '../../../db/transaction.js';
import { AppError } from '../../../lib/app-error.js';
import type { Caller } from '../../../plugins/auth.js';
import { findArea } from '../../area/index.js';
import { loadFeeBook } from '../../express/index.js';
import { useCoupon } from '../../funds/index.js';
import { assertSpeedAllowed, speedTerms } from '../../speed-delivery/index.js';
import * as repo from '../orders.repository.js';
import * as timeline from '../timeline.repository.js';
import { type Plan, planDrafts, totalOf } from './draft.service.js';
import { keepsPlatformReceiver, platformReceiverOf } from './platform-receiver.js';
import * as src from './shop-source.repository.js';

type Body = z.output<typeof DropshipCreateBody>;
type Draft = Body['orders'][number];

type TypedReceiver = Exclude<Draft['receiver'], { encrypted: true }>;

/** The receiver with province, city and district as the area tree names them, or DROPSHIP_ADDRESS_INVALID. */
export function normalizeReceiver<R extends TypedReceiver | DisplayReceiver>(r: R, label = ''): R {
  const area = findArea(r.province, r.city, r.district, r.address);
  if (!area) {
    throw new AppError(
      ErrorCode.DROPSHIP_ADDRESS_INVALID,
      `${label}收货地址“${[r.province, r.city, r.district].filter(Boolean).join(' ')}”无法识别，请用地区选择器重新选择省、市、区`,
    );
  }
  return { ...r, province: area.province, city: area.city, district: area.district };
}

const labelOf = (d: Draft, i: number, p?: Plan) => (p?.shopOrder ? `店铺订单 ${p.shopOrder.platformOrderId}：` : d.shopOrderId ? '' : `第${i + 1}个手工订单：`);

function assertPlaceable(drafts: Draft[], plans: Plan[]) {
  const bad = plans.map((p, i) => ({ p, i })).filter(({ p }) => p.problems.length > 0);
  if (bad.length > 0) {
    const text = bad
      .slice(0, 5)
      .map(({ p, i }) => `${labelOf(drafts[i] as Draft, i, p)}${p.problems.join('；')}`)
      .join('\n');
    const code = bad.some(({ p }) => p.shopOrder && p.problems.some((x) => x.startsWith('店铺订单')))
      ? ErrorCode.DROPSHIP_SHOP_ORDER_NOT_PLACEABLE
      : bad.some(({ p }) => p.express === null && p.lines.length > 0 && p.lines.every((l) => !l.reason))
        ? ErrorCode.DROPSHIP_EXPRESS_UNAVAILABLE
        : ErrorCode.DROPSHIP_GOODS_UNPLACEABLE;
    throw new AppError(code, `${bad.length}个订单不能下单，请处理后再提交：\n${text}${bad.length > 5 ? '\n……' : ''}`);
  }
  const couponBad = plans.findIndex((p) => p.couponError);
  if (couponBad >= 0)
    throw new AppError(
      ErrorCode.COUPON_UNAVAILABLE,
      `${labelOf(drafts[couponBad] as Draft, couponBad, plans[couponBad])}${plans[couponBad]?.couponError}，请重新选择优惠券`,
    );
  const coupons = drafts.flatMap((d) => (d.couponId === undefined ? [] : [d.couponId]));
  if (new Set(coupons).size !== coupons.length) throw new AppError(ErrorCode.DROPSHIP_COUPON_TAKEN);
}

async function assertNotDuplicate(db: Db, orgId: number, drafts: Draft[], confirmed: boolean) {
  const ids = drafts.flatMap((d) => (d.shopOrderId === undefined ? [] : [d.shopOrderId]));
  if (new Set(ids).size !== ids.length) throw new AppError(ErrorCode.DROPSHIP_DUPLICATE, '同一个店铺订单在本次提交中出现了两次，请去掉重复的订单');
  if (confirmed) return;
  const placed = await src.activePlacements(db, orgId, ids);
  if (placed.length > 0) {
    const names = placed.slice(0, 5).map((p) => p.orderNo);
    throw new AppError(
      ErrorCode.DROPSHIP_DUPLICATE,
      `${placed.length}个店铺订单已下过代发单（${names.join('、')}${placed.length > 5 ? '…' : ''}），如确需重复下单，请确认后再提交`,
    );
  }
}

interface Receiving {
  receiver: DisplayReceiver | TypedReceiver;
  /** The platform's handle when the draft keeps the shop order's encrypted receiver. */
  handle: string | null;
}

const keepsPlatform = (r: Draft['receiver']): r is Extract<Draft['receiver'], { encrypted: true }> => 'encrypted' in r && r.encrypted === true;

/**
 * The receiver each draft places with: the one the seller typed, or (`encrypted: true`) the shop order's
 * own encrypted receiver and handle, read from the locked rows whatever the draft sent.
 */
async function receivingOf(t: Db, orgId: number, drafts: Draft[]): Promise<Receiving[]> {
  const many = drafts.length > 1;
  const label = (i: number) => (many ? `第${i + 1}个订单` : '');
  const kept = drafts.filter((d) => keepsPlatform(d.receiver));
  const ids = [...new Set(drafts.flatMap((d) => (d.shopOrderId === undefined ? [] : [d.shopOrderId])))];
  // All the drafts' shop orders, locked in id order as planDrafts locks them again (no lock-order deadlock).
  const sources = kept.length > 0 && ids.length > 0 ? await src.shopOrdersByIds(t, orgId, ids, true) : [];
  return drafts.map((d, i) => {
    if (!keepsPlatform(d.receiver)) return { receiver: normalizeReceiver(d.receiver, label(i)), handle: null };
    const s = sources.find((o) => o.id === d.shopOrderId);
    if (d.shopOrderId !== undefined && !s) throw new AppError(ErrorCode.NOT_FOUND, '店铺订单不存在');
    const platform = s ? platformReceiverOf(s) : null;
    if (!platform || !keepsPlatformReceiver(platform)) {
      const which = s ? `店铺订单 ${s.platformOrderId}：` : label(i) && `${label(i)}：`;
      throw new AppError(ErrorCode.DROPSHIP_PLATFORM_RECEIVER_UNAVAILABLE, `${which}${ERROR_MESSAGES[ErrorCode.DROPSHIP_PLATFORM_RECEIVER_UNAVAILABLE]}`);
    }
    return { receiver: normalizeReceiver(platform.receiver, s ? `店铺订单 ${s.platformOrderId}：` : label(i)), handle: platform.handle };
  });
}

/** Places the drafts: all orders WAITING_PAYMENT with their lines, timeline, counters and reserved coupons, or nothing. */
export async function createDropshipOrders(db: Db, caller: Caller, body: Body): Promise<DropshipCreateResult> {
  const many = body.orders.length > 1;
  // Typed receivers are checked before anything is locked; kept platform receivers once their shop orders are.
  for (const [i, d] of body.orders.entries()) if (!keepsPlatform(d.receiver)) normalizeReceiver(d.receiver, many ? `第${i + 1}个订单` : '');
  const drafts = body.orders;
  // In turn: the demo seed places orders inside its own transaction (one client; pg refuses overlapping queries).
  const book = await loadFeeBook(db);
  const speed = await speedTerms(db, caller.orgId);
  assertSpeedAllowed(
    speed,
    drafts.map((d) => d.speedDelivery),
    (i) => (drafts.length > 1 ? `第${i + 1}个订单` : ''),
  );
  return inTransaction(db, async (t) => {
    const receiving = await receivingOf(t, caller.orgId, drafts);
    const inputs = drafts.map((d, i) => ({ ...d, province: (receiving[i] as Receiving).receiver.province }));
    const plans = await planDrafts(t, caller.orgId, inputs, book, { lock: true, speed });
    assertPlaceable(drafts, plans);
    await assertNotDuplicate(t, caller.orgId, drafts, body.confirmDuplicate);
    const nos = await repo.nextOrderNos(t, drafts.length);
    const orders: repo.NewOrder[] = drafts.map((d, i) => {
      const p = plans[i] as Plan;
      const s = p.shopOrder;
      const { receiver, handle } = receiving[i] as Receiving;
      return {
        orderNo: nos[i] as string,
        source: s ? 'SHOP_ORDER' : 'MANUAL',
        shopOrderId: s?.id ?? null,
        shopId: s?.shopId ?? null,
        shopName: s?.shopName ?? null,
        channel: s?.channel ?? null,
        platformOrderId: s?.platformOrderId ?? null,
        receiverName: receiver.name,
        receiverPhone: receiver.phone,
        receiverProvince: receiver.province,
        receiverCity: receiver.city,
        receiverDistrict: receiver.district,
        receiverAddress: receiver.address,
        receiverEncrypted: handle !== null,
        receiverHandle: handle,
        expressCode: p.express?.code ?? d.expressCode,
        expressName: p.express?.name ?? '',
        expressFeeFen: p.express?.feeFen ?? 0,
        serviceFeeFen: p.serviceFeeFen,
        memberFeeOffFen: p.memberFeeOffFen,
        goodsFen: p.goodsFen,
        couponId: d.couponId ?? null,
        discountFen: p.discountFen,
        speedDelivery: p.speedDelivery,
        speedFeeFen: p.speedFeeFen,
        totalFen: totalOf(p),
        itemCount: p.itemCount,
        remark: d.remark,
        buyerRemark: s?.buyerRemark ?? null,
        sellerRemark: s?.sellerRemark ?? null,
        createdBy: caller.userId,
      };
    });
    const ids = await repo.insertOrders(t, caller.orgId, orders);
    const idOf = (no: string) => ids.get(no) as number;
    await repo.insertItems(
      t,
      caller.orgId,
      orders.flatMap((o, i) => (plans[i] as Plan).lines.map(({ reason: _r, refundState: _s, ...l }) => ({ ...l, orderId: idOf(o.orderNo) }))),
    );
    // The coupon is reserved by the order from now on: another order cannot take it, cancelling gives it back.
    for (const o of orders) {
      if (o.couponId) await useCoupon(t, caller.orgId, o.couponId, o.orderNo, (o.goodsFen ?? 0) + (o.expressFeeFen ?? 0) + (o.serviceFeeFen ?? 0));
    }
    await timeline.insertEvents(
      t,
      caller.orgId,
      { userId: caller.userId, orgId: caller.orgId },
      orders.map((o) => ({ orderId: idOf(o.orderNo), fromStatus: null, toStatus: 'WAITING_PAYMENT', operation: 'CREATE', note: o.remark ?? '' })),
    );
    await timeline.bumpCounts(t, caller.orgId, new Map([['WAITING_PAYMENT', orders.length]]));
    const list = orders.map((o) => ({ id: idOf(o.orderNo), orderNo: o.orderNo, totalFen: o.totalFen ?? 0, shopOrderId: o.shopOrderId ?? null }));
    return { orders: list, totalFen: list.reduce((n, o) => n + o.totalFen, 0) };
  });
}
