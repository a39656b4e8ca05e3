/**
 * The named operations of a parcel the seller decides on (docs/decisions/0027-problem-headless-parcels.md):
 * open, discard, send back (quote and ask), cancel the send-back, pay its freight, and the warehouse
 * shipping it. Each locks the row, checks the current status, and writes one problem_parcel_events row;
 * a refusal names the current status in Chinese and changes nothing.
 */
import { ErrorCode, fenToYuan, PARCEL_STATUS_NAMES, type ProblemReshipBody, type ProblemSendBackBody, RETURN_PROBLEM_DEADLINE_DAYS } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { sealReceiverColumns } from '../../lib/receiver-vault/index.js';
import { ensureSetting } from '../auth/index.js';
import { findOrders, placePaidReplacement, stockOrderQuotes } from '../dropship-orders/index.js';
import { expressFeeFrom, loadFeeBook } from '../express/index.js';
import { assertPayPassword, moveMoney } from '../funds/index.js';
import { sendMessage } from '../messages/index.js';
import * as repo from './problem-parcel.repository.js';
import type { ParcelGood, ParcelSource } from './problem-parcel.table.js';

type Status = repo.ParcelStatusCode;
export interface Actor {
  orgId: number;
  userId: number;
}

/** The operator's rule (system_settings): days a seller has to decide on a new problem parcel. */
export const DEADLINE_DAYS_SETTING = 'problemParcel.deadlineDays';

async function deadlineDays(db: Db): Promise<number> {
  const v = Number(await ensureSetting(db, DEADLINE_DAYS_SETTING, String(RETURN_PROBLEM_DEADLINE_DAYS)));
  return Number.isInteger(v) && v > 0 && v <= 365 ? v : RETURN_PROBLEM_DEADLINE_DAYS;
}

const nameOf = (p: repo.ParcelRecord) => `${p.kind === 'HEADLESS' ? '无头件' : '问题件'} ${p.barcodeNo ?? p.trackingNo ?? `#${p.id}`}`;

function refuse(p: repo.ParcelRecord, what: string, code: ErrorCode = ErrorCode.PROBLEM_PARCEL_STATUS): AppError {
  return new AppError(code, `${nameOf(p)} 当前${PARCEL_STATUS_NAMES[p.status]}，不能${what}，请刷新后查看`);
}

/** Waiting for the seller's decision: a problem parcel not yet decided, a headless parcel the seller claimed. */
export const isUndecided = (p: Pick<repo.ParcelRecord, 'kind' | 'status'>) =>
  (p.kind === 'PROBLEM' && p.status === 'WAITING_PROCESS') || (p.kind === 'HEADLESS' && p.status === 'CLAIMED');
const undecidedStatus = (p: Pick<repo.ParcelRecord, 'kind'>): Status => (p.kind === 'HEADLESS' ? 'CLAIMED' : 'WAITING_PROCESS');

/** Moves a locked parcel and writes its event, in the caller's transaction. */
async function move(
  t: Db,
  p: repo.ParcelRecord,
  to: Status,
  operation: string,
  userId: number | null,
  note: string,
  set: Parameters<typeof repo.updateParcel>[2] = {},
) {
  await repo.updateParcel(t, p.id, { ...set, status: to });
  await repo.insertEvent(t, { parcelId: p.id, operation, fromStatus: p.status, toStatus: to, userId, note });
}

export interface OpenParcel {
  orgId: number;
  purchaserOrgId?: number | null;
  source: ParcelSource;
  reason: string;
  goods?: ParcelGood[];
  afterSaleId?: number | null;
  dropshipOrderId?: number | null;
  trackingNo?: string | null;
  note?: string | null;
  userId?: number | null;
}

/** The one way a PROBLEM parcel is made: its label number, the deadline by the operator's rule, an OPENED event. */
export async function openProblemParcel(t: Db, o: OpenParcel): Promise<repo.ParcelRecord> {
  const days = await deadlineDays(t);
  const p = await repo.insertParcel(t, {
    kind: 'PROBLEM',
    orgId: o.orgId,
    purchaserOrgId: o.purchaserOrgId ?? null,
    source: o.source,
    status: 'WAITING_PROCESS',
    barcodeNo: await repo.nextBarcodeNo(t, 'PP'),
    trackingNo: o.trackingNo || null,
    reason: o.reason,
    note: o.note ?? null,
    goods: o.goods ?? [],
    afterSaleId: o.afterSaleId ?? null,
    dropshipOrderId: o.dropshipOrderId ?? null,
    deadlineAt: sql`now() + make_interval(days => ${days}::int)`,
  });
  await repo.insertEvent(t, { parcelId: p.id, operation: 'OPENED', fromStatus: null, toStatus: 'WAITING_PROCESS', userId: o.userId ?? null, note: o.reason });
  return p;
}

async function lockOwn(t: Db, caller: Actor, id: number) {
  const p = await repo.lockForSeller(t, caller.orgId, id);
  if (!p) throw notFound('问题件');
  return p;
}

/** 弃件 of one parcel; the batch answers each one's outcome. */
export async function discardOne(db: Db, caller: Actor, id: number) {
  return inTransaction(db, async (t) => {
    const p = await lockOwn(t, caller, id);
    if (!isUndecided(p)) throw refuse(p, '弃件');
    await move(t, p, 'DISCARD', 'DISCARD', caller.userId, '卖家弃件');
    return { id: p.id, status: 'DISCARD' as const };
  });
}

export async function discardParcels(db: Db, caller: Actor, ids: number[]) {
  const done: number[] = [];
  const failed: { id: number; barcodeNo: string | null; message: string }[] = [];
  const known = new Map((await repo.goodsOf(db, caller.orgId, ids)).map((r) => [r.id, r.barcodeNo]));
  if (known.size === 0) throw notFound('问题件');
  for (const id of [...new Set(ids)]) {
    try {
      await discardOne(db, caller, id);
      done.push(id);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      failed.push({ id, barcodeNo: known.get(id) ?? null, message: e.message });
    }
  }
  return { done, failed };
}

const itemCountOf = (goods: ParcelGood[]) =>
  Math.max(
    1,
    goods.reduce((n, g) => n + Math.max(g.quantity, 0), 0),
  );

/** The express rules' quotes for sending this parcel to a province (what sendBack will charge). */
export async function quoteFreight(db: Db, caller: Actor, id: number, province: string) {
  const [p] = await repo.goodsOf(db, caller.orgId, [id]);
  if (!p) throw notFound('问题件');
  const book = await loadFeeBook(db);
  return book.fees({ province, itemCount: itemCountOf(p.goods) }).map((r) => ({ code: r.code, name: r.name, feeFen: r.feeFen }));
}

type SendBackInput = z.output<typeof ProblemSendBackBody>;

/** 寄回: the address (sealed at rest) and the courier; the freight is quoted now and paid next (WAITING_PAYMENT). */
export async function askSendBack(db: Db, caller: Actor, b: SendBackInput) {
  const book = await loadFeeBook(db);
  return inTransaction(db, async (t) => {
    const p = await lockOwn(t, caller, b.id);
    if (!isUndecided(p)) throw refuse(p, '申请寄回');
    const fee = expressFeeFrom(book, b.expressCode, b.receiver.province, itemCountOf(p.goods));
    const sealed = sealReceiverColumns({
      receiverName: b.receiver.name,
      receiverPhone: b.receiver.phone,
      receiverProvince: b.receiver.province,
      receiverCity: b.receiver.city,
      receiverDistrict: b.receiver.district,
      receiverAddress: b.receiver.address,
    });
    await move(t, p, 'WAITING_PAYMENT', 'SEND_BACK', caller.userId, `申请寄回，${fee.name}，运费 ¥${fenToYuan(fee.feeFen)}`, {
      receiverName: sealed.receiverName ?? b.receiver.name,
      receiverPhone: sealed.receiverPhone ?? b.receiver.phone,
      receiverProvince: b.receiver.province,
      receiverCity: b.receiver.city,
      receiverDistrict: b.receiver.district,
      receiverAddress: sealed.receiverAddress ?? b.receiver.address,
      receiverSealed: sealed.receiverSealed,
      expressCode: fee.code,
      expressName: fee.name,
      freightFen: fee.feeFen,
    });
    return { id: p.id, status: 'WAITING_PAYMENT' as const, freightFen: fee.feeFen };
  });
}

const NOT_CANCELABLE_WHY: Partial<Record<Status, string>> = {
  WAITING_PROCESS: '该问题件还没有申请寄回',
  CLAIMED: '该无头件还没有申请寄回',
  WAITING_RETURN: '寄回运费已支付，仓库正在寄回，不能取消；如有问题请联系客服',
  SEND_BACKED: '该问题件已寄回',
  DISCARD: '该问题件已弃件',
};

/**
 * cancelSendBack (POST /api/b2/post/orders/cancel/sendBack): a send-back whose freight is not paid
 * goes back to waiting for a decision. A paid one (WAITING_RETURN) is on its way out and is refused.
 */
export async function cancelSendBack(db: Db, caller: Actor, id: number) {
  return inTransaction(db, async (t) => {
    const p = await lockOwn(t, caller, id);
    if (p.status !== 'WAITING_PAYMENT') {
      throw new AppError(ErrorCode.DROPSHIP_SEND_BACK_NOT_CANCELABLE, `不能取消寄回：${NOT_CANCELABLE_WHY[p.status] ?? '该问题件不是待支付寄回状态'}`);
    }
    const to = undecidedStatus(p);
    await move(t, p, to, 'CANCEL_SEND_BACK', caller.userId, '取消寄回');
    return { id: p.id, status: to };
  });
}

export const freightKey = (requestKey: string) => `problem-freight:${requestKey}`;

/** Under the parcel's lock: pays its quoted freight from the balance (FREIGHT) and moves it to WAITING_RETURN. */
async function settleFreight(t: Db, p: repo.ParcelRecord, userId: number | null, requestKey: string, how: string) {
  const fen = p.freightFen ?? 0;
  let entryId: number | null = null;
  if (fen > 0) {
    const r = await moveMoney(t, {
      orgId: p.orgId as number,
      transactionType: 'OTHER',
      purpose: 'FREIGHT',
      availableDeltaFen: -fen,
      businessId: p.barcodeNo ?? String(p.id),
      requestKey,
      remark: `${nameOf(p)} 寄回运费（${p.expressName ?? ''}）`,
    });
    entryId = r.entry.id;
  }
  await move(t, p, 'WAITING_RETURN', 'PAY_FREIGHT', userId, `${how}支付寄回运费 ¥${fenToYuan(fen)}`, { freightEntryId: entryId });
}

/**
 * 余额支付运费, at most once: the same request key again answers the first payment; a parcel paid by
 * another request, cancelled or discarded meanwhile is refused by its status.
 */
export async function payFreightWithBalance(db: Db, caller: Actor, id: number, requestKey: string) {
  const key = freightKey(requestKey);
  return inTransaction(db, async (t) => {
    const p = await lockOwn(t, caller, id);
    if (p.status !== 'WAITING_PAYMENT') {
      if (p.freightEntryId && (await entryKeyIs(t, p.freightEntryId, key))) {
        return { id: p.id, status: p.status, amountFen: p.freightFen ?? 0, paid: true, alipay: null };
      }
      throw refuse(p, '支付运费');
    }
    await settleFreight(t, p, caller.userId, key, '余额');
    return { id: p.id, status: 'WAITING_RETURN' as const, amountFen: p.freightFen ?? 0, paid: true, alipay: null };
  });
}

async function entryKeyIs(t: Db, entryId: number, key: string) {
  return (await repo.requestKeyOfEntry(t, entryId)) === key;
}

/** For the Alipay trade: the parcel still waiting for exactly this freight (else the money stays on the balance). */
export async function payFreightFromTrade(t: Db, parcelId: number, amountFen: number, userId: number | null, key: string) {
  const p = await repo.lockById(t, parcelId);
  return async () => {
    if (p?.status !== 'WAITING_PAYMENT' || (p.freightFen ?? 0) !== amountFen) return;
    await settleFreight(t, p, userId, `${key}:freight`, '支付宝');
  };
}

/** Checked before an Alipay trade starts: the parcel waits for its freight. */
export async function payableFreight(db: Db, caller: Actor, id: number) {
  const r = await repo.findOwn(db, caller.orgId, id);
  if (!r) throw notFound('问题件');
  if (r.status !== 'WAITING_PAYMENT') throw refuse(r, '支付运费');
  if (!r.freightFen || r.freightFen < 1) throw new AppError(ErrorCode.PAY_METHOD_NOT_ALLOWED, '寄回运费为0，请用余额支付');
  return r;
}

/** The warehouse ships a paid send-back with its waybill (WAITING_RETURN → SEND_BACKED); the seller sees the tracking. */
export async function shipSendBack(db: Db, caller: Actor, b: { id: number; waybillNo: string; courierName: string }) {
  return inTransaction(db, async (t) => {
    const p = await repo.lockForPurchaser(t, caller.orgId, b.id);
    if (!p) throw notFound('问题件');
    if (p.status !== 'WAITING_RETURN') throw refuse(p, '寄回发货', ErrorCode.PROBLEM_PARCEL_NOT_SHIPPABLE);
    const waybillNo = b.waybillNo.toUpperCase();
    await move(t, p, 'SEND_BACKED', 'SHIP_SEND_BACK', caller.userId, `已寄回：${b.courierName} ${waybillNo}`, {
      sendBackWaybillNo: waybillNo,
      sendBackCourierName: b.courierName,
      sendBackedAt: sql`now()`,
    });
    if (p.orgId) {
      await sendMessage(t, {
        orgId: p.orgId,
        kind: 'AFTER_SALE',
        title: '问题件已寄回',
        content: `${nameOf(p)} 已由仓库寄回：${b.courierName} ${waybillNo}`,
      });
    }
    return { id: p.id, status: 'SEND_BACKED' as const };
  });
}

// ---- 重发: the goods leave in a new dropship order --------------------------------------------------

/** What a re-ship to a province costs by each courier (express + service fee; the goods are paid). */
export async function quoteReship(db: Db, caller: Actor, id: number, province: string) {
  const [p] = await repo.goodsOf(db, caller.orgId, [id]);
  if (!p) throw notFound('问题件');
  return stockOrderQuotes(await loadFeeBook(db), province, itemCountOf(p.goods));
}

type ReshipInput = z.output<typeof ProblemReshipBody>;
export const reshipKey = (requestKey: string) => `problem-reship:${requestKey}`;

/**
 * 重发 (WAITING_PROCESS / CLAIMED → PROCESSED): under the parcel's lock, a new dropship order of its
 * goods (from the warehouse's stock, goods cost 0) is placed and paid from the balance through the
 * orders' own pay path, and the parcel moves with an event naming the order, all in one transaction.
 * The same request key again answers the first re-ship; another key finds the parcel PROCESSED and is
 * refused. Another tenant's parcel answers "not found" before the pay password is asked.
 */
export async function reshipParcel(db: Db, caller: Actor, b: ReshipInput) {
  if (!(await repo.findOwn(db, caller.orgId, b.id))) throw notFound('问题件');
  await assertPayPassword(db, caller, b.payPassword);
  const book = await loadFeeBook(db);
  const key = reshipKey(b.requestKey);
  return inTransaction(db, async (t) => {
    const p = await lockOwn(t, caller, b.id);
    if (p.status === 'PROCESSED' && p.reshipOrderId) {
      const [o] = await findOrders(t, caller.orgId, [p.reshipOrderId]);
      if (o?.payRequestKey === key) return { id: p.id, status: p.status, orderId: o.id, orderNo: o.orderNo, totalFen: o.totalFen };
    }
    if (!isUndecided(p)) throw refuse(p, '重发');
    const goods = p.goods.filter((g) => g.quantity > 0);
    if (goods.length === 0) throw new AppError(ErrorCode.PROBLEM_PARCEL_RESHIP_NO_GOODS);
    const order = await placePaidReplacement(t, caller, book, {
      source: 'PROBLEM_RESHIP',
      receiver: b.receiver,
      expressCode: b.expressCode,
      lines: goods.map((g) => ({
        title: g.title || g.itemNo || g.sku || '问题件商品',
        artNo: g.itemNo ?? '',
        color: g.color ?? '',
        size: g.size ?? '',
        quantity: g.quantity,
        snapshot: { kind: 'PROBLEM_PARCEL', parcelId: p.id, barcodeNo: p.barcodeNo, good: g },
      })),
      remark: `问题件重发：${p.barcodeNo ?? `#${p.id}`}`,
      requestKey: key,
    });
    await move(t, p, 'PROCESSED', 'RESHIP', caller.userId, `已重发为代发订单 ${order.orderNo}，支付 ¥${fenToYuan(order.totalFen)}`, {
      reshipOrderId: order.orderId,
      reshipOrderNo: order.orderNo,
    });
    return { id: p.id, status: 'PROCESSED' as const, ...order };
  });
}

// ---- the deadline job -------------------------------------------------------------------------------

/** Reminders before the deadline, in days (each sent once, the larger first). */
export const REMIND_DAYS = [3, 1] as const;
const DAY_MS = 24 * 3_600_000;

/**
 * What the seller left: a reminder 3 days and 1 day before the deadline, and at the deadline the
 * system discards the parcel (event "逾期未处理，系统弃件") and tells the seller. Each parcel is
 * handled under its own lock, re-checked there, so a seller acting at the same moment wins or loses
 * cleanly.
 */
export async function runProblemDeadlines(db: Db, limit = 500): Promise<{ reminded: number; discarded: number }> {
  let reminded = 0;
  let discarded = 0;
  const due = await repo.undecidedDueWithin(db, (REMIND_DAYS[0] ?? 3) * DAY_MS, limit);
  for (const { id } of due) {
    const outcome = await inTransaction(db, async (t) => {
      const p = await repo.lockById(t, id);
      if (!p || !isUndecided(p) || !p.orgId) return null;
      const left = p.deadlineAt.getTime() - Date.now();
      if (left <= 0) {
        await move(t, p, 'DISCARD', 'DEADLINE_DISCARD', null, '逾期未处理，系统弃件');
        await sendMessage(t, { orgId: p.orgId, kind: 'AFTER_SALE', title: '问题件逾期已弃件', content: `${nameOf(p)} 超过处理期限未处理，系统已弃件` });
        return 'discarded';
      }
      const level = [...REMIND_DAYS].reverse().find((d) => left <= d * DAY_MS);
      if (level === undefined || (p.remindedDays !== null && p.remindedDays <= level)) return null;
      await repo.updateParcel(t, p.id, { remindedDays: level });
      const at = new Date(p.deadlineAt.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
      await sendMessage(t, {
        orgId: p.orgId,
        kind: 'AFTER_SALE',
        title: '问题件即将到期',
        content: `${nameOf(p)} 将于 ${at} 到期，逾期未处理系统将弃件，请尽快选择寄回或弃件`,
      });
      return 'reminded';
    });
    if (outcome === 'reminded') reminded++;
    if (outcome === 'discarded') discarded++;
  }
  return { reminded, discarded };
}
