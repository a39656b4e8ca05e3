/**
 * SQL of automatic assignment (auto-assign.service.ts): the purchaser's rule setting
 * (take_auto_assign_settings) and the new take items the rules may assign.
 */
import type { AutoAssignSetBody } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { idList } from './order-locks.js';
import { takeAutoAssignSettings } from './take-items.table.js';

export type Rule = AutoAssignSetBody['rules'][number];

/** The purchaser's saved setting (enabled flag and rules), or undefined when it never saved one. */
export async function autoAssignSetting(db: Db, org: number): Promise<{ enabled: boolean; rules: Rule[] } | undefined> {
  const rows = await queryRows<{ enabled: boolean; rules: Rule[] }>(
    db,
    sql`select enabled, rules from take_auto_assign_settings where purchaser_org_id = ${org}`,
  );
  return rows[0];
}

/** Saves the purchaser's setting, one row per purchaser (insert or replace). */
export async function upsertAutoAssignSetting(db: Db, org: number, enabled: boolean, rules: Rule[]) {
  await db
    .insert(takeAutoAssignSettings)
    .values({ purchaserOrgId: org, enabled, rules })
    .onConflictDoUpdate({ target: takeAutoAssignSettings.purchaserOrgId, set: { enabled, rules, updatedAt: sql`now()` } });
}

export interface NewItem {
  id: string | number;
  order_id: string | number;
  market_area: string;
  market: string;
  building: string;
  floor: string;
  stall_no: string;
  stall_name: string;
}

/** The purchaser's items among `ids` still waiting for a picker, with the place the rules match on. */
export async function waitingItemsAmong(tx: Db, purchaserOrgId: number, takeItemIds: readonly number[]): Promise<NewItem[]> {
  return queryRows<NewItem>(
    tx,
    sql`select id, order_id, market_area, market, building, floor, stall_no, stall_name from take_items
        where purchaser_org_id = ${purchaserOrgId} and assignment_status = 'WAITING_ASSIGNED' and id in ${idList(takeItemIds)}`,
  );
}
