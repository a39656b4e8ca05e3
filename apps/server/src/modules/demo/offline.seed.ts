/**
 * Demo offline return: demo_seller has sent one parcel back (中通 ZT7788990011, two lines from its
 * first stall) that demo_purchaser's return desk can scan in on 退货登记. Made through the real
 * operation; nothing is signed in or refunded, so no demo money moves.
 */
import type { OrgType } from '@dropship/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { suppliers } from '../goods/index.js';
import { createOfflineReturnOrder } from '../offline/returns.service.js';

export const DEMO_RETURN_WAYBILL = 'ZT7788990011';

export async function seedOffline(t: Db, ids: { sellerOrg: number; sellerId: number }) {
  const [stall] = await t
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.orgId, ids.sellerOrg), eq(suppliers.status, 'ENABLED')))
    .orderBy(suppliers.id)
    .limit(1);
  if (!stall) return;
  const caller = { orgId: ids.sellerOrg, userId: ids.sellerId, orgType: 'seller' as OrgType, isMain: true, sessionId: 0 };
  await createOfflineReturnOrder(t, caller, {
    handDelivered: false,
    courierName: '中通快递',
    waybillNo: DEMO_RETURN_WAYBILL,
    remark: '买家退回，吊牌完好',
    lines: [
      { supplierId: stall.id, artNo: 'A312-01', color: '黑色', size: 'M', quantity: 2, unitPriceFen: 3850 },
      { supplierId: stall.id, artNo: 'A312-07', color: '杏色', size: 'L', quantity: 1, unitPriceFen: 4200 },
    ],
  });
}
