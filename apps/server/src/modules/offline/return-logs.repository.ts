/**
 * The log of offline return lines, the return desk's parcels and the purchaser's pickers: the
 * append-only side of offline returns (returns.repository.ts holds the orders and lines).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

export interface NewLog {
  purchaserOrgId: number;
  sellerOrgId: number;
  returnOrderId: number;
  lineId: number | null;
  operation: string;
  fromStatus: string | null;
  toStatus: string | null;
  actorUserId: number | null;
  note?: string;
}

export async function insertLogs(db: Db, logs: NewLog[]) {
  if (logs.length === 0) return;
  await db.execute(sql`
    insert into offline_return_logs (purchaser_org_id, seller_org_id, return_order_id, line_id, operation, from_status, to_status, actor_user_id, note)
    select x."purchaserOrgId", x."sellerOrgId", x."returnOrderId", x."lineId", x.operation, x."fromStatus", x."toStatus", x."actorUserId",
      coalesce(x.note, '')
    from jsonb_to_recordset(${JSON.stringify(logs)}::jsonb) as x("purchaserOrgId" int, "sellerOrgId" int, "returnOrderId" bigint, "lineId" bigint,
      operation text, "fromStatus" text, "toStatus" text, "actorUserId" int, note text)`);
}

export async function logsOfLine(db: Db, scope: SQL, lineId: number) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select g.id, g.operation, g.from_status as "fromStatus", g.to_status as "toStatus", coalesce(u.name, u.username, '') as "actorName",
          g.note, g.created_at as "createdAt"
        from offline_return_logs g left join users u on u.id = g.actor_user_id
        where ${scope} and (g.line_id = ${lineId} or (g.line_id is null and g.return_order_id =
          (select return_order_id from offline_return_lines where id = ${lineId})))
        order by g.id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), createdAt: new Date(r.createdAt as string) })) as {
    id: number;
    operation: string;
    fromStatus: string | null;
    toStatus: string | null;
    actorName: string;
    note: string;
    createdAt: Date;
  }[];
}

export async function insertParcel(db: Db, p: { purchaserOrgId: number; waybillNo: string; returnOrderIds: number[]; note: string; userId: number }) {
  const [r] = await queryRows<{ id: string | number }>(
    db,
    sql`insert into offline_return_parcels (purchaser_org_id, waybill_no, return_order_ids, note, registered_by)
        values (${p.purchaserOrgId}, ${p.waybillNo}, ${`{${p.returnOrderIds.join(',')}}`}::bigint[], ${p.note}, ${p.userId}) returning id`,
  );
  return Number(r?.id);
}

/** An enabled user of the purchaser organisation (a picker to assign returns to). */
export async function findPicker(db: Db, purchaserOrgId: number, userId: number) {
  const [r] = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, coalesce(name, username) as name from users where org_id = ${purchaserOrgId} and id = ${userId} and state = 'ENABLED'`,
  );
  return r;
}

export async function pickersOf(db: Db, purchaserOrgId: number) {
  return queryRows<{ id: number; name: string }>(
    db,
    sql`select id, coalesce(name, username) as name from users where org_id = ${purchaserOrgId} and state = 'ENABLED' order by is_main desc, id`,
  );
}
