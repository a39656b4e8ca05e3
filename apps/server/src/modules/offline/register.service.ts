/**
 * 退货登记: the return desk scans an arriving parcel's waybill (or a hand-delivered parcel's return
 * number). Matching return orders are signed in (WAIT_SIGNED → SIGNED) and their lines enter
 * return-to-factory as WAITING_ASSIGNED; the page then prints their return storage tags. The same scan
 * signs in the after-sales whose return waybill it is (hook returnParcelScanned). A parcel
 * that matches nothing, registered with what the desk saw in it, becomes a headless parcel (无头件,
 * hook unmatchedParcelRegistered) and stays in the desk's registrations as unmatched.
 */
import { ErrorCode, type ReturnParcelQuery, type ReturnRegisterBody, type ReturnRegisterResult, type SignedAfterSale } from '@dropship/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { returnParcelScanned, type UnmatchedParcelRegistered, unmatchedParcelRegistered } from './hooks.js';
import * as logs from './return-logs.repository.js';
import * as repo from './returns.repository.js';
import { lineRow, requirePurchaser } from './rows.js';

type Body = z.output<typeof ReturnRegisterBody>;

/** Signs in the return orders the scanned code names; unknown codes refuse unless registered as unmatched with a note. */
export async function registerReturnParcel(db: Db, caller: Caller, body: Body): Promise<ReturnRegisterResult> {
  requirePurchaser(caller);
  const code = body.waybillNo.replace(/\s+/g, '').toUpperCase();
  return inTransaction(db, async (t) => {
    // After-sales whose return parcel this is are signed in first (their handler locks their own rows).
    const scanned = { purchaserOrgId: caller.orgId, userId: caller.userId, code, note: body.note, signed: [] as SignedAfterSale[] };
    await returnParcelScanned.emit(t, scanned);
    const afterSales = scanned.signed;
    // The after-sales' own lines are registered through them, never as an offline return order.
    const found = (await repo.lockOrdersByCode(t, caller.orgId, code)).filter((o) => !o.forAfterSale);
    if (found.length === 0 && afterSales.length > 0) return { matched: true, orders: [], lines: [], afterSales, parcelId: null, headless: null };
    if (found.length === 0) {
      if (!body.registerUnmatched)
        throw new AppError(ErrorCode.OFFLINE_WAYBILL_UNKNOWN, `没有找到快递单号“${code}”的线下退货单，请核对单号；确认无误可填写包裹内商品登记为无头件`);
      const intake = body.headless ?? { courierName: '', goods: [], senderPhone: '' };
      if (!body.note && intake.goods.length === 0) throw new AppError(ErrorCode.OFFLINE_UNMATCHED_NOTE_REQUIRED);
      const parcelId = await logs.insertParcel(t, {
        purchaserOrgId: caller.orgId,
        waybillNo: code,
        returnOrderIds: [],
        note: body.note,
        userId: caller.userId,
      });
      const unmatched: UnmatchedParcelRegistered = { purchaserOrgId: caller.orgId, userId: caller.userId, code, note: body.note, intake, headless: null };
      await unmatchedParcelRegistered.emit(t, unmatched);
      return { matched: false, orders: [], lines: [], afterSales, parcelId, headless: unmatched.headless };
    }
    const fresh = found.filter((o) => o.status === 'WAIT_SIGNED').map((o) => o.id);
    await repo.signOrders(t, caller.orgId, fresh, caller.userId);
    const ids = found.map((o) => o.id);
    const orders = await repo.selectOrders(t, sql`o.purchaser_org_id = ${caller.orgId} and o.id in (${repo.idList(ids)})`, sql`order by o.id`);
    const lines = await repo.selectLines(t, sql`l.purchaser_org_id = ${caller.orgId} and l.return_order_id in (${repo.idList(ids)})`);
    const byOrder = new Map(orders.map((o) => [o.id, o]));
    await logs.insertLogs(t, [
      ...fresh.map((id) => ({
        purchaserOrgId: caller.orgId,
        sellerOrgId: byOrder.get(id)?.orgId as number,
        returnOrderId: id,
        lineId: null,
        operation: 'REGISTER',
        fromStatus: 'WAIT_SIGNED',
        toStatus: 'SIGNED',
        actorUserId: caller.userId,
        note: body.note,
      })),
      ...lines
        .filter((l) => fresh.includes(l.returnOrderId))
        .map((l) => ({
          purchaserOrgId: caller.orgId,
          sellerOrgId: l.orgId,
          returnOrderId: l.returnOrderId,
          lineId: l.id,
          operation: 'REGISTER',
          fromStatus: null,
          toStatus: 'WAITING_ASSIGNED',
          actorUserId: caller.userId,
        })),
    ]);
    const parcelId =
      fresh.length > 0
        ? await logs.insertParcel(t, { purchaserOrgId: caller.orgId, waybillNo: code, returnOrderIds: ids, note: body.note, userId: caller.userId })
        : null;
    return {
      matched: true,
      orders: orders.map((o) => ({ id: o.id, returnNo: o.returnNo, sellerName: o.sellerName, alreadyRegistered: !fresh.includes(o.id) })),
      lines: lines.map(lineRow),
      afterSales,
      parcelId,
      headless: null,
    };
  });
}

type ParcelQuery = z.output<typeof ReturnParcelQuery>;

function parcelWhere(orgId: number, q: ParcelQuery): SQL {
  const parts = [sql`p.purchaser_org_id = ${orgId}`];
  if (q.waybillNo) parts.push(sql`p.waybill_no = ${q.waybillNo.toUpperCase()}`);
  if (q.matched === '1') parts.push(sql`cardinality(p.return_order_ids) > 0`);
  if (q.matched === '0') parts.push(sql`cardinality(p.return_order_ids) = 0`);
  return sql.join(parts, sql` and `);
}

async function selectParcels(db: Db, where: SQL, limit: number, offset: number) {
  const rows = await queryRows<{
    id: string | number;
    waybillNo: string;
    returnNos: string | null;
    note: string;
    registeredBy: string | null;
    createdAt: string;
  }>(
    db,
    sql`select p.id, p.waybill_no as "waybillNo", p.note, p.created_at as "createdAt", coalesce(u.name, u.username) as "registeredBy",
          (select string_agg(o.return_no, '、' order by o.id) from offline_return_orders o
            where o.id = any(p.return_order_ids) and o.purchaser_org_id = p.purchaser_org_id) as "returnNos"
        from offline_return_parcels p left join users u on u.id = p.registered_by
        where ${where} order by p.id desc limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    waybillNo: r.waybillNo,
    matched: !!r.returnNos,
    returnNos: r.returnNos ?? '',
    note: r.note,
    registeredBy: r.registeredBy ?? '',
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}
export type ParcelRecord = Awaited<ReturnType<typeof selectParcels>>[number];

/** The desk's registrations, newest first: matched parcels with their return numbers, and unmatched ones. */
export async function pageReturnParcels(db: Db, caller: Caller, q: ParcelQuery) {
  requirePurchaser(caller);
  const where = parcelWhere(caller.orgId, q);
  const [c] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n from offline_return_parcels p where ${where}`);
  return { total: Number(c?.n ?? 0), list: await selectParcels(db, where, q.pageSize, (q.pageNo - 1) * q.pageSize) };
}

/** The filtered registrations for the Excel export (at most 20,000). */
export async function exportReturnParcels(db: Db, caller: Caller, q: ParcelQuery) {
  requirePurchaser(caller);
  return selectParcels(db, parcelWhere(caller.orgId, q), 20_000, 0);
}
