/** The claim deadline of headless parcels (decision 0027): what nobody claimed in time is the warehouse's to dispose of. */
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { sendMessage } from '../messages/index.js';
import { recordParcelEvent } from '../problem-parcel/index.js';
import * as claimsRepo from './claims.repository.js';
import * as repo from './headless-parcel.repository.js';

export const HEADLESS_DEADLINE_JOB = 'headless.claimDeadline';
export const HEADLESS_DEADLINE_INTERVAL_MS = 60 * 60_000;

/**
 * Unclaimed past the claim deadline: the warehouse may dispose of the parcel (DISCARD, with an
 * event), its open claims and proposals are refused, and the warehouse is told. Answers how many.
 */
export async function expireUnclaimed(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await inTransaction(db, async (t) => {
      const due = await repo.lockExpired(t, 200);
      for (const p of due) {
        await repo.moveParcel(t, p.id, 'WAIT_CLAIM', { status: 'DISCARD' });
        await recordParcelEvent(t, {
          parcelId: p.id,
          operation: 'EXPIRE',
          fromStatus: 'WAIT_CLAIM',
          toStatus: 'DISCARD',
          userId: null,
          note: '超过认领期限无人认领，由仓库处理',
        });
        await claimsRepo.refuseOpenClaims(t, p.id, null, '超过认领期限，包裹已由仓库处理', null);
      }
      const byWarehouse = new Map<number, string[]>();
      for (const p of due) byWarehouse.set(p.purchaserOrgId, [...(byWarehouse.get(p.purchaserOrgId) ?? []), p.barcodeNo]);
      for (const [orgId, nos] of byWarehouse) {
        await sendMessage(t, {
          orgId,
          kind: 'PARCEL',
          title: '无头件超过认领期限',
          content: `${nos.length} 个无头件超过认领期限无人认领，已转为丢弃，可自行处理：${nos.slice(0, 20).join('、')}${nos.length > 20 ? ' 等' : ''}`,
        });
      }
      return due.length;
    });
    total += n;
    if (n < 200) return total;
  }
}
