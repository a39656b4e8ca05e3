/**
 * Declarations as drafts (我的报单): checked line by line, saved whole or not at all, editable and
 * deletable only while DRAFT. Submitting turns them into dropship orders
 * (submit.service.ts).
 */
import {
  type DeclarationCheckResult,
  type DeclarationDetail,
  type DeclarationFilter,
  type DeclarationPageBody,
  type DeclarationRow,
  type DeclarationSaveBody,
  ErrorCode,
  SELF_PICKUP_EXPRESS,
} from '@dropship/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { EXPORT_CHUNK, keysetPages } from '../../lib/excel/index.js';
import type { Caller } from '../../plugins/auth.js';
import { fulfilmentSettings } from '../fulfilment-settings/index.js';
import { checkLines, problemsText } from './check-lines.js';
import * as repo from './declarations.repository.js';
import { toRow } from './declarations.view.js';
import { lineReceiverOf, sealLineReceiver } from './line-receiver.js';
import { RECORD_EXPORT_MAX_ROWS } from './records.service.js';

type SaveBody = z.output<typeof DeclarationSaveBody>;
type Actor = Pick<Caller, 'orgId' | 'userId'>;

/** Every line's verdict, for the page to mark rows before saving. */
export async function checkDeclaration(db: Db, caller: Actor, body: SaveBody): Promise<DeclarationCheckResult> {
  const checked = await checkLines(db, caller.orgId, body);
  return { lines: checked.map((c) => c.check), ok: checked.every((c) => c.check.problems.length === 0) };
}

/** What must hold for the declaration as a whole: an express unless self pickup, an own address when shipping there. */
export async function assertDeliverable(db: Db, orgId: number, body: Pick<SaveBody, 'delivery' | 'expressCode'>) {
  if (body.delivery !== 'SELF_PICKUP' && (!body.expressCode || body.expressCode === SELF_PICKUP_EXPRESS))
    throw new AppError(ErrorCode.DECLARATION_EXPRESS_REQUIRED);
  if (body.delivery === 'OWN_ADDRESS' && !(await fulfilmentSettings(db, orgId)).returnAddress) throw new AppError(ErrorCode.DECLARATION_ADDRESS_MISSING);
}

/** Saves a new draft or replaces a draft's lines; a line with a problem refuses the whole save (17250). */
export async function saveDeclaration(db: Db, caller: Actor, body: SaveBody): Promise<DeclarationDetail> {
  await assertDeliverable(db, caller.orgId, body);
  const checked = await checkLines(db, caller.orgId, body);
  const problems = problemsText(checked);
  if (problems) throw new AppError(ErrorCode.DECLARATION_LINES_INVALID, problems);
  const header: repo.Header = {
    delivery: body.delivery,
    expressCode: body.delivery === 'SELF_PICKUP' ? null : (body.expressCode ?? null),
    remark: body.remark,
    lineCount: checked.length,
    quantity: checked.reduce((n, c) => n + c.input.quantity, 0),
    goodsFen: checked.reduce((n, c) => n + c.input.quantity * c.input.unitPriceFen, 0),
  };
  const lines: repo.NewLine[] = checked.map((c, i) => ({
    lineNo: i + 1,
    stall: c.input.stall,
    supplierId: c.supplier?.id ?? null,
    artNo: c.input.artNo,
    color: c.input.color,
    size: c.input.size,
    quantity: c.input.quantity,
    unitPriceFen: c.input.unitPriceFen,
    receiver: body.delivery === 'RECEIVER' ? sealLineReceiver(c.input.receiver) : null,
    remark: c.input.remark,
  }));
  const id = await inTransaction(db, async (t) => {
    let declarationId: number;
    if (body.id === undefined) {
      declarationId = (await repo.insertDeclaration(t, caller.orgId, header, caller.userId)).id;
    } else {
      const d = await repo.lockDeclaration(t, caller.orgId, body.id);
      if (!d) throw notFound('报单');
      if (d.status !== 'DRAFT') throw new AppError(ErrorCode.DECLARATION_NOT_DRAFT, `报单 ${d.declarationNo} 已提交，不能再修改，请到报单历史查看`);
      await repo.updateHeader(t, caller.orgId, d.id, header);
      declarationId = d.id;
    }
    await repo.replaceLines(t, caller.orgId, declarationId, lines);
    return declarationId;
  });
  return declarationDetail(db, caller, id);
}

export async function removeDeclaration(db: Db, caller: Actor, id: number) {
  await inTransaction(db, async (t) => {
    const d = await repo.lockDeclaration(t, caller.orgId, id);
    if (!d) throw notFound('报单');
    if (d.status !== 'DRAFT') throw new AppError(ErrorCode.DECLARATION_NOT_DRAFT, `报单 ${d.declarationNo} 已提交，不能删除`);
    await repo.deleteDraft(t, caller.orgId, id);
  });
  return { id };
}

export async function declarationDetail(db: Db, caller: Pick<Caller, 'orgId'>, id: number): Promise<DeclarationDetail> {
  const d = await repo.findDeclaration(db, caller.orgId, id);
  if (!d) throw notFound('报单');
  const [lines, statuses, orders] = await Promise.all([
    repo.linesOf(db, caller.orgId, id),
    repo.lineStatuses(db, caller.orgId, id),
    repo.ordersOfDeclarations(db, caller.orgId, [id]),
  ]);
  const byLine = new Map(statuses.map((s) => [Number(s.id), s]));
  return {
    ...toRow(d, orders),
    lines: lines.map((l) => ({
      id: l.id,
      lineNo: l.lineNo,
      stall: l.stall,
      supplierId: l.supplierId,
      artNo: l.artNo,
      color: l.color,
      size: l.size,
      quantity: l.quantity,
      unitPriceFen: l.unitPriceFen,
      receiver: lineReceiverOf(l.receiver),
      remark: l.remark,
      orderNo: byLine.get(l.id)?.order_no ?? null,
      takeStatus: byLine.get(l.id)?.take_status ?? null,
    })),
  };
}

/** Drafts (我的报单) or submitted declarations (报单历史) with the orders they became. */
export async function pageDeclarations(
  db: Db,
  caller: Pick<Caller, 'orgId'>,
  q: z.output<typeof DeclarationPageBody>,
): Promise<{ total: number; list: DeclarationRow[] }> {
  const r = await repo.pageDeclarations(db, caller.orgId, q, q.pageSize, (q.pageNo - 1) * q.pageSize);
  const ids = r.list.map((d) => Number(d.id));
  const orders = await repo.ordersOfDeclarations(db, caller.orgId, ids);
  return { total: r.total, list: r.list.map((d) => toRow(d, orders)) };
}

/** The export of 我的报单 / 报单历史: refused past the cap before anything is sent, then read newest first by keyset. */
export async function exportDeclarations(db: Db, orgId: number, f: DeclarationFilter, status: 'DRAFT' | 'SUBMITTED'): Promise<AsyncIterable<DeclarationRow[]>> {
  const where = repo.declarationWhere(orgId, { ...f, status });
  if ((await repo.countDeclarations(db, where)) > RECORD_EXPORT_MAX_ROWS) throw new AppError(ErrorCode.DECLARATION_EXPORT_TOO_LARGE);
  return keysetPages(async (before) => {
    const list = await repo.selectDeclarations(db, before === undefined ? where : sql`${where} and d.id < ${before}`, sql`limit ${EXPORT_CHUNK}`);
    const orders = await repo.ordersOfDeclarations(
      db,
      orgId,
      list.map((d) => Number(d.id)),
    );
    return list.map((d) => toRow(d, orders));
  });
}
