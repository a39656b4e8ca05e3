/**
 * Work orders' named operations (decision 0031; WORK_ORDER_TRANSITIONS in the contract is the one
 * transition table). Each locks the row, checks the status it starts from and changes it in one
 * transaction; a reply by the operator writes a station message to the customer's organisation
 * (the header's unread count), opening the conversation reads them.
 */
import {
  ErrorCode,
  WORK_ORDER_REOPEN_DAYS,
  WORK_ORDER_TRANSITIONS,
  type WorkOrderCreateBody,
  type WorkOrderLinkKind,
  type WorkOrderOperation,
  type WorkOrderRateBody,
  type WorkOrderReplyBody,
  type WorkOrderType,
} from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Storage } from '../../lib/storage/index.js';
import type { Caller } from '../../plugins/auth.js';
import { sendMessage } from '../messages/index.js';
import { storeImages, withImages } from './images.js';
import * as repo from './work-orders.repository.js';

const DAY_MS = 86_400_000;
/** The kind of record a type is about, looked up first when a number is given. */
const LINK_OF: Partial<Record<WorkOrderType, WorkOrderLinkKind>> = { ORDER: 'ORDER', AFTER_SALE: 'AFTER_SALE', PARCEL: 'PARCEL' };

/** Who acts: the customer (its organisation scopes every row) or the console (every organisation). */
export type Side = { kind: 'customer'; caller: Caller } | { kind: 'operator'; caller: Caller };
const scopeOf = (side: Side): repo.Scope => (side.kind === 'customer' ? side.caller.orgId : null);

/** Opens a work order (待处理), with the caller's own order / after-sale / parcel when a number is given. */
export async function openWorkOrder(db: Db, storage: Storage, caller: Caller, b: WorkOrderCreateBody) {
  const link = b.linkNo ? await repo.findLink(db, caller, b.linkNo, LINK_OF[b.type] ?? null) : undefined;
  if (b.linkNo && !link) throw notFound('关联的订单、售后单或包裹');
  const stored = await storeImages(storage, caller.orgId, b.images);
  return withImages(storage, stored, () =>
    inTransaction(db, async (t) => {
      const made = await repo.insertWorkOrder(t, {
        workOrderNo: await repo.nextWorkOrderNo(t),
        orgId: caller.orgId,
        userId: caller.userId,
        type: b.type,
        title: b.title,
        content: b.content,
        linkKind: link?.kind ?? null,
        linkId: link?.id ?? null,
        linkNo: link?.no ?? null,
      });
      await repo.insertImages(
        t,
        stored.map((s) => ({ ...s, workOrderId: made.id })),
      );
      return made;
    }),
  );
}

/**
 * Locks the work order and checks the operation may start from its status; a reply to a closed one
 * says so, any other refusal says the status does not allow it. Answers the row as it was.
 */
async function begin(t: Db, side: Side, id: number, op: WorkOrderOperation) {
  const w = await repo.lockWorkOrder(t, scopeOf(side), id);
  if (!w) throw notFound('工单');
  const from: readonly string[] = WORK_ORDER_TRANSITIONS[op];
  if (!from.includes(w.status)) {
    if (w.status === 'CLOSED' && (op === 'customerReply' || op === 'operatorReply')) throw new AppError(ErrorCode.WORK_ORDER_CLOSED);
    if (op === 'rate') throw new AppError(ErrorCode.WORK_ORDER_RATE_NOT_RESOLVED);
    if (w.status === 'RESOLVED' && op === 'customerReply') throw new AppError(ErrorCode.WORK_ORDER_STATUS, '工单已解决，如需继续请先重新打开工单');
    throw new AppError(ErrorCode.WORK_ORDER_STATUS);
  }
  return w;
}

async function change(t: Db, w: repo.WorkOrderRecord, op: WorkOrderOperation, patch: Parameters<typeof repo.updateWorkOrder>[3]) {
  if (!(await repo.updateWorkOrder(t, w.id, WORK_ORDER_TRANSITIONS[op], patch))) throw new AppError(ErrorCode.WORK_ORDER_STATUS);
}

async function tellCustomer(t: Db, w: repo.WorkOrderRecord, event: string, title: string, content: string) {
  await sendMessage(t, {
    orgId: w.orgId,
    kind: 'WORK_ORDER',
    title,
    content: `工单 ${w.workOrderNo}「${w.title}」${content}`,
    dedupeKey: `work-order:${w.id}:${event}`,
  });
}

/** A reply of either side with its images: the customer's hands the turn to the operator, the operator's to the customer. */
export async function reply(db: Db, storage: Storage, side: Side, b: WorkOrderReplyBody) {
  const op = side.kind === 'customer' ? 'customerReply' : 'operatorReply';
  // Check before storing anything: a reply to a closed (or another tenant's) order changes nothing.
  const w0 = await repo.findWorkOrder(db, scopeOf(side), b.id);
  if (!w0) throw notFound('工单');
  await inTransaction(db, (t) => begin(t, side, b.id, op));
  const stored = await storeImages(storage, w0.orgId, b.images);
  return withImages(storage, stored, () =>
    inTransaction(db, async (t) => {
      const w = await begin(t, side, b.id, op);
      const replyId = await repo.insertReply(t, {
        workOrderId: w.id,
        side: side.kind === 'customer' ? 'CUSTOMER' : 'OPERATOR',
        userId: side.caller.userId,
        content: b.content,
      });
      await repo.insertImages(
        t,
        stored.map((s) => ({ ...s, workOrderId: w.id, replyId })),
      );
      if (side.kind === 'customer') {
        await change(t, w, op, { status: w.status === 'WAITING_REPLY' ? 'PROCESSING' : w.status });
        await repo.bump(t, w.id, 'operator');
      } else {
        await change(t, w, op, { status: 'WAITING_REPLY' });
        await repo.bump(t, w.id, 'customer');
        await tellCustomer(t, w, `reply:${replyId}`, '工单有新回复', `：平台客服回复了您，请到 我的工单 查看`);
      }
      return { id: replyId };
    }),
  );
}

/** The operator takes it up: 待处理 → 处理中. */
export async function accept(db: Db, side: Side, id: number) {
  return inTransaction(db, async (t) => {
    const w = await begin(t, side, id, 'accept');
    await change(t, w, 'accept', { status: 'PROCESSING' });
    return { id };
  });
}

/** Either side: → 已解决; the customer may rate it and, within the reopen window, reopen it. */
export async function resolve(db: Db, side: Side, id: number) {
  return inTransaction(db, async (t) => {
    const w = await begin(t, side, id, 'resolve');
    const now = new Date();
    await change(t, w, 'resolve', { status: 'RESOLVED', resolvedAt: now });
    if (side.kind === 'operator')
      await tellCustomer(t, w, `resolved:${now.getTime()}`, '工单已解决', '已由平台客服标记为已解决，欢迎评价；如问题仍在，可在7天内重新打开');
    return { id };
  });
}

/** Either side: → 已关闭; nobody replies to it any more unless the customer reopens it in time. */
export async function close(db: Db, side: Side, id: number) {
  return inTransaction(db, async (t) => {
    const w = await begin(t, side, id, 'close');
    const now = new Date();
    await change(t, w, 'close', { status: 'CLOSED', closedAt: now });
    if (side.kind === 'operator') await tellCustomer(t, w, `closed:${now.getTime()}`, '工单已关闭', '已由平台客服关闭；如问题仍在，可在7天内重新打开');
    return { id };
  });
}

/** Whether a solved or closed work order is still within the window to reopen. */
export function reopenable(w: Pick<repo.WorkOrderRecord, 'status' | 'resolvedAt' | 'closedAt'>, now = new Date()) {
  const since = w.status === 'CLOSED' ? w.closedAt : w.status === 'RESOLVED' ? w.resolvedAt : null;
  return since !== null && now.getTime() - since.getTime() <= WORK_ORDER_REOPEN_DAYS * DAY_MS;
}

/** The customer, within WORK_ORDER_REOPEN_DAYS: → 待处理; the rating of the earlier solving is cleared (the next solving is rated anew). */
export async function reopen(db: Db, caller: Caller, id: number) {
  return inTransaction(db, async (t) => {
    const w = await begin(t, { kind: 'customer', caller }, id, 'reopen');
    if (!reopenable(w)) throw new AppError(ErrorCode.WORK_ORDER_REOPEN_EXPIRED);
    await change(t, w, 'reopen', { status: 'PENDING', resolvedAt: null, closedAt: null, score: null, comment: null, operatorUnread: w.operatorUnread + 1 });
    return { id };
  });
}

/** The customer rates a solved work order, once per solving. */
export async function rate(db: Db, caller: Caller, b: WorkOrderRateBody) {
  return inTransaction(db, async (t) => {
    const w = await begin(t, { kind: 'customer', caller }, b.id, 'rate');
    if (w.score !== null) throw new AppError(ErrorCode.WORK_ORDER_RATE_NOT_RESOLVED);
    await change(t, w, 'rate', { score: b.score, comment: b.comment || null });
    return { id: b.id };
  });
}
