/**
 * Offline pickup orders (线下拿货单, decision 0015): goods a seller wants fetched from stalls and
 * collected at the purchaser's warehouse. They are dropship orders with source OFFLINE and express
 * SELF_PICKUP (no courier, no freight), so paying (/api/b2/post/orders/pay), take items, picking,
 * cancelling and the warehouse all work on them unchanged. One call makes one order.
 */
import { ErrorCode, type OfflinePickupCreateBody, SELF_PICKUP_EXPRESS } from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { bumpCounts, insertEvents, insertItems, insertOrders, type NewItem, type NewOrder, nextOrderNos, stallLineItem } from '../dropship-orders/index.js';
import { expressSettings } from '../express/index.js';
import { findSupplier, type SupplierRecord } from '../goods/index.js';
import { memberServiceFee } from '../membership/index.js';

type Body = z.output<typeof OfflinePickupCreateBody>;

/** The express name self-pickup orders carry (the warehouse hands them over instead of shipping). */
export const SELF_PICKUP_NAME = '仓库自提';

/** The seller's enabled suppliers by id, or OFFLINE_SUPPLIER_UNAVAILABLE naming the line. */
export async function offlineSuppliers(db: Db, orgId: number, lines: { supplierId: number }[]): Promise<Map<number, SupplierRecord>> {
  const out = new Map<number, SupplierRecord>();
  for (const [i, l] of lines.entries()) {
    if (out.has(l.supplierId)) continue;
    const s = await findSupplier(db, orgId, l.supplierId);
    if (s?.status !== 'ENABLED') {
      throw new AppError(ErrorCode.OFFLINE_SUPPLIER_UNAVAILABLE, `第${i + 1}行的档口不存在或已停用，请在供应商管理中核对后重新选择档口`);
    }
    out.set(l.supplierId, s);
  }
  return out;
}

/** Creates one WAITING_PAYMENT offline pickup order; the seller pays it like any dropship order. */
export async function createOfflinePickupOrder(db: Db, caller: Caller, body: Body) {
  if (caller.orgType !== 'seller') throw new AppError(ErrorCode.FORBIDDEN, '线下拿货单只能由卖家账号创建', 403);
  const settings = await expressSettings(db);
  return inTransaction(db, async (t) => {
    const stalls = await offlineSuppliers(t, caller.orgId, body.lines);
    const items: NewItem[] = body.lines.map((l, i) => {
      const s = stalls.get(l.supplierId) as SupplierRecord;
      const snapshot = { offline: true, supplierId: s.id, stallName: s.name, artNo: l.artNo, color: l.color, size: l.size, unitPriceFen: l.unitPriceFen };
      return stallLineItem(i + 1, s, l, snapshot);
    });
    const itemCount = body.lines.reduce((n, l) => n + l.quantity, 0);
    const goodsFen = body.lines.reduce((n, l) => n + l.quantity * l.unitPriceFen, 0);
    const memberFee = await memberServiceFee(t, caller.orgId);
    const { feeFen: serviceFeeFen, offFen: memberFeeOffFen } = memberFee(itemCount * settings.serviceFeePerItemFen, itemCount);
    const [orderNo] = await nextOrderNos(t, 1);
    const order: NewOrder = {
      orderNo: orderNo as string,
      source: 'OFFLINE',
      receiverName: body.contactName,
      receiverPhone: body.contactPhone,
      receiverProvince: '',
      receiverCity: '',
      receiverDistrict: '',
      receiverAddress: SELF_PICKUP_NAME,
      expressCode: SELF_PICKUP_EXPRESS,
      expressName: SELF_PICKUP_NAME,
      expressFeeFen: 0,
      serviceFeeFen,
      memberFeeOffFen,
      goodsFen,
      discountFen: 0,
      totalFen: goodsFen + serviceFeeFen,
      itemCount,
      remark: body.remark,
      createdBy: caller.userId,
    };
    const ids = await insertOrders(t, caller.orgId, [order]);
    const orderId = ids.get(order.orderNo) as number;
    await insertItems(
      t,
      caller.orgId,
      items.map((it) => ({ ...it, orderId })),
    );
    await insertEvents(t, caller.orgId, { userId: caller.userId, orgId: caller.orgId }, [
      { orderId, fromStatus: null, toStatus: 'WAITING_PAYMENT', operation: 'CREATE', note: '线下拿货单' },
    ]);
    await bumpCounts(t, caller.orgId, new Map([['WAITING_PAYMENT', 1]]));
    return { id: orderId, orderNo: order.orderNo, totalFen: order.totalFen ?? 0 };
  });
}
