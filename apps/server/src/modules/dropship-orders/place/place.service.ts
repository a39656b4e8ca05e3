/**
 * What the place page (/order/placeOrder) reads before placing: the shop orders with their lines
 * resolved (or why not), the cost of draft orders, and the coupons usable for an amount. Nothing
 * here writes.
 */
import type { CostResult, PlacePreviewOrder, UsableCoupon } from '@dropship/contract';
import type { Db } from '../../../db/client.js';
import { notFound } from '../../../lib/app-error.js';
import type { Caller } from '../../../plugins/auth.js';
import { addressComplete } from '../../abnormal-orders/index.js';
import { loadFeeBook } from '../../express/index.js';
import { fulfilmentSettings } from '../../fulfilment-settings/index.js';
import { pageCoupons, quoteCoupon } from '../../funds/index.js';
import { speedTerms } from '../../speed-delivery/index.js';
import { type DraftInput, planDrafts, resolveShopOrders, shopOrderProblems, toPlaceLine, totalOf } from './draft.service.js';
import { keepsPlatformReceiver, platformReceiverOf } from './platform-receiver.js';
import * as src from './shop-source.repository.js';

export async function previewShopOrders(db: Db, caller: Caller, shopOrderIds: number[]): Promise<{ orders: PlacePreviewOrder[] }> {
  const orders = await src.shopOrdersByIds(db, caller.orgId, shopOrderIds, false);
  if (orders.length !== shopOrderIds.length) throw notFound('店铺订单');
  const settings = await fulfilmentSettings(db, caller.orgId);
  const [lines, placed] = await Promise.all([
    resolveShopOrders(db, caller.orgId, orders, settings),
    src.activePlacements(
      db,
      caller.orgId,
      orders.map((o) => o.id),
    ),
  ]);
  // In the order the seller selected them.
  const byId = new Map(orders.map((o) => [o.id, o]));
  return {
    orders: shopOrderIds.map((id) => {
      const o = byId.get(id) as src.ShopOrderSource;
      const own = lines.get(o.id) ?? [];
      const platform = platformReceiverOf(o);
      const receiver = platform.receiver;
      // An encrypted receiver the platform cannot decrypt counts as incomplete: the seller types one here.
      const usable = !receiver.encrypted || keepsPlatformReceiver(platform);
      const blockers = shopOrderProblems(o, own);
      return {
        shopOrderId: o.id,
        shopName: o.shopName,
        channel: o.channel,
        platformOrderId: o.platformOrderId,
        status: o.status,
        placedOrderNos: placed.filter((p) => p.shopOrderId === o.id).map((p) => p.orderNo),
        receiver,
        buyerRemark: o.buyerRemark,
        sellerRemark: o.sellerRemark,
        lines: own.map(toPlaceLine),
        blockers,
        addressComplete: usable && addressComplete(receiver),
      };
    }),
  };
}

/** The money of each draft as placing would charge it, or why it cannot be priced. */
export async function calculateCost(db: Db, caller: Caller, drafts: DraftInput[]): Promise<CostResult> {
  const [book, speed] = await Promise.all([loadFeeBook(db), speedTerms(db, caller.orgId)]);
  const plans = await planDrafts(db, caller.orgId, drafts, book, { lock: false, speed });
  return {
    orders: plans.map((p) => ({
      cost:
        p.problems.length > 0 || !p.express
          ? null
          : {
              itemCount: p.itemCount,
              goodsFen: p.goodsFen,
              expressFeeFen: p.express.feeFen,
              serviceFeeFen: p.serviceFeeFen,
              memberFeeOffFen: p.memberFeeOffFen,
              speedFeeFen: p.speedFeeFen,
              discountFen: p.discountFen,
              totalFen: totalOf(p),
            },
      error: p.problems.length > 0 ? p.problems.join('；') : null,
      couponError: p.couponError,
    })),
  };
}

/** The seller's unused coupons, each with whether it can pay an order of this amount. */
export async function usableCoupons(db: Db, caller: Caller, amountFen: number): Promise<UsableCoupon[]> {
  const { list } = await pageCoupons(db, caller.orgId, { pageNo: 1, pageSize: 100, status: 'UNUSED' });
  const out: UsableCoupon[] = [];
  for (const c of list) {
    const q = await quoteCoupon(db, caller.orgId, c.id, amountFen);
    out.push({
      id: c.id,
      name: c.name,
      amountFen: c.amountFen,
      thresholdFen: c.thresholdFen,
      validTo: c.validTo,
      usable: q.usable,
      reason: q.usable ? null : q.reason,
    });
  }
  return out.sort((a, b) => Number(b.usable) - Number(a.usable) || b.amountFen - a.amountFen);
}
