/**
 * The seller's side of headless parcels (decision 0027, "the pool and claims"): the pool of the
 * warehouses serving it, claims with proof (PENDING until the warehouse decides), the matching's
 * proposals and 我的认领. The parcel row is locked before a claim, as every writer does.
 */
import { ErrorCode, type HeadlessClaimBody, type HeadlessClaimQuery, type HeadlessPoolQuery } from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { sendMessage } from '../messages/index.js';
import { servingPurchaser } from '../take-assignment/index.js';
import * as candidatesRepo from './candidates.repository.js';
import * as claimsRepo from './claims.repository.js';
import * as repo from './headless-parcel.repository.js';
import { poolRow, requireSeller, sellerClaim } from './rows.js';

export async function warehousesOf(db: Db, sellerOrgId: number) {
  let serving: number | undefined;
  try {
    serving = await servingPurchaser(db, sellerOrgId);
  } catch {
    serving = undefined;
  }
  return repo.servedWarehouses(db, sellerOrgId, serving);
}

export async function pagePool(db: Db, caller: Caller, q: z.output<typeof HeadlessPoolQuery>) {
  requireSeller(caller);
  const page = await repo.pagePool(db, caller.orgId, await warehousesOf(db, caller.orgId), q, q.pageSize, (q.pageNo - 1) * q.pageSize);
  return { total: page.total, list: page.list.map(poolRow) };
}

type ClaimBody = z.output<typeof HeadlessClaimBody>;

/** Resolves the proof to the seller's own order / after-sale; a number that is not the seller's refuses. */
async function resolveProof(db: Db, sellerOrgId: number, b: { orderNo: string; afterSaleNo: string }) {
  let orderId: number | null = null;
  let afterSaleId: number | null = null;
  if (b.afterSaleNo) {
    const a = await candidatesRepo.afterSaleByNo(db, sellerOrgId, b.afterSaleNo);
    if (!a) throw new AppError(ErrorCode.HEADLESS_PROOF_UNKNOWN);
    afterSaleId = a.id;
    orderId = a.orderId;
  }
  if (b.orderNo) {
    const o = await candidatesRepo.orderByNo(db, sellerOrgId, b.orderNo);
    if (!o) throw new AppError(ErrorCode.HEADLESS_PROOF_UNKNOWN);
    if (orderId !== null && orderId !== o.id) throw new AppError(ErrorCode.HEADLESS_PROOF_UNKNOWN, '凭证中的售后单不属于所填订单，请核对后重新填写');
    orderId = o.id;
  }
  return { orderId, afterSaleId };
}

/** A seller's claim with proof: PENDING until the warehouse decides; one open claim per seller per parcel. */
export async function claimParcel(db: Db, caller: Caller, b: ClaimBody) {
  requireSeller(caller);
  if (!b.orderNo && !b.afterSaleNo) throw new AppError(ErrorCode.HEADLESS_CLAIM_PROOF_REQUIRED);
  const warehouses = await warehousesOf(db, caller.orgId);
  return inTransaction(db, async (t) => {
    const p = await repo.lockPoolParcel(t, warehouses, b.parcelId);
    if (!p) throw notFound('无头件');
    if (p.status !== 'WAIT_CLAIM') throw new AppError(ErrorCode.HEADLESS_NOT_CLAIMABLE);
    const proof = await resolveProof(t, caller.orgId, b);
    const mine = await claimsRepo.lockOpenClaim(t, p.id, caller.orgId);
    const fields = { orderNo: b.orderNo, afterSaleNo: b.afterSaleNo, phoneTail: b.phoneTail, goodsNote: b.goodsNote, userId: caller.userId };
    let id: number | undefined;
    if (mine?.status === 'PENDING') throw new AppError(ErrorCode.HEADLESS_CLAIM_EXISTS);
    if (mine?.status === 'PROPOSED') {
      // The seller answers the system's proposal with its own proof: the same claim, now PENDING.
      const proofFields = { ...fields, dropshipOrderId: proof.orderId, afterSaleId: proof.afterSaleId };
      await claimsRepo.setClaim(t, mine.id, 'PROPOSED', 'PENDING', { userId: caller.userId, decided: false, proof: proofFields });
      id = mine.id;
    } else {
      id = await claimsRepo.insertClaim(t, {
        parcelId: p.id,
        sellerOrgId: caller.orgId,
        purchaserOrgId: p.purchaserOrgId,
        status: 'PENDING',
        ...fields,
        dropshipOrderId: proof.orderId,
        afterSaleId: proof.afterSaleId,
        score: null,
      });
      if (id === undefined) throw new AppError(ErrorCode.HEADLESS_CLAIM_EXISTS);
    }
    await sendMessage(t, {
      orgId: p.purchaserOrgId,
      kind: 'PARCEL',
      title: '无头件有新的认领',
      content: `无头件 ${p.barcodeNo} 有卖家提交了认领，请到“无头件”核对凭证后确认或拒绝`,
    });
    const row = await claimsRepo.claimById(t, id);
    return sellerClaim(row as claimsRepo.ClaimRecord);
  });
}

/** The seller confirms a proposal (可能是您的包裹): it becomes a PENDING claim with the matched order as proof. */
export async function confirmProposal(db: Db, caller: Caller, claimId: number) {
  requireSeller(caller);
  return inTransaction(db, async (t) => {
    const c = await claimsRepo.sellerClaim(t, caller.orgId, claimId);
    if (!c) throw notFound('认领');
    const p = await repo.lockParcel(t, c.purchaserOrgId, c.parcelId);
    if (p?.status !== 'WAIT_CLAIM') throw new AppError(ErrorCode.HEADLESS_NOT_CLAIMABLE);
    if (!(await claimsRepo.setClaim(t, c.id, 'PROPOSED', 'PENDING', { userId: caller.userId, decided: false })))
      throw new AppError(ErrorCode.HEADLESS_CLAIM_NOT_PENDING);
    await sendMessage(t, {
      orgId: p.purchaserOrgId,
      kind: 'PARCEL',
      title: '无头件有新的认领',
      content: `无头件 ${p.barcodeNo} 的系统推荐已由卖家确认，请到“无头件”核对后确认或拒绝`,
    });
    const row = await claimsRepo.claimById(t, c.id);
    return sellerClaim(row as claimsRepo.ClaimRecord);
  });
}

export async function myClaims(db: Db, caller: Caller, q: z.output<typeof HeadlessClaimQuery>) {
  requireSeller(caller);
  const { total, list } = await claimsRepo.pageSellerClaims(db, caller.orgId, q.status, q.pageSize, (q.pageNo - 1) * q.pageSize);
  return { total, list: list.map(sellerClaim) };
}

/** The seller's open proposals with their parcels as the pool shows them. */
export async function myProposals(db: Db, caller: Caller) {
  requireSeller(caller);
  const claims = await claimsRepo.sellerProposals(db, caller.orgId);
  const parcels = new Map(
    (
      await repo.poolRowsById(
        db,
        caller.orgId,
        claims.map((c) => c.parcelId),
      )
    ).map((r) => [r.id, poolRow(r)]),
  );
  return claims.flatMap((c) => {
    const parcel = parcels.get(c.parcelId);
    return parcel ? [{ ...sellerClaim(c), parcel }] : [];
  });
}
