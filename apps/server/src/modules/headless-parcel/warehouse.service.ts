/**
 * The warehouse's side of headless parcels (decision 0027, "the pool and claims"): its list, a
 * parcel's claims and timeline, correcting the goods, and the decision on a claim — confirm (the
 * parcel goes to that seller, the others are refused) or refuse (it stays in the pool).
 */
import { ErrorCode, type HeadlessUpdateBody, type PurchaserHeadlessQuery } from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { sendMessage } from '../messages/index.js';
import { recordParcelEvent } from '../problem-parcel/index.js';
import * as claimsRepo from './claims.repository.js';
import * as repo from './headless-parcel.repository.js';
import { join } from './intake.service.js';
import { cleanGoods, purchaserClaim, requirePurchaser } from './rows.js';

export async function pagePurchaser(db: Db, caller: Caller, q: z.output<typeof PurchaserHeadlessQuery>) {
  requirePurchaser(caller);
  return repo.pagePurchaser(db, caller.orgId, q, q.pageSize, (q.pageNo - 1) * q.pageSize);
}

export async function purchaserDetail(db: Db, caller: Caller, id: number) {
  requirePurchaser(caller);
  if (!(await repo.findParcel(db, caller.orgId, id))) throw notFound('无头件');
  const claims = await claimsRepo.parcelClaims(db, caller.orgId, id);
  return { claims: claims.map(purchaserClaim), events: await repo.parcelEvents(db, id) };
}

export async function updateParcelGoods(db: Db, caller: Caller, b: z.output<typeof HeadlessUpdateBody>) {
  requirePurchaser(caller);
  return inTransaction(db, async (t) => {
    const p = await repo.lockParcel(t, caller.orgId, b.id);
    if (!p) throw notFound('无头件');
    if (p.status !== 'WAIT_CLAIM') throw new AppError(ErrorCode.HEADLESS_NOT_EDITABLE);
    await repo.updateGoods(t, p.id, cleanGoods(b.goods), b.note);
    return { id: p.id };
  });
}

/** Reads the claim's parcel id, then locks the parcel (every writer's first lock), then the claim. */
async function lockForDecision(t: Db, caller: Caller, claimId: number) {
  const peek = await claimsRepo.warehouseClaim(t, caller.orgId, claimId);
  if (!peek) throw notFound('认领');
  const p = await repo.lockParcel(t, caller.orgId, peek.parcelId);
  if (!p) throw notFound('认领');
  const c = await claimsRepo.lockClaim(t, claimId);
  if (!c) throw notFound('认领');
  return { p, c };
}

/** Whoever decided first: a claim refused because another was confirmed says so. */
function notPending(p: repo.ParcelRecord, c: claimsRepo.ClaimRecord): never {
  if (p.status !== 'WAIT_CLAIM' && c.sellerOrgId !== p.orgId) {
    throw new AppError(ErrorCode.HEADLESS_ALREADY_CLAIMED, `无头件 ${p.barcodeNo} 已确认由其他卖家认领，本认领未通过${c.reason ? `（${c.reason}）` : ''}`);
  }
  throw new AppError(ErrorCode.HEADLESS_CLAIM_NOT_PENDING);
}

/**
 * The warehouse confirms a seller's claim: the parcel is the seller's (CLAIMED, or MATCHED when the
 * proof names an open after-sale with goods coming back), every other open claim is refused with
 * the reason. Two confirmations of one parcel at once: the second waits on the parcel's lock and is
 * told it went to another seller.
 */
export async function confirmClaim(db: Db, caller: Caller, claimId: number) {
  requirePurchaser(caller);
  return inTransaction(db, async (t) => {
    const { p, c } = await lockForDecision(t, caller, claimId);
    if (c.status !== 'PENDING' || p.status !== 'WAIT_CLAIM') notPending(p, c);
    const joined = await join(
      t,
      p.id,
      caller.orgId,
      { sellerOrgId: c.sellerOrgId, orderId: c.dropshipOrderId, afterSaleId: c.afterSaleId },
      caller.userId,
      p.trackingNo,
      'CONFIRM_CLAIM',
      `仓库确认认领（凭证：${[c.orderNo && `订单 ${c.orderNo}`, c.afterSaleNo && `售后单 ${c.afterSaleNo}`].filter(Boolean).join('，')}）`,
    );
    await claimsRepo.setClaim(t, c.id, 'PENDING', 'CONFIRMED', { userId: caller.userId, decided: true });
    const others = await claimsRepo.refuseOpenClaims(
      t,
      p.id,
      c.id,
      `该包裹已确认由其他卖家认领（${c.orderNo || c.afterSaleNo ? '凭证已核实' : '仓库核实'}）`,
      caller.userId,
    );
    for (const o of others) {
      await sendMessage(t, {
        orgId: o.sellerOrgId,
        kind: 'PARCEL',
        title: '无头件认领未通过',
        content: `无头件 ${p.barcodeNo} 已确认由其他卖家认领，您的认领未通过`,
      });
    }
    const row = await claimsRepo.claimById(t, c.id);
    return { claim: purchaserClaim(row as claimsRepo.ClaimRecord), parcelStatus: joined.status };
  });
}

/** The warehouse refuses a claim with its reason; the parcel stays in the pool. */
export async function refuseClaim(db: Db, caller: Caller, claimId: number, reason: string) {
  requirePurchaser(caller);
  return inTransaction(db, async (t) => {
    const { p, c } = await lockForDecision(t, caller, claimId);
    if ((c.status !== 'PENDING' && c.status !== 'PROPOSED') || p.status !== 'WAIT_CLAIM') notPending(p, c);
    await claimsRepo.setClaim(t, c.id, c.status, 'REFUSED', { userId: caller.userId, reason, decided: true });
    await recordParcelEvent(t, {
      parcelId: p.id,
      operation: 'REFUSE_CLAIM',
      fromStatus: 'WAIT_CLAIM',
      toStatus: 'WAIT_CLAIM',
      userId: caller.userId,
      note: `拒绝 ${c.sellerName} 的认领：${reason}`,
    });
    await sendMessage(t, { orgId: c.sellerOrgId, kind: 'PARCEL', title: '无头件认领未通过', content: `无头件 ${p.barcodeNo} 的认领未通过：${reason}` });
    const row = await claimsRepo.claimById(t, c.id);
    return { claim: purchaserClaim(row as claimsRepo.ClaimRecord), parcelStatus: 'WAIT_CLAIM' as const };
  });
}
