/**
 * SQL of work orders, their replies and images. The customer's calls pass the caller's
 * organisation and see only its rows; the console's pass null (every organisation). Status changes
 * name the statuses they start from, under the row's lock taken by the service.
 */
import type { OperatorWorkOrderListQuery, WorkOrderLinkKind, WorkOrderListQuery, WorkOrderStatus } from '@dropship/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { organisations, users } from '../auth/index.js';
import { workOrderImages, workOrderReplies, workOrders } from './work-orders.table.js';

export type WorkOrderRecord = typeof workOrders.$inferSelect;
/** null: the console (every organisation). */
export type Scope = number | null;

const scoped = (scope: Scope, id: number) => (scope === null ? eq(workOrders.id, id) : and(eq(workOrders.id, id), eq(workOrders.orgId, scope)));

/** GD + the Beijing date + 6 digits of a sequence. */
export async function nextWorkOrderNo(db: Db): Promise<string> {
  const [r] = await queryRows<{ no: string }>(
    db,
    sql`select 'GD' || to_char(now() at time zone 'Asia/Shanghai', 'YYMMDD') || lpad((nextval('work_order_no_seq') % 1000000)::text, 6, '0') as no`,
  );
  if (!r) throw new Error('no work order number');
  return r.no;
}

/**
 * The caller's own order, after-sale or parcel with that number (a seller's by org_id, a purchaser's
 * by the purchaser serving it), first in the kind the type names; another tenant's is not found.
 */
export async function findLink(db: Db, org: { orgId: number; orgType: string }, no: string, first: WorkOrderLinkKind | null) {
  const owner = org.orgType === 'purchaser' ? sql.raw('purchaser_org_id') : sql.raw('org_id');
  const rows = await queryRows<{ kind: WorkOrderLinkKind; id: number; no: string }>(
    db,
    sql`select * from (
          (select 'ORDER' as kind, id::int as id, order_no as no from dropship_orders where order_no = ${no} and ${owner} = ${org.orgId} limit 1)
          union all
          (select 'AFTER_SALE', id::int, after_sale_no from after_sales where after_sale_no = ${no} and ${owner} = ${org.orgId} limit 1)
          union all
          (select 'PARCEL', id::int, barcode_no from problem_parcels where barcode_no = ${no} and ${owner} = ${org.orgId} limit 1)
        ) found`,
  );
  return rows.find((r) => r.kind === first) ?? rows[0];
}

export async function insertWorkOrder(db: Db, row: Omit<typeof workOrders.$inferInsert, 'id'>) {
  const [made] = await db.insert(workOrders).values(row).returning({ id: workOrders.id, workOrderNo: workOrders.workOrderNo });
  if (!made) throw new Error('work order not inserted');
  return made;
}

export async function insertReply(db: Db, row: { workOrderId: number; side: 'CUSTOMER' | 'OPERATOR'; userId: number; content: string }) {
  const [made] = await db.insert(workOrderReplies).values(row).returning({ id: workOrderReplies.id });
  if (!made) throw new Error('reply not inserted');
  return made.id;
}

export async function insertImages(db: Db, rows: (typeof workOrderImages.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(workOrderImages).values(rows);
}

export async function lockWorkOrder(db: Db, scope: Scope, id: number): Promise<WorkOrderRecord | undefined> {
  const [r] = await db.select().from(workOrders).where(scoped(scope, id)).for('update');
  return r;
}

export async function findWorkOrder(db: Db, scope: Scope, id: number): Promise<WorkOrderRecord | undefined> {
  const [r] = await db.select().from(workOrders).where(scoped(scope, id));
  return r;
}

/** The change a named operation made; only from the statuses it may start from (the service locked the row). */
export async function updateWorkOrder(db: Db, id: number, from: readonly WorkOrderStatus[], patch: Partial<typeof workOrders.$inferInsert>) {
  const done = await db
    .update(workOrders)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(workOrders.id, id), inArray(workOrders.status, [...from])))
    .returning({ id: workOrders.id });
  return done.length === 1;
}

export async function bump(db: Db, id: number, side: 'customer' | 'operator') {
  const col = side === 'customer' ? workOrders.customerUnread : workOrders.operatorUnread;
  await db
    .update(workOrders)
    .set(side === 'customer' ? { customerUnread: sql`${col} + 1` } : { operatorUnread: sql`${col} + 1` })
    .where(eq(workOrders.id, id));
}

export async function clearUnread(db: Db, id: number, side: 'customer' | 'operator') {
  await db
    .update(workOrders)
    .set(side === 'customer' ? { customerUnread: 0 } : { operatorUnread: 0 })
    .where(eq(workOrders.id, id));
}

function filtersOf(scope: Scope, q: WorkOrderListQuery & { orgName?: string }): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    scope === null ? undefined : eq(workOrders.orgId, scope),
    q.status ? eq(workOrders.status, q.status) : undefined,
    q.type ? eq(workOrders.type, q.type) : undefined,
    q.keyword ? or(eq(workOrders.workOrderNo, q.keyword), ilike(workOrders.title, `%${escapeLike(q.keyword)}%`)) : undefined,
    q.createdFrom ? gte(workOrders.createdAt, sql`(${q.createdFrom}::date)::timestamp at time zone 'Asia/Shanghai'`) : undefined,
    q.createdTo ? lt(workOrders.createdAt, sql`(${q.createdTo}::date + 1)::timestamp at time zone 'Asia/Shanghai'`) : undefined,
    q.orgName ? ilike(organisations.name, `%${escapeLike(q.orgName)}%`) : undefined,
  ];
  return and(...parts.filter((p): p is SQL => p !== undefined));
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const rowColumns = (scope: Scope) => ({
  id: workOrders.id,
  workOrderNo: workOrders.workOrderNo,
  type: workOrders.type,
  title: workOrders.title,
  status: workOrders.status,
  linkKind: workOrders.linkKind,
  linkNo: workOrders.linkNo,
  unread: scope === null ? workOrders.operatorUnread : workOrders.customerUnread,
  score: workOrders.score,
  orgName: organisations.name,
  createdAt: workOrders.createdAt,
  updatedAt: workOrders.updatedAt,
});

/** A page of the list, newest first (the console: the most recently changed first). */
export async function listWorkOrders(
  db: Db,
  scope: Scope,
  q: WorkOrderListQuery | OperatorWorkOrderListQuery,
  page = { limit: q.pageSize, offset: (q.pageNo - 1) * q.pageSize },
) {
  const where = filtersOf(scope, q);
  const [total] = await db.select({ n: count() }).from(workOrders).innerJoin(organisations, eq(organisations.id, workOrders.orgId)).where(where);
  const order = scope === null ? [desc(workOrders.updatedAt), desc(workOrders.id)] : [desc(workOrders.createdAt), desc(workOrders.id)];
  const rows = await db
    .select(rowColumns(scope))
    .from(workOrders)
    .innerJoin(organisations, eq(organisations.id, workOrders.orgId))
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return { total: total?.n ?? 0, rows };
}

export async function orgNameOf(db: Db, orgId: number) {
  const [r] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, orgId));
  return r?.name ?? '';
}

export async function repliesOf(db: Db, workOrderId: number) {
  return db
    .select({
      id: workOrderReplies.id,
      side: workOrderReplies.side,
      username: users.username,
      content: workOrderReplies.content,
      createdAt: workOrderReplies.createdAt,
    })
    .from(workOrderReplies)
    .innerJoin(users, eq(users.id, workOrderReplies.userId))
    .where(eq(workOrderReplies.workOrderId, workOrderId))
    .orderBy(asc(workOrderReplies.id));
}

export async function imagesOf(db: Db, workOrderId: number) {
  return db
    .select({ id: workOrderImages.id, replyId: workOrderImages.replyId, width: workOrderImages.width, height: workOrderImages.height })
    .from(workOrderImages)
    .where(eq(workOrderImages.workOrderId, workOrderId))
    .orderBy(asc(workOrderImages.id));
}

/** An image with the organisation of its work order (who may read it). */
export async function findImage(db: Db, scope: Scope, imageId: number) {
  const [r] = await db
    .select({ storageKey: workOrderImages.storageKey, mime: workOrderImages.mime })
    .from(workOrderImages)
    .innerJoin(workOrders, eq(workOrders.id, workOrderImages.workOrderId))
    .where(scope === null ? eq(workOrderImages.id, imageId) : and(eq(workOrderImages.id, imageId), eq(workOrders.orgId, scope)));
  return r;
}
