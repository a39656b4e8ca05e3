/**
 * batchPrint: pick-up tags of the selected items (or of a filter) in walking order, rendered by the
 * labels module with the organisation's saved tag template (stall separator pages when the template
 * asks for them): PDF for the browser, C-Lodop steps for the local print service. Each printed item
 * gets printCount + 1, printedAt and a PRINT log once its tags are rendered (in a transaction after
 * the drawing, not around it), so a tag is never counted without having been rendered.
 */
import { ErrorCode, TAKE_PRINT_MAX, type TakePrintBody } from '@dropship/contract';
import { labelRenderRequestSchema, type PickupTagItem } from '@dropship/labels';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { renderForCaller } from '../labels/index.js';
import type { TakeRowRecord } from './assign.repository.js';
import { purchaserOf } from './assign.service.js';
import * as printRepo from './print.repository.js';
import { appendTakeLogs } from './take-logs.repository.js';

const two = (n: number) => String(n).padStart(2, '0');
/** MM-DD HH:mm at +8, as the tag shows it. */
function printTime(d: Date): string {
  const b = new Date(d.getTime() + 8 * 3_600_000);
  return `${two(b.getUTCMonth() + 1)}-${two(b.getUTCDate())} ${two(b.getUTCHours())}:${two(b.getUTCMinutes())}`;
}

/** One tag's data keyed by the template's element keys. */
export function tagOf(r: TakeRowRecord, purchaserName: string, now: Date): PickupTagItem {
  const spec = [r.color, r.size].filter(Boolean).join('/');
  const goods = `${r.art_no} ${spec} ×${r.quantity}`.trim();
  return {
    ARTICLE_SIZE_NUM: `${r.stall_name} ${goods}`.trim(),
    ARTICLE_SIZE_NUM_WITHOUT_NAME: goods,
    SHOP_ORDER_PRODUCT_NUM: `共${r.quantity}件`,
    PRINT_TIME: printTime(now),
    TAKE_CODE: r.take_code,
    TAKE_CODE_QR: r.take_code,
    SHOP_ORDER_NO: r.order_no,
    PRINT_NAME: purchaserName,
    SHOP_NAME_AND_PLATFORM: r.seller_name,
    EXPRESS_NAME: r.express_name,
    POSITION_NO: [r.market, r.floor, r.stall_no].filter(Boolean).join(' '),
    stallName: r.stall_name,
  } as PickupTagItem;
}

async function rowsToPrint(tx: Db, org: number, body: TakePrintBody) {
  if (body.takeItemIds) {
    const rows = await printRepo.printRowsByIds(tx, org, body.takeItemIds, TAKE_PRINT_MAX + 1);
    if (rows.length !== body.takeItemIds.length) throw notFound('拿货项');
    return rows.filter((r) => r.assignment_status !== 'CLOSE');
  }
  const f = body.filter ?? {};
  const rows = await printRepo.printRowsByFilter(tx, org, f, body.onlyUnprinted, TAKE_PRINT_MAX + 1);
  if (rows.length > TAKE_PRINT_MAX) throw new AppError(ErrorCode.TAKE_PRINT_TOO_MANY);
  return rows;
}

export async function batchPrint(db: Db, caller: Caller, body: TakePrintBody) {
  const org = purchaserOf(caller);
  const { rows, request } = await inTransaction(db, async (t) => {
    const rows = await rowsToPrint(t, org, body);
    if (rows.length === 0) throw new AppError(ErrorCode.TAKE_NOTHING_TO_PRINT);
    const purchaserName = await printRepo.organisationName(t, org);
    const now = new Date();
    const request = labelRenderRequestSchema.parse({
      kind: 'pickupTag',
      format: body.format,
      data: rows.map((r) => tagOf(r, purchaserName ?? '', now)),
      options: { offsetXMm: body.offsetXMm, offsetYMm: body.offsetYMm },
    });
    return { rows, request };
  });
  // Drawn outside any transaction: the drawing takes seconds on the labels thread, and an open
  // transaction would hold PGlite's one connection (every other caller's query) that long.
  const out = await renderForCaller(db, caller, request);
  const ids = rows.map((r) => Number(r.id));
  await inTransaction(db, async (t) => {
    await printRepo.markPrinted(t, ids);
    await appendTakeLogs(
      t,
      org,
      caller.userId,
      rows.map((r) => ({
        takeItemId: Number(r.id),
        operation: 'PRINT',
        fromStatus: r.assignment_status,
        toStatus: r.assignment_status,
        note: `第${r.print_count + 1}次打印拿货标签`,
      })),
    );
  });
  return { out, count: rows.length };
}
