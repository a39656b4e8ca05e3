/**
 * SQL of after-sale returns (decision 0026, "Returns"): the purchaser's reads (scoped to the purchaser
 * serving the order), the inspection and negotiation columns, and
 * the return-to-factory line made for an after-sale (offline_return_lines.after_sale_id, read by SQL:
 * offline builds nothing on after-sales, so this module reads its table instead of importing it back).
 */
import type { InspectionResult } from '@dropship/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { afterSales } from './after-sale.table.js';

/** The purchaser's after-sale (the one serving its order); undefined for anyone else's. */
export async function findForPurchaser(db: Db, purchaserOrgId: number, id: number) {
  const [a] = await db
    .select({ id: afterSales.id, orgId: afterSales.orgId, orderId: afterSales.orderId })
    .from(afterSales)
    .where(and(eq(afterSales.purchaserOrgId, purchaserOrgId), eq(afterSales.id, id)));
  return a;
}

/** After-sales with goods coming back whose return waybill is the scanned code (case-insensitive), oldest first. */
export async function byReturnWaybill(db: Db, purchaserOrgId: number, code: string) {
  return queryRows<{ id: string | number; orgId: number; orderId: string | number }>(
    db,
    sql`select a.id, a.org_id as "orgId", a.order_id as "orderId" from after_sales a
        where a.purchaser_org_id = ${purchaserOrgId} and a.return_waybill_no <> '' and upper(a.return_waybill_no) = ${code}
          and a.return_status is not null and a.status <> 'CLOSE'
          -- Waiting for its parcel only counts while returning (a platform return still REFUNDING is not signed in yet).
          and (a.return_status <> 'WAIT_SIGNED' or a.status = 'GOODS_RETURNING')
        order by a.id`,
  );
}

export interface Inspection {
  result: InspectionResult;
  receivedQuantity: number;
  photos: string[];
  note: string;
  userId: number;
}

export async function setInspection(db: Db, orgId: number, id: number, i: Inspection) {
  await db
    .update(afterSales)
    .set({
      inspectionResult: i.result,
      receivedQuantity: i.receivedQuantity,
      inspectionPhotos: i.photos,
      inspectionNote: i.note,
      inspectedBy: i.userId,
      inspectedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(afterSales.orgId, orgId), eq(afterSales.id, id)));
}

export async function setNegotiateFen(db: Db, orgId: number, id: number, fen: number) {
  await db
    .update(afterSales)
    .set({ negotiateFen: fen, updatedAt: sql`now()` })
    .where(and(eq(afterSales.orgId, orgId), eq(afterSales.id, id)));
}

export async function userName(db: Db, userId: number | null): Promise<string> {
  if (userId === null) return '';
  const [u] = await queryRows<{ name: string }>(db, sql`select coalesce(nullif(name, ''), username) as name from users where id = ${userId}`);
  return u?.name ?? '';
}

/** The return-to-factory line made for the after-sale, if any. */
export async function returnLineOf(db: Db, purchaserOrgId: number, afterSaleId: number): Promise<number | null> {
  const [r] = await queryRows<{ id: string | number }>(
    db,
    sql`select id from offline_return_lines where purchaser_org_id = ${purchaserOrgId} and after_sale_id = ${afterSaleId}`,
  );
  return r ? Number(r.id) : null;
}

export async function sellerName(db: Db, orgId: number): Promise<string> {
  const [r] = await queryRows<{ name: string }>(db, sql`select name from organisations where id = ${orgId}`);
  return r?.name ?? '';
}
