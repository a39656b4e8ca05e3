/** SQL of the problem parcels' send-back status (the table belongs to after-sales; this names only the one move). */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { problemParcels } from '../../after-sale/index.js';

export async function lockParcel(db: Db, orgId: number, id: number) {
  const [p] = await db
    .select({ id: problemParcels.id, status: problemParcels.status })
    .from(problemParcels)
    .where(and(eq(problemParcels.orgId, orgId), eq(problemParcels.id, id)))
    .for('update');
  return p;
}

/** WAITING_PAYMENT → WAITING_PROCESS; false when the parcel was no longer waiting for the freight. */
export async function backToProcess(db: Db, orgId: number, id: number) {
  const rows = await db
    .update(problemParcels)
    .set({ status: 'WAITING_PROCESS' })
    .where(and(eq(problemParcels.orgId, orgId), eq(problemParcels.id, id), eq(problemParcels.status, 'WAITING_PAYMENT')))
    .returning({ id: problemParcels.id });
  return rows.length > 0;
}
