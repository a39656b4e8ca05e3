/**
 * The take log (take_logs): every operation on take items appends here inside its own
 * transaction, so the log never claims a change that was rolled back.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export interface TakeLogEntry {
  takeItemId: number;
  /** The named operation: ASSIGN, UNASSIGN, PRINT, MARK, STOP, REVOKE_STOP, CANCEL_TOOK, ARRIVE, SHIP ... */
  operation: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  note?: string;
}

/** One statement for any number of entries. */
export async function appendTakeLogs(tx: Db, purchaserOrgId: number, actorUserId: number | null, entries: TakeLogEntry[]) {
  if (entries.length === 0) return;
  const rows = entries.map((e) => ({ i: e.takeItemId, o: e.operation, f: e.fromStatus ?? null, t: e.toStatus ?? null, n: e.note ?? '' }));
  await tx.execute(sql`
    insert into take_logs (purchaser_org_id, take_item_id, operation, from_status, to_status, actor_user_id, note)
    select ${purchaserOrgId}::int, x.i, x.o, x.f, x.t, ${actorUserId}::int, x.n
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(i bigint, o text, f text, t text, n text)`);
}
