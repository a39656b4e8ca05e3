/**
 * SQL of the automatic after-sale rules (one row per seller and shop) and their decision log; always
 * scoped to the seller.
 */
import { type AutoAfterSaleLogFilter, type AutoAfterSaleResult, type AutoAfterSaleRuleCode, beijingDayEnd, beijingDayStart } from '@dropship/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { autoAfterSaleLogs, autoAfterSaleRules } from './auto-after-sale.table.js';

export type RuleRecord = typeof autoAfterSaleRules.$inferSelect;
export type RuleValues = Pick<RuleRecord, 'unshippedRefundAgree' | 'shippedReturnCreate' | 'maxRefundFen' | 'reasons'>;

export async function rulesOf(db: Db, orgId: number): Promise<RuleRecord[]> {
  return db.select().from(autoAfterSaleRules).where(eq(autoAfterSaleRules.orgId, orgId));
}

export async function ruleOf(db: Db, orgId: number, shopId: number): Promise<RuleRecord | undefined> {
  const [r] = await db
    .select()
    .from(autoAfterSaleRules)
    .where(and(eq(autoAfterSaleRules.orgId, orgId), eq(autoAfterSaleRules.shopId, shopId)));
  return r;
}

export async function saveRules(db: Db, orgId: number, shopIds: number[], v: RuleValues, userId: number) {
  if (shopIds.length === 0) return;
  const set = { ...v, updatedBy: userId, updatedAt: sql`now()` };
  await db
    .insert(autoAfterSaleRules)
    .values(shopIds.map((shopId) => ({ orgId, shopId, ...v, updatedBy: userId })))
    .onConflictDoUpdate({ target: [autoAfterSaleRules.orgId, autoAfterSaleRules.shopId], set });
}

/** Shops of the seller (not removed) with any rule on. */
export async function activeShopCount(db: Db, orgId: number): Promise<number> {
  const [r] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from auto_after_sale_rules r join shops s on s.id = r.shop_id and s.org_id = r.org_id
        where r.org_id = ${orgId} and s.removed_at is null and (r.unshipped_refund_agree or r.shipped_return_create)`,
  );
  return Number(r?.n ?? 0);
}

/**
 * The platform after-sales of these orders that still wait for the seller on the platform, were never
 * decided, and whose shop has a rule on: what the sync hands to the job.
 */
export async function undecidedOf(db: Db, orgId: number, shopId: number, platformOrderIds: string[]): Promise<number[]> {
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`select a.id from after_sales a
        join dropship_orders o on o.id = a.order_id
        join auto_after_sale_rules r on r.org_id = a.org_id and r.shop_id = a.shop_id and (r.unshipped_refund_agree or r.shipped_return_create)
        where a.org_id = ${orgId} and a.shop_id = ${shopId} and a.source = 'PLATFORM' and a.platform_refund_state = 'REFUNDING'
          and o.platform_order_id in (select jsonb_array_elements_text(${JSON.stringify([...new Set(platformOrderIds)])}::jsonb))
          and not exists (select 1 from auto_after_sale_logs l where l.after_sale_id = a.id)
        order by a.id`,
  );
  return rows.map((r) => Number(r.id));
}

export async function hasLog(db: Db, afterSaleId: number): Promise<boolean> {
  const [r] = await db.select({ id: autoAfterSaleLogs.id }).from(autoAfterSaleLogs).where(eq(autoAfterSaleLogs.afterSaleId, afterSaleId));
  return r !== undefined;
}

/** The one decision of an after-sale; a second one is ignored (the first stands). */
export async function insertLog(
  db: Db,
  row: { orgId: number; shopId: number; afterSaleId: number; rule: AutoAfterSaleRuleCode | null; result: AutoAfterSaleResult; message: string },
) {
  await db.insert(autoAfterSaleLogs).values(row).onConflictDoNothing({ target: autoAfterSaleLogs.afterSaleId });
}

export interface LogRow {
  id: string | number;
  created_at: string | Date;
  shop_id: number;
  shop_name: string | null;
  after_sale_id: string | number;
  after_sale_no: string;
  order_no: string;
  platform_refund_id: string | null;
  rule: string | null;
  result: string;
  message: string;
}

const LOG_FROM = sql`from auto_after_sale_logs l
  join after_sales a on a.id = l.after_sale_id
  join dropship_orders o on o.id = a.order_id
  left join shops s on s.id = l.shop_id`;

export function logWhere(orgId: number, f: AutoAfterSaleLogFilter): SQL {
  const parts: SQL[] = [sql`l.org_id = ${orgId}`];
  if (f.shopId !== undefined) parts.push(sql`l.shop_id = ${f.shopId}`);
  if (f.result !== undefined) parts.push(sql`l.result = ${f.result}`);
  if (f.keyword)
    parts.push(sql`(a.after_sale_no = ${f.keyword} or o.order_no = ${f.keyword} or o.platform_order_id = ${f.keyword} or a.platform_refund_id = ${f.keyword})`);
  if (f.createdFrom) parts.push(sql`l.created_at >= ${beijingDayStart(f.createdFrom).toISOString()}`);
  if (f.createdTo) parts.push(sql`l.created_at < ${beijingDayEnd(f.createdTo).toISOString()}`);
  return sql.join(parts, sql` and `);
}

export async function logPage(db: Db, where: SQL, limit: number, offset: number) {
  return queryRows<LogRow>(
    db,
    sql`select l.id, l.created_at, l.shop_id, s.name as shop_name, l.after_sale_id, a.after_sale_no, o.order_no, a.platform_refund_id,
          l.rule, l.result, l.message
        ${LOG_FROM} where ${where} order by l.created_at desc, l.id desc limit ${limit} offset ${offset}`,
  );
}

export async function logCount(db: Db, where: SQL): Promise<number> {
  const [r] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n ${LOG_FROM} where ${where}`);
  return Number(r?.n ?? 0);
}
