/**
 * Headless-parcel intake (docs/decisions/0027-problem-headless-parcels.md, "Headless parcels: intake"
 * and "matching"): offline's unmatchedParcelRegistered makes the parcel in the warehouse's pool, the
 * matching joins a sure match at once and proposes likely ones; `join` is also how a confirmed claim
 * gives the parcel to its seller.
 */
import { ErrorCode, HEADLESS_CLAIM_DAYS_DEFAULT, type HeadlessRegistered } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { receiverVault } from '../../lib/receiver-vault/index.js';
import { signInJoinedReturn } from '../after-sale/index.js';
import { sendMessage } from '../messages/index.js';
import type { UnmatchedParcelRegistered } from '../offline/index.js';
import { nextBarcodeNo, recordParcelEvent } from '../problem-parcel/index.js';
import * as candidatesRepo from './candidates.repository.js';
import * as claimsRepo from './claims.repository.js';
import * as repo from './headless-parcel.repository.js';
import { matchParcel, normaliseWaybill } from './matcher.js';
import { cleanGoods } from './rows.js';

let claimDays = HEADLESS_CLAIM_DAYS_DEFAULT;
/** The operator's HEADLESS_CLAIM_DAYS, set where the routes are registered (the intake runs inside offline's hook, without the config). */
export function useHeadlessClaimDays(days: number) {
  claimDays = days;
}

const phoneDigits = (s: string) => s.replace(/\D/g, '');

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
    barcodeNo: await nextBarcodeNo(t, 'HP'),
    trackingNo: f.code,
    courierName: f.intake.courierName,
    goods,
    note: f.note,
    // The sender is somebody's buyer: only the tail stays readable; the whole number is sealed like a receiver.
    senderPhoneSealed: digits.length >= 4 ? receiverVault().sealJson({ phone: f.intake.senderPhone }) : null,
    senderPhoneTail: tail,
    claimDays,
  });
  await recordParcelEvent(t, {
    parcelId: made.id,
    operation: 'REGISTER',
    fromStatus: null,
    toStatus: 'WAIT_CLAIM',
    userId: f.userId,
    note: `快递单号 ${f.code}`,
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
  const outcome = matchParcel(facts, await candidatesRepo.candidates(t, f.purchaserOrgId, { waybill: normaliseWaybill(f.code), phoneTail: tail, itemNos }));
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
    answer.matchedSeller = await candidatesRepo.orgName(t, outcome.sure.candidate.sellerOrgId);
    answer.matchedAfterSaleNo = joined.afterSaleNo;
    return;
  }
  for (const s of outcome.likely) {
    const c = s.candidate;
    const id = await claimsRepo.insertClaim(t, {
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
export async function join(
  t: Db,
  parcelId: number,
  purchaserOrgId: number,
  c: { sellerOrgId: number; orderId: number | null; afterSaleId: number | null },
  userId: number,
  code: string,
  operation: string,
  note: string,
) {
  const afterSaleId = c.afterSaleId ?? (c.orderId === null ? null : await candidatesRepo.openReturnOf(t, c.sellerOrgId, c.orderId));
  const signed = afterSaleId === null ? null : await signInJoinedReturn(t, { purchaserOrgId, userId, afterSaleId, code, note: '无头件匹配' });
  const status = signed ? 'MATCHED' : 'CLAIMED';
  const moved = await repo.moveParcel(t, parcelId, 'WAIT_CLAIM', {
    status,
    orgId: c.sellerOrgId,
    afterSaleId: signed ? afterSaleId : null,
    dropshipOrderId: c.orderId,
  });
  if (!moved) throw new AppError(ErrorCode.HEADLESS_NOT_CLAIMABLE);
  await recordParcelEvent(t, {
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
