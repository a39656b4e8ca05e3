/**
 * SQL of the problem parcels' send-back status (the table belongs to after-sales; this names only the
 * one move). Plain SQL on the table's name: after-sales build on dropship orders, so importing their
 * table here would close an import loop between the two modules.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { queryRows } from '../../../db/rows.js';

export async function lockParcel(db: Db, orgId: number, id: number) {
  const [p] = await queryRows<{ id: number; status: string }>(
    db,
    sql`select id, status from problem_parcels where org_id = ${orgId} and id = ${id} for update`,
  );
  return p;
}

/** WAITING_PAYMENT → WAITING_PROCESS; false when the parcel was no longer waiting for the freight. */
export async function backToProcess(db: Db, orgId: number, id: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update problem_parcels set status = 'WAITING_PROCESS' where org_id = ${orgId} and id = ${id} and status = 'WAITING_PAYMENT' returning id`,
  );
  return rows.length > 0;
}
