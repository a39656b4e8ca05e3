/**
 * SQL of offline return orders and their lines. Seller reads take the seller's org id, purchaser
 * reads and writes the purchaser's; a line moves only from the statuses the service names, so a
 * row that moved meanwhile is not touched.
 */
import type { OfflineReturnOrderRow, ReturnStatusCode, ReturnToFactoryStatus } from '@dropship/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

export interface LineRecord {
  id: number;
  orgId: number;
  purchaserOrgId: number;
  returnOrderId: number;
  returnNo: string;
  lineNo: number;
  supplierId: number | null;
  stallName: string;
  market: string;
  floor: string;
  stallNo: string;
  manufacturerAddress: string;
  artNo: string;
  color: string;
  size: string;
  quantity: number;
  unitPriceFen: number;
  status: z.infer<typeof ReturnToFactoryStatus> | null;
  pickerUserId: number | null;
  pickerName: string | null;
  refundFen: number;
  serviceFeeFen: number;
  note: string;
  waybillNo: string;
  sellerName: string;
  registeredAt: Date | null;
  finishedAt: Date | null;
  /** Set on a line made for an after-sale: its stall answer goes to the after-sale. */
  afterSaleId: number | null;
  afterSaleNo: string | null;
  afterSaleReturnStatus: ReturnStatusCode | null;
}

export interface NewReturnLine {
  lineNo: number;
  supplierId: number;
  stallName: string;
  market: string;
  floor: string;
  stallNo: string;
  manufacturerAddress: string;
  artNo: string;
  color: string;
  size: string;
  quantity: number;
  unitPriceFen: number;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const date = (v: unknown) => (v ? new Date(v as string) : null);

function toLine(r: Record<string, unknown>): LineRecord {
  return {
    ...(r as unknown as LineRecord),
    id: Number(r.id),
    returnOrderId: Number(r.returnOrderId),
    supplierId: num(r.supplierId),
    unitPriceFen: Number(r.unitPriceFen),
    refundFen: Number(r.refundFen),
    serviceFeeFen: Number(r.serviceFeeFen),
    pickerUserId: num(r.pickerUserId),
    afterSaleId: num(r.afterSaleId),
    registeredAt: date(r.registeredAt),
    finishedAt: date(r.finishedAt),
  };
}

const LINE_SELECT = sql`select l.id, l.org_id as "orgId", l.purchaser_org_id as "purchaserOrgId", l.return_order_id as "returnOrderId",
    o.return_no as "returnNo", l.line_no as "lineNo", l.supplier_id as "supplierId", l.stall_name as "stallName", l.market, l.floor,
    l.stall_no as "stallNo", l.manufacturer_address as "manufacturerAddress", l.art_no as "artNo", l.color, l.size, l.quantity,
    l.unit_price_fen as "unitPriceFen", l.status, l.picker_user_id as "pickerUserId", coalesce(u.name, u.username) as "pickerName",
    l.refund_fen as "refundFen", l.service_fee_fen as "serviceFeeFen", l.note, o.waybill_no as "waybillNo", s.name as "sellerName",
    o.registered_at as "registeredAt", l.finished_at as "finishedAt", l.after_sale_id as "afterSaleId",
    a.after_sale_no as "afterSaleNo", a.return_status as "afterSaleReturnStatus"
  from offline_return_lines l
  left join after_sales a on a.id = l.after_sale_id
  join offline_return_orders o on o.id = l.return_order_id
  join organisations s on s.id = l.org_id
  left join users u on u.id = l.picker_user_id`;

export async function selectLines(db: Db, where: SQL, tail: SQL = sql`order by l.id`): Promise<LineRecord[]> {
  const rows = await queryRows<Record<string, unknown>>(db, sql`${LINE_SELECT} where ${where} ${tail}`);
  return rows.map(toLine);
}

/** XT + Beijing YYMMDD + 6 digits of a sequence. */
export async function nextReturnNo(db: Db): Promise<string> {
  const [r] = await queryRows<{ no: string }>(
    db,
    sql`select 'XT' || to_char(now() at time zone 'Asia/Shanghai', 'YYMMDD') || lpad((nextval('offline_return_no_seq') % 1000000)::text, 6, '0') as no`,
  );
  return r?.no as string;
}

export async function insertReturnOrder(
  db: Db,
  o: {
    orgId: number;
    purchaserOrgId: number;
    returnNo: string;
    handDelivered: boolean;
    courierName: string;
    waybillNo: string;
    remark: string;
    createdBy: number;
  },
  lines: NewReturnLine[],
): Promise<number> {
  const quantity = lines.reduce((n, l) => n + l.quantity, 0);
  const goodsFen = lines.reduce((n, l) => n + l.quantity * l.unitPriceFen, 0);
  const [row] = await queryRows<{ id: string | number }>(
    db,
    sql`insert into offline_return_orders (org_id, purchaser_org_id, return_no, hand_delivered, courier_name, waybill_no, remark, line_count,
          quantity, goods_fen, created_by)
        values (${o.orgId}, ${o.purchaserOrgId}, ${o.returnNo}, ${o.handDelivered}, ${o.courierName}, ${o.waybillNo}, ${o.remark}, ${lines.length},
          ${quantity}, ${goodsFen}, ${o.createdBy}) returning id`,
  );
  const id = Number(row?.id);
  await db.execute(sql`
    insert into offline_return_lines (org_id, purchaser_org_id, return_order_id, line_no, supplier_id, stall_name, market, floor, stall_no,
      manufacturer_address, art_no, color, size, quantity, unit_price_fen)
    select ${o.orgId}::int, ${o.purchaserOrgId}::int, ${id}::bigint, x."lineNo", x."supplierId", x."stallName", x.market, x.floor, x."stallNo",
      x."manufacturerAddress", x."artNo", x.color, x.size, x.quantity, x."unitPriceFen"
    from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x("lineNo" int, "supplierId" int, "stallName" text, market text, floor text,
      "stallNo" text, "manufacturerAddress" text, "artNo" text, color text, size text, quantity int, "unitPriceFen" bigint)`);
  return id;
}

export interface OrderRecord {
  id: number;
  orgId: number;
  returnNo: string;
  status: OfflineReturnOrderRow['status'];
  handDelivered: boolean;
  courierName: string;
  waybillNo: string;
  remark: string;
  lineCount: number;
  quantity: number;
  goodsFen: number;
  createdAt: Date;
  registeredAt: Date | null;
  sellerName: string;
}

const ORDER_SELECT = sql`select o.id, o.org_id as "orgId", o.return_no as "returnNo", o.status, o.hand_delivered as "handDelivered",
    o.courier_name as "courierName", o.waybill_no as "waybillNo", o.remark, o.line_count as "lineCount", o.quantity, o.goods_fen as "goodsFen",
    o.created_at as "createdAt", o.registered_at as "registeredAt", s.name as "sellerName"
  from offline_return_orders o join organisations s on s.id = o.org_id`;

const toOrder = (r: Record<string, unknown>): OrderRecord => ({
  ...(r as unknown as OrderRecord),
  id: Number(r.id),
  goodsFen: Number(r.goodsFen),
  createdAt: new Date(r.createdAt as string),
  registeredAt: date(r.registeredAt),
});

export async function selectOrders(db: Db, where: SQL, tail: SQL = sql`order by o.id desc nulls last`): Promise<OrderRecord[]> {
  return (await queryRows<Record<string, unknown>>(db, sql`${ORDER_SELECT} where ${where} ${tail}`)).map(toOrder);
}

export async function countOrders(db: Db, where: SQL): Promise<number> {
  const [r] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n from offline_return_orders o where ${where}`);
  return Number(r?.n ?? 0);
}

/** The purchaser's return orders a scanned code names (waybill or return number), locked for the sign-in. */
export async function lockOrdersByCode(db: Db, purchaserOrgId: number, code: string): Promise<{ id: number; status: string; forAfterSale: boolean }[]> {
  const rows = await queryRows<{ id: string | number; status: string; for_after_sale: boolean }>(
    db,
    sql`select o.id, o.status,
          exists (select 1 from offline_return_lines l where l.return_order_id = o.id and l.after_sale_id is not null) as for_after_sale
        from offline_return_orders o
        where o.purchaser_org_id = ${purchaserOrgId} and ((o.waybill_no <> '' and o.waybill_no = ${code}) or o.return_no = ${code})
        order by o.id for update of o`,
  );
  return rows.map((r) => ({ id: Number(r.id), status: r.status, forAfterSale: !!r.for_after_sale }));
}

/** WAIT_SIGNED → SIGNED, and the lines enter return-to-factory as WAITING_ASSIGNED. */
export async function signOrders(db: Db, purchaserOrgId: number, ids: number[], userId: number) {
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  await db.execute(sql`update offline_return_orders set status = 'SIGNED', registered_at = now(), registered_by = ${userId}
    where purchaser_org_id = ${purchaserOrgId} and status = 'WAIT_SIGNED' and id in (${list})`);
  await db.execute(sql`update offline_return_lines set status = 'WAITING_ASSIGNED'
    where purchaser_org_id = ${purchaserOrgId} and status is null and return_order_id in (${list})`);
}

export const idList = (ids: number[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );

/** Locks the purchaser's lines in id order (every writer locks in this order). */
export async function lockLines(db: Db, purchaserOrgId: number, ids: number[]) {
  await db.execute(sql`select id from offline_return_lines where purchaser_org_id = ${purchaserOrgId} and id in (${idList(ids)}) order by id for update`);
  return selectLines(db, sql`l.purchaser_org_id = ${purchaserOrgId} and l.id in (${idList(ids)})`);
}

export interface LinePatch {
  status: string;
  pickerUserId?: number | null;
  assigned?: boolean;
  refundFen?: number;
  serviceFeeFen?: number;
  note?: string;
  finished?: boolean;
}

/** One named move of a line, only from `from`; false when it was elsewhere. */
export async function moveLine(db: Db, purchaserOrgId: number, id: number, from: string, p: LinePatch): Promise<boolean> {
  const sets = [sql`status = ${p.status}`];
  if (p.pickerUserId !== undefined) sets.push(sql`picker_user_id = ${p.pickerUserId}`);
  if (p.assigned) sets.push(sql`assigned_at = now()`);
  if (p.refundFen !== undefined) sets.push(sql`refund_fen = ${p.refundFen}`);
  if (p.serviceFeeFen !== undefined) sets.push(sql`service_fee_fen = ${p.serviceFeeFen}`);
  if (p.note !== undefined) sets.push(sql`note = ${p.note}`);
  if (p.finished) sets.push(sql`finished_at = now()`);
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`update offline_return_lines set ${sql.join(sets, sql`, `)}
        where purchaser_org_id = ${purchaserOrgId} and id = ${id} and status = ${from} returning id`,
  );
  return rows.length > 0;
}

export async function countByStatus(db: Db, purchaserOrgId: number): Promise<Record<string, number>> {
  const rows = await queryRows<{ status: string; n: string | number }>(
    db,
    sql`select status, count(*) as n from offline_return_lines where purchaser_org_id = ${purchaserOrgId} and status is not null group by status`,
  );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export async function countLines(db: Db, where: SQL): Promise<number> {
  const [r] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from offline_return_lines l join offline_return_orders o on o.id = l.return_order_id where ${where}`,
  );
  return Number(r?.n ?? 0);
}

/** The seller's return order, locked: the purchaser's sign-in locks the same row, so the two never cross. */
export async function lockSellerOrder(
  db: Db,
  orgId: number,
  id: number,
): Promise<{ id: number; returnNo: string; status: string; purchaserOrgId: number } | undefined> {
  const [r] = await queryRows<{ id: string | number; return_no: string; status: string; purchaser_org_id: string | number }>(
    db,
    sql`select id, return_no, status, purchaser_org_id from offline_return_orders where org_id = ${orgId} and id = ${id} for update`,
  );
  return r && { id: Number(r.id), returnNo: r.return_no, status: r.status, purchaserOrgId: Number(r.purchaser_org_id) };
}

/** Removes a WAIT_SIGNED order (its lines go with it, on delete cascade); answers whether it did. */
export async function deleteUnsignedOrder(db: Db, orgId: number, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`delete from offline_return_orders where org_id = ${orgId} and id = ${id} and status = 'WAIT_SIGNED' returning id`,
  );
  return rows.length > 0;
}
