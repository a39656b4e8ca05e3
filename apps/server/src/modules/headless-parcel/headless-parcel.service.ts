/**
 * Headless parcels (无头件, docs/decisions/0027-problem-headless-parcels.md "Headless parcels"):
 * intake from the return desk (offline's unmatchedParcelRegistered) with the automatic matching,
 * the sellers' pool and claims with proof, the warehouse's confirm / refuse, and the deadline job.
 * Every parcel move locks the parcel row first, then a claim, and writes a problem_parcel_events row.
 */
import {
  ErrorCode,
  HEADLESS_CLAIM_DAYS_DEFAULT,
  type HeadlessClaimBody,
  type HeadlessClaimQuery,
  type HeadlessClaimRow,
  type HeadlessGood,
  type HeadlessPoolQuery,
  type HeadlessPoolRow,
  type HeadlessRegistered,
  type HeadlessUpdateBody,
  type PurchaserHeadlessQuery,
} from '@dropship/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { receiverVault } from '../../lib/receiver-vault/index.js';
import type { Caller } from '../../plugins/auth.js';
import { signInJoinedReturn } from '../after-sale/index.js';
import { sendMessage } from '../messages/index.js';
import type { UnmatchedParcelRegistered } from '../offline/index.js';
import { servingPurchaser } from '../take-assignment/index.js';
import * as repo from './headless-parcel.repository.js';
import { maskWaybill, matchParcel, normaliseWaybill } from './matcher.js';

let claimDays = HEADLESS_CLAIM_DAYS_DEFAULT;
/** The operator's HEADLESS_CLAIM_DAYS, set where the routes are registered (the intake runs inside offline's hook, without the config). */
export function useHeadlessClaimDays(days: number) {
  claimDays = days;
}

function requirePurchaser(caller: Caller) {
  if (caller.orgType !== 'purchaser') throw new AppError(ErrorCode.PURCHASER_REQUIRED);
}
function requireSeller(caller: Caller) {
  if (caller.orgType !== 'seller') throw notFound('无头件');
}

const cleanGoods = (goods: HeadlessGood[]): HeadlessGood[] =>
  goods
    .map((g) => Object.fromEntries(Object.entries(g).filter(([, v]) => v !== '' && v !== undefined)) as HeadlessGood)
    .filter((g) => Object.keys(g).length > 1);

const phoneDigits = (s: string) => s.replace(/\D/g, '');

// ---- intake ----

/**
 * offline's unmatchedParcelRegistered: the parcel becomes a headless parcel in the registering
 * warehouse's pool, then the matching runs: a sure match joins it at once (MATCHED with the
 * after-sale, else CLAIMED by the order's seller), likely ones become proposals to their sellers.
 */
export async function intakeUnmatched(t: Db, f: UnmatchedParcelRegistered) {
  const digits = phoneDigits(f.intake.senderPhone);
  const tail = digits.length >= 4 ? digits.slice(-4) : null;
  const goods = cleanGoods(f.intake.goods);
  const made = await repo.insertHeadless(t, {
    purchaserOrgId: f.purchaserOrgId,
    trackingNo: f.code,
    courierName: f.intake.courierName,
    goods,
    note: f.note,
    // The sender is somebody's buyer: only the tail stays readable; the whole number is sealed like a receiver.
    senderPhoneSealed: digits.length >= 4 ? receiverVault().sealJson({ phone: f.intake.senderPhone }) : null,
    senderPhoneTail: tail,
    claimDays,
  });
  await repo.insertEvent(t, {
    parcelId: made.id,
    operation: 'REGISTER',
    fromStatus: null,
    toStatus: 'WAIT_CLAIM',
    userId: f.userId,
    note: `退货登记 ${f.code}`,
  });
  const answer: HeadlessRegistered = {
    id: made.id,
    barcodeNo: made.barcodeNo,
    status: 'WAIT_CLAIM',
    signedAt: made.signedAt,
    courierName: f.intake.courierName,
    matchedSeller: null,
    matchedAfterSaleNo: null,
    proposals: 0,
  };
  f.headless = answer;

  const facts = { waybill: f.code, phoneTail: tail, goods };
  const itemNos = goods.map((g) => (g.itemNo ?? '').replace(/[\s\-_/]+/g, '').toUpperCase()).filter(Boolean);
  const outcome = matchParcel(facts, await repo.candidates(t, f.purchaserOrgId, { waybill: normaliseWaybill(f.code), phoneTail: tail, itemNos }));
  if (outcome.sure) {
    const joined = await join(
      t,
      made.id,
      f.purchaserOrgId,
      outcome.sure.candidate,
      f.userId,
      f.code,
      'AUTO_MATCH',
      `自动匹配：快递单号与订单 ${outcome.sure.candidate.orderNo} 一致`,
    );
    answer.status = joined.status;
    answer.matchedSeller = await repo.orgName(t, outcome.sure.candidate.sellerOrgId);
    answer.matchedAfterSaleNo = joined.afterSaleNo;
    return;
  }
  for (const s of outcome.likely) {
    const c = s.candidate;
    const id = await repo.insertClaim(t, {
      parcelId: made.id,
      sellerOrgId: c.sellerOrgId,
      purchaserOrgId: f.purchaserOrgId,
      status: 'PROPOSED',
      orderNo: c.orderNo,
      afterSaleNo: c.afterSaleNo ?? '',
      phoneTail: c.phoneTail ?? '',
      goodsNote: `系统匹配（匹配度 ${s.score}）`,
      dropshipOrderId: c.orderId,
      afterSaleId: c.afterSaleId,
      score: s.score,
      userId: null,
    });
    if (id === undefined) continue;
    answer.proposals += 1;
    await sendMessage(t, {
      orgId: c.sellerOrgId,
      kind: 'PARCEL',
      title: '可能是您的包裹',
      content: `仓库登记的无头件 ${made.barcodeNo} 可能是订单 ${c.orderNo} 的退货，请到“无头件”确认认领`,
    });
  }
}

/**
 * Joins a parcel (locked, WAIT_CLAIM) to a seller: with an open after-sale of the order it becomes
 * MATCHED and the after-sale's return is signed in; otherwise CLAIMED (the seller then has it sent
 * back or discarded like a problem parcel).
 */
async function join(
  t: Db,
  parcelId: number,
  purchaserOrgId: number,
  c: { sellerOrgId: number; orderId: number | null; afterSaleId: number | null },
  userId: number,
  code: string,
  operation: string,
  note: string,
) {
  const afterSaleId = c.afterSaleId ?? (c.orderId === null ? null : await repo.openReturnOf(t, c.sellerOrgId, c.orderId));
  const signed = afterSaleId === null ? null : await signInJoinedReturn(t, { purchaserOrgId, userId, afterSaleId, code, note: '无头件匹配' });
  const status = signed ? 'MATCHED' : 'CLAIMED';
  const moved = await repo.moveParcel(t, parcelId, 'WAIT_CLAIM', {
    status,
    orgId: c.sellerOrgId,
    afterSaleId: signed ? afterSaleId : null,
    dropshipOrderId: c.orderId,
  });
  if (!moved) throw new AppError(ErrorCode.HEADLESS_NOT_CLAIMABLE);
  await repo.insertEvent(t, {
    parcelId,
    operation,
    fromStatus: 'WAIT_CLAIM',
    toStatus: status,
    userId,
    note: signed ? `${note}，已关联售后单 ${signed.afterSaleNo}` : note,
  });
  await sendMessage(t, {
    orgId: c.sellerOrgId,
    kind: 'PARCEL',
    title: signed ? '无头件已匹配售后单' : '无头件已归属您',
    content: signed
      ? `仓库收到的退货包裹 ${code} 已关联您的售后单 ${signed.afterSaleNo} 并签收`
      : `仓库收到的退货包裹 ${code} 已确认归属您，请在无头件中处理（寄回或丢弃）`,
  });
  return { status: status as 'MATCHED' | 'CLAIMED', afterSaleNo: signed?.afterSaleNo ?? null };
}

// ---- the seller's side ----

async function warehousesOf(db: Db, sellerOrgId: number) {
  let serving: number | undefined;
  try {
    serving = await servingPurchaser(db, sellerOrgId);
  } catch {
    serving = undefined;
  }
  return repo.servedWarehouses(db, sellerOrgId, serving);
}

const poolRow = (r: repo.PoolRecord): HeadlessPoolRow => ({
  id: r.id,
  barcodeNo: r.barcodeNo,
  courierName: r.courierName,
  waybillMasked: maskWaybill(r.trackingNo),
  goods: r.goods,
  note: r.note,
  signedAt: r.signedAt,
  deadlineAt: r.deadlineAt,
  photoIds: r.photoIds,
  warehouseName: r.warehouseName,
  myClaim: r.myClaimId === null ? null : { id: r.myClaimId, status: r.myClaimStatus ?? 'PENDING', reason: r.myClaimReason ?? '' },
});

export async function pagePool(db: Db, caller: Caller, q: z.output<typeof HeadlessPoolQuery>) {
  requireSeller(caller);
  const page = await repo.pagePool(db, caller.orgId, await warehousesOf(db, caller.orgId), q, q.pageSize, (q.pageNo - 1) * q.pageSize);
  return { total: page.total, list: page.list.map(poolRow) };
}

/** A claim as its seller sees it (the sender's phone tail of the parcel is never shown to a seller). */
const sellerClaim = (c: repo.ClaimRecord): HeadlessClaimRow => ({
  id: c.id,
  parcelId: c.parcelId,
  barcodeNo: c.barcodeNo,
  parcelStatus: c.parcelStatus as HeadlessClaimRow['parcelStatus'],
  status: c.status,
  sellerName: c.sellerName,
  orderNo: c.orderNo,
  afterSaleNo: c.afterSaleNo,
  phoneTail: c.phoneTail,
  goodsNote: c.goodsNote,
  score: c.score,
  phoneTailMatches: null,
  reason: c.reason,
  createdAt: c.createdAt,
  decidedAt: c.decidedAt,
});
const purchaserClaim = (c: repo.ClaimRecord): HeadlessClaimRow => ({
  ...sellerClaim(c),
  phoneTailMatches: c.phoneTail && c.senderPhoneTail ? c.phoneTail === c.senderPhoneTail : null,
});

type ClaimBody = z.output<typeof HeadlessClaimBody>;

/** Resolves the proof to the seller's own order / after-sale; a number that is not the seller's refuses. */
async function resolveProof(db: Db, sellerOrgId: number, b: { orderNo: string; afterSaleNo: string }) {
  let orderId: number | null = null;
  let afterSaleId: number | null = null;
  if (b.afterSaleNo) {
    const a = await repo.afterSaleByNo(db, sellerOrgId, b.afterSaleNo);
    if (!a) throw new AppError(ErrorCode.HEADLESS_PROOF_UNKNOWN);
    afterSaleId = a.id;
    orderId = a.orderId;
  }
  if (b.orderNo) {
    const o = await repo.orderByNo(db, sellerOrgId, b.orderNo);
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
    const mine = await repo.lockClaim(t, sql`c.parcel_id = ${p.id} and c.seller_org_id = ${caller.orgId} and c.status in ('PROPOSED', 'PENDING')`);
    const fields = { orderNo: b.orderNo, afterSaleNo: b.afterSaleNo, phoneTail: b.phoneTail, goodsNote: b.goodsNote, userId: caller.userId };
    let id: number | undefined;
    if (mine?.status === 'PENDING') throw new AppError(ErrorCode.HEADLESS_CLAIM_EXISTS);
    if (mine?.status === 'PROPOSED') {
      // The seller answers the system's proposal with its own proof: the same claim, now PENDING.
      await repo.setClaim(t, mine.id, 'PROPOSED', 'PENDING', { userId: caller.userId, decided: false, proof: fields });
      await t.execute(sql`update headless_claims set dropship_order_id = ${proof.orderId}, after_sale_id = ${proof.afterSaleId} where id = ${mine.id}`);
      id = mine.id;
    } else {
      id = await repo.insertClaim(t, {
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
    const [row] = await repo.selectClaims(t, sql`c.id = ${id}`);
    return sellerClaim(row as repo.ClaimRecord);
  });
}

/** The seller confirms a proposal (可能是您的包裹): it becomes a PENDING claim with the matched order as proof. */
export async function confirmProposal(db: Db, caller: Caller, claimId: number) {
  requireSeller(caller);
  return inTransaction(db, async (t) => {
    const [c] = await repo.selectClaims(t, sql`c.id = ${claimId} and c.seller_org_id = ${caller.orgId}`);
    if (!c) throw notFound('认领');
    const p = await repo.lockParcel(t, c.purchaserOrgId, c.parcelId);
    if (p?.status !== 'WAIT_CLAIM') throw new AppError(ErrorCode.HEADLESS_NOT_CLAIMABLE);
    if (!(await repo.setClaim(t, c.id, 'PROPOSED', 'PENDING', { userId: caller.userId, decided: false })))
      throw new AppError(ErrorCode.HEADLESS_CLAIM_NOT_PENDING);
    await sendMessage(t, {
      orgId: p.purchaserOrgId,
      kind: 'PARCEL',
      title: '无头件有新的认领',
      content: `无头件 ${p.barcodeNo} 的系统推荐已由卖家确认，请到“无头件”核对后确认或拒绝`,
    });
    const [row] = await repo.selectClaims(t, sql`c.id = ${c.id}`);
    return sellerClaim(row as repo.ClaimRecord);
  });
}

export async function myClaims(db: Db, caller: Caller, q: z.output<typeof HeadlessClaimQuery>) {
  requireSeller(caller);
  const where = sql`c.seller_org_id = ${caller.orgId} and c.status <> 'PROPOSED' ${q.status ? sql`and c.status = ${q.status}` : sql``}`;
  const [total, list] = await Promise.all([
    repo.countClaims(db, where),
    repo.selectClaims(db, where, sql`order by c.id desc`, q.pageSize, (q.pageNo - 1) * q.pageSize),
  ]);
  return { total, list: list.map(sellerClaim) };
}

/** The seller's open proposals with their parcels as the pool shows them. */
export async function myProposals(db: Db, caller: Caller) {
  requireSeller(caller);
  const claims = await repo.selectClaims(
    db,
    sql`c.seller_org_id = ${caller.orgId} and c.status = 'PROPOSED' and p.status = 'WAIT_CLAIM'`,
    sql`order by c.id desc`,
    100,
  );
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

// ---- the warehouse's side ----

export async function pagePurchaser(db: Db, caller: Caller, q: z.output<typeof PurchaserHeadlessQuery>) {
  requirePurchaser(caller);
  return repo.pagePurchaser(db, caller.orgId, q, q.pageSize, (q.pageNo - 1) * q.pageSize);
}

export async function purchaserDetail(db: Db, caller: Caller, id: number) {
  requirePurchaser(caller);
  if (!(await repo.findParcel(db, caller.orgId, id))) throw notFound('无头件');
  const claims = await repo.selectClaims(db, sql`c.parcel_id = ${id} and c.purchaser_org_id = ${caller.orgId}`);
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
  const [peek] = await repo.selectClaims(t, sql`c.id = ${claimId} and c.purchaser_org_id = ${caller.orgId}`);
  if (!peek) throw notFound('认领');
  const p = await repo.lockParcel(t, caller.orgId, peek.parcelId);
  if (!p) throw notFound('认领');
  const c = await repo.lockClaim(t, sql`c.id = ${claimId}`);
  if (!c) throw notFound('认领');
  return { p, c };
}

/** Whoever decided first: a claim refused because another was confirmed says so. */
function notPending(p: repo.ParcelRecord, c: repo.ClaimRecord): never {
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
    await repo.setClaim(t, c.id, 'PENDING', 'CONFIRMED', { userId: caller.userId, decided: true });
    const others = await repo.refuseOpenClaims(
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
    const [row] = await repo.selectClaims(t, sql`c.id = ${c.id}`);
    return { claim: purchaserClaim(row as repo.ClaimRecord), parcelStatus: joined.status };
  });
}

/** The warehouse refuses a claim with its reason; the parcel stays in the pool. */
export async function refuseClaim(db: Db, caller: Caller, claimId: number, reason: string) {
  requirePurchaser(caller);
  return inTransaction(db, async (t) => {
    const { p, c } = await lockForDecision(t, caller, claimId);
    if ((c.status !== 'PENDING' && c.status !== 'PROPOSED') || p.status !== 'WAIT_CLAIM') notPending(p, c);
    await repo.setClaim(t, c.id, c.status, 'REFUSED', { userId: caller.userId, reason, decided: true });
    await repo.insertEvent(t, {
      parcelId: p.id,
      operation: 'REFUSE_CLAIM',
      fromStatus: 'WAIT_CLAIM',
      toStatus: 'WAIT_CLAIM',
      userId: caller.userId,
      note: `拒绝 ${c.sellerName} 的认领：${reason}`,
    });
    await sendMessage(t, { orgId: c.sellerOrgId, kind: 'PARCEL', title: '无头件认领未通过', content: `无头件 ${p.barcodeNo} 的认领未通过：${reason}` });
    const [row] = await repo.selectClaims(t, sql`c.id = ${c.id}`);
    return { claim: purchaserClaim(row as repo.ClaimRecord), parcelStatus: 'WAIT_CLAIM' as const };
  });
}

// ---- the deadline job ----

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
        await repo.insertEvent(t, {
          parcelId: p.id,
          operation: 'EXPIRE',
          fromStatus: 'WAIT_CLAIM',
          toStatus: 'DISCARD',
          userId: null,
          note: '超过认领期限无人认领，由仓库处理',
        });
        await repo.refuseOpenClaims(t, p.id, null, '超过认领期限，包裹已由仓库处理', null);
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
