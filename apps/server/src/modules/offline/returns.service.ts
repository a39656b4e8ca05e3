/**
 * The seller's side of offline returns (线下退货单): create a return order for a parcel sent (or
 * brought) to the serving purchaser's warehouse, follow its lines and their refunds.
 */
import { ErrorCode, type OfflineReturnCreateBody, type OfflineReturnOrderQuery, type OfflineReturnOrderRow } from '@dropship/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import type { SupplierRecord } from '../goods/index.js';
import { servingPurchaser } from '../take-assignment/index.js';
import { offlineSuppliers } from './dropship-order.service.js';
import * as logs from './return-logs.repository.js';
import * as repo from './returns.repository.js';
import { iso, lineRow, requireSeller } from './rows.js';

type CreateBody = z.output<typeof OfflineReturnCreateBody>;
type Query = z.output<typeof OfflineReturnOrderQuery>;

/** Creates a WAIT_SIGNED return order with its lines; the purchaser signs it in by its waybill. */
export async function createOfflineReturnOrder(db: Db, caller: Caller, body: CreateBody) {
  requireSeller(caller);
  return inTransaction(db, async (t) => {
    const stalls = await offlineSuppliers(t, caller.orgId, body.lines);
    const purchaserOrgId = await servingPurchaser(t, caller.orgId);
    const returnNo = await repo.nextReturnNo(t);
    const lines: repo.NewReturnLine[] = body.lines.map((l, i) => {
      const s = stalls.get(l.supplierId) as SupplierRecord;
      return {
        lineNo: i + 1,
        supplierId: s.id,
        stallName: s.name,
        market: s.market,
        floor: s.floor,
        stallNo: s.stallNo,
        manufacturerAddress: s.address,
        artNo: l.artNo,
        color: l.color,
        size: l.size,
        quantity: l.quantity,
        unitPriceFen: l.unitPriceFen,
      };
    });
    const id = await repo.insertReturnOrder(
      t,
      {
        orgId: caller.orgId,
        purchaserOrgId,
        returnNo,
        handDelivered: body.handDelivered,
        courierName: body.handDelivered ? '' : body.courierName,
        waybillNo: body.handDelivered ? '' : body.waybillNo.toUpperCase(),
        remark: body.remark,
        createdBy: caller.userId,
      },
      lines,
    );
    await logs.insertLogs(t, [
      {
        purchaserOrgId,
        sellerOrgId: caller.orgId,
        returnOrderId: id,
        lineId: null,
        operation: 'CREATE',
        fromStatus: null,
        toStatus: 'WAIT_SIGNED',
        actorUserId: caller.userId,
      },
    ]);
    return { id, returnNo };
  });
}

/**
 * 撤销: the seller withdraws a return order the warehouse has not signed in (sent by mistake, or not
 * sent after all). Nothing has happened to it yet (no line was assigned, no money moved), so the order
 * and its lines are removed; the log keeps a CANCEL row. Signed in, it is the purchaser's to handle.
 */
export async function cancelOfflineReturnOrder(db: Db, caller: Caller, id: number) {
  requireSeller(caller);
  return inTransaction(db, async (t) => {
    const o = await repo.lockSellerOrder(t, caller.orgId, id);
    if (!o) throw notFound('退货单');
    if (o.status !== 'WAIT_SIGNED' || !(await repo.deleteUnsignedOrder(t, caller.orgId, id))) {
      throw new AppError(ErrorCode.OFFLINE_RETURN_NOT_CANCELABLE, `退货单 ${o.returnNo} 已被仓库签收，不能撤销；如需处理请联系采购商`);
    }
    await logs.insertLogs(t, [
      {
        purchaserOrgId: o.purchaserOrgId,
        sellerOrgId: caller.orgId,
        returnOrderId: id,
        lineId: null,
        operation: 'CANCEL',
        fromStatus: 'WAIT_SIGNED',
        toStatus: null,
        actorUserId: caller.userId,
      },
    ]);
    return { id, returnNo: o.returnNo };
  });
}

function sellerWhere(orgId: number, q: Query): SQL {
  // The return orders made for after-sales are the seller's after-sales (售后订单), not offline return orders.
  const parts = [
    sql`o.org_id = ${orgId}`,
    sql`not exists (select 1 from offline_return_lines x where x.return_order_id = o.id and x.after_sale_id is not null)`,
  ];
  if (q.status) parts.push(sql`o.status = ${q.status}`);
  if (q.keyword) {
    const k = q.keyword.toUpperCase();
    parts.push(sql`(o.return_no = ${k} or o.waybill_no = ${k})`);
  }
  return sql.join(parts, sql` and `);
}

async function withLines(db: Db, orgId: number, orders: repo.OrderRecord[]): Promise<OfflineReturnOrderRow[]> {
  if (orders.length === 0) return [];
  const lines = await repo.selectLines(db, sql`l.org_id = ${orgId} and l.return_order_id in (${repo.idList(orders.map((o) => o.id))})`);
  return orders.map((o) => {
    const own = lines.filter((l) => l.returnOrderId === o.id);
    return {
      id: o.id,
      returnNo: o.returnNo,
      status: o.status,
      handDelivered: o.handDelivered,
      courierName: o.courierName,
      waybillNo: o.waybillNo,
      remark: o.remark,
      lineCount: o.lineCount,
      quantity: o.quantity,
      goodsFen: o.goodsFen,
      refundFen: own.reduce((n, l) => n + l.refundFen - l.serviceFeeFen, 0),
      createdAt: o.createdAt.toISOString(),
      registeredAt: iso(o.registeredAt),
      lines: own.map(lineRow),
    };
  });
}

/** The seller's return orders, newest first, each with its lines and what was refunded. */
export async function pageSellerReturnOrders(db: Db, caller: Caller, q: Query) {
  requireSeller(caller);
  const where = sellerWhere(caller.orgId, q);
  const total = await repo.countOrders(db, where);
  const orders = await repo.selectOrders(db, where, sql`order by o.id desc nulls last limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`);
  return { total, list: await withLines(db, caller.orgId, orders) };
}

/** Every line of the filtered return orders, for the Excel export (at most 10,000 orders). */
export async function exportSellerReturnLines(db: Db, caller: Caller, q: Omit<Query, 'pageNo' | 'pageSize'>) {
  requireSeller(caller);
  const orders = await repo.selectOrders(db, sellerWhere(caller.orgId, { ...q, pageNo: 1, pageSize: 1 }), sql`order by o.id desc nulls last limit 10000`);
  return (await withLines(db, caller.orgId, orders)).flatMap((o) => o.lines.map((l) => ({ ...l, order: o })));
}

/** A line's log as the seller sees it (the seller's own lines only). */
export async function sellerLineLogs(db: Db, caller: Caller, lineId: number) {
  requireSeller(caller);
  const [line] = await repo.selectLines(db, sql`l.org_id = ${caller.orgId} and l.id = ${lineId}`);
  if (!line) throw notFound('退货明细');
  const rows = await logs.logsOfLine(db, sql`g.seller_org_id = ${caller.orgId}`, lineId);
  return rows.map((g) => ({ ...g, createdAt: g.createdAt.toISOString() }));
}
