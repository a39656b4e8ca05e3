/**
 * SQL of declarations and their lines, always scoped to the seller's organisation. Writes of a
 * draft lock its row first, so a save racing a submit finds the draft already submitted.
 */
import type { CombinedStatusCode, TakingStatusCode } from '@dropship/contract';
import { beijingDayEnd, beijingDayStart } from '@dropship/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { suppliers } from '../goods/index.js';
import { declarationLines, declarations } from './declarations.table.js';

export type DeclarationRecord = typeof declarations.$inferSelect;
export type LineRecord = typeof declarationLines.$inferSelect;
export type NewLine = Omit<typeof declarationLines.$inferInsert, 'id' | 'orgId' | 'declarationId' | 'createdAt'>;
export type Header = Pick<DeclarationRecord, 'delivery' | 'expressCode' | 'remark' | 'lineCount' | 'quantity' | 'goodsFen'>;

/** The organisation's suppliers, for resolving what the seller typed as a stall. */
export async function suppliersOf(db: Db, orgId: number) {
  return db.select().from(suppliers).where(eq(suppliers.orgId, orgId));
}

export async function suppliersByIds(db: Db, orgId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.orgId, orgId), inArray(suppliers.id, ids)));
}

/** Inserts a draft; its number (BD + Beijing YYMMDD + the id) is written in the same transaction. */
export async function insertDeclaration(db: Db, orgId: number, h: Header, createdBy: number): Promise<DeclarationRecord> {
  const [made] = await db
    .insert(declarations)
    .values({ orgId, ...h, declarationNo: `tmp-${crypto.randomUUID()}`, createdBy })
    .returning({ id: declarations.id });
  if (!made) throw new Error('declaration not inserted');
  const [row] = await db
    .update(declarations)
    .set({ declarationNo: sql`'BD' || to_char(now() at time zone 'Asia/Shanghai', 'YYMMDD') || lpad(${made.id}::text, 6, '0')` })
    .where(eq(declarations.id, made.id))
    .returning();
  if (!row) throw new Error('declaration not numbered');
  return row;
}

export async function lockDeclaration(db: Db, orgId: number, id: number): Promise<DeclarationRecord | undefined> {
  const [row] = await db
    .select()
    .from(declarations)
    .where(and(eq(declarations.orgId, orgId), eq(declarations.id, id)))
    .for('update');
  return row;
}

export async function findDeclaration(db: Db, orgId: number, id: number): Promise<DeclarationRecord | undefined> {
  const [row] = await db
    .select()
    .from(declarations)
    .where(and(eq(declarations.orgId, orgId), eq(declarations.id, id)));
  return row;
}

export async function updateHeader(db: Db, orgId: number, id: number, h: Header) {
  await db
    .update(declarations)
    .set({ ...h, updatedAt: sql`now()` })
    .where(and(eq(declarations.orgId, orgId), eq(declarations.id, id)));
}

export async function markSubmitted(db: Db, orgId: number, id: number) {
  const done = await db
    .update(declarations)
    .set({ status: 'SUBMITTED', submittedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(declarations.orgId, orgId), eq(declarations.id, id), eq(declarations.status, 'DRAFT')))
    .returning({ id: declarations.id });
  return done.length === 1;
}

export async function deleteDraft(db: Db, orgId: number, id: number) {
  await db.delete(declarations).where(and(eq(declarations.orgId, orgId), eq(declarations.id, id), eq(declarations.status, 'DRAFT')));
}

export async function replaceLines(db: Db, orgId: number, declarationId: number, lines: NewLine[]) {
  await db.delete(declarationLines).where(and(eq(declarationLines.orgId, orgId), eq(declarationLines.declarationId, declarationId)));
  if (lines.length > 0) await db.insert(declarationLines).values(lines.map((l) => ({ ...l, orgId, declarationId })));
}

export async function linesOf(db: Db, orgId: number, declarationId: number): Promise<LineRecord[]> {
  return db
    .select()
    .from(declarationLines)
    .where(and(eq(declarationLines.orgId, orgId), eq(declarationLines.declarationId, declarationId)))
    .orderBy(asc(declarationLines.lineNo));
}

/** After submission: each line names the order line it became (one statement). */
export async function linkLines(db: Db, orgId: number, links: { id: number; orderId: number; orderItemId: number }[]) {
  if (links.length === 0) return;
  await db.execute(sql`
    update declaration_lines l set order_id = x."orderId", order_item_id = x."orderItemId"
    from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as x(id bigint, "orderId" bigint, "orderItemId" bigint)
    where l.id = x.id and l.org_id = ${orgId}`);
}

/** The lines of submitted orders with their take statuses, for the detail and the pick-up view. */
export async function lineStatuses(db: Db, orgId: number, declarationId: number) {
  return queryRows<{ id: string | number; order_no: string | null; take_status: TakingStatusCode | null }>(
    db,
    sql`select l.id, o.order_no, i.take_status from declaration_lines l
        left join dropship_orders o on o.id = l.order_id and o.org_id = l.org_id
        left join dropship_order_items i on i.id = l.order_item_id and i.org_id = l.org_id
        where l.org_id = ${orgId} and l.declaration_id = ${declarationId}`,
  );
}

/** Beijing calendar days → the instants they span. */
export function createdBetween(column: SQL, from?: string, to?: string): SQL[] {
  const out: SQL[] = [];
  if (from) out.push(sql`${column} >= ${beijingDayStart(from).toISOString()}`);
  if (to) out.push(sql`${column} < ${beijingDayEnd(to).toISOString()}`);
  return out;
}

export interface PageFilter {
  status?: string | undefined;
  declarationNo?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

export function declarationWhere(orgId: number, f: PageFilter): SQL {
  const w: SQL[] = [sql`d.org_id = ${orgId}`, ...createdBetween(sql`d.created_at`, f.dateFrom, f.dateTo)];
  if (f.status) w.push(sql`d.status = ${f.status}`);
  if (f.declarationNo) w.push(sql`d.declaration_no = ${f.declarationNo}`);
  return sql.join(w, sql` and `);
}

export async function countDeclarations(db: Db, where: SQL) {
  const [total] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n from declarations d where ${where}`);
  return Number(total?.n ?? 0);
}

/** Newest first; `tail` pages it (limit/offset for the list, a keyset for the export). */
export function selectDeclarations(db: Db, where: SQL, tail: SQL) {
  return queryRows<Record<string, string | number | null>>(db, sql`select d.* from declarations d where ${where} order by d.id desc ${tail}`);
}

export async function pageDeclarations(db: Db, orgId: number, f: PageFilter, limit: number, offset: number) {
  const where = declarationWhere(orgId, f);
  const total = await countDeclarations(db, where);
  const list = await selectDeclarations(db, where, sql`limit ${limit} offset ${offset}`);
  return { total, list };
}

/** The distinct orders each declaration became, with their current statuses. */
export async function ordersOfDeclarations(db: Db, orgId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return queryRows<{ declaration_id: string | number; id: string | number; order_no: string; combined_status: CombinedStatusCode; total_fen: string | number }>(
    db,
    sql`select distinct l.declaration_id, o.id, o.order_no, o.combined_status, o.total_fen
        from declaration_lines l join dropship_orders o on o.id = l.order_id and o.org_id = l.org_id
        where l.org_id = ${orgId} and l.declaration_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)
        order by o.id`,
  );
}

/** Lines whose receiver is still plain (saved before receivers were sealed), a batch at a time under row locks others skip. */
export function lockPlainLineReceivers(t: Db, limit: number) {
  return queryRows<{ id: string | number; receiver: unknown }>(
    t,
    sql`select id, receiver from declaration_lines
        where receiver is not null and (receiver ->> 'sealed') is null and jsonb_typeof(receiver) = 'object'
        order by id limit ${limit} for update skip locked`,
  );
}

/** Each line's receiver replaced (sealed), one statement for the batch. */
export async function setLineReceivers(t: Db, updates: { id: number; receiver: unknown }[]) {
  await t.execute(sql`
    update declaration_lines l set receiver = x.receiver
    from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as x(id bigint, receiver jsonb)
    where l.id = x.id`);
}
