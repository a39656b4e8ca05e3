/**
 * batchPrint: pick-up tags of the selected items (or of a filter) in walking order, rendered by the
 * labels module with the organisation's saved tag template (stall separator pages when the template
 * asks for them): PDF for the browser, C-Lodop steps for the local print service. Each printed item
 * gets printCount + 1, printedAt and a PRINT log once its tags are rendered (in a transaction after
 * the drawing, not around it), so a tag is never counted without having been rendered.
 */
import { ErrorCode, TAKE_PRINT_MAX, type TakePrintBody } from '@dropship/contract';
import { labelRenderRequestSchema, type PickupTagItem } from '@dropship/labels';
import { and, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { renderForCaller } from '../labels/index.js';
import * as repo from './assign.repository.js';
import { purchaserOf } from './assign.service.js';
import { withAssignmentCounts } from './assignment-counts.repository.js';
import { idList } from './order-locks.js';
import { takeItems } from './take-items.table.js';
import { appendTakeLogs } from './take-logs.repository.js';

const two = (n: number) => String(n).padStart(2, '0');
/** MM-DD HH:mm at +8, as the tag shows it. */
function printTime(d: Date): string {
  const b = new Date(d.getTime() + 8 * 3_600_000);
  return `${two(b.getUTCMonth() + 1)}-${two(b.getUTCDate())} ${two(b.getUTCHours())}:${two(b.getUTCMinutes())}`;
}

/** One tag's data keyed by the template's element keys. */
export function tagOf(r: repo.TakeRowRecord, purchaserName: string, now: Date): PickupTagItem {
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
  const notClosed = ne(takeItems.assignmentStatus, 'CLOSE');
  if (body.takeItemIds) {
    const where = and(repo.filterWhere(org, {}), sql`${takeItems.id} in ${idList(body.takeItemIds)}`) as SQL;
    const rows = await repo.walkRows(tx, where, TAKE_PRINT_MAX + 1);
    if (rows.length !== body.takeItemIds.length) throw notFound('拿货项');
    return rows.filter((r) => r.assignment_status !== 'CLOSE');
  }
  const f = body.filter ?? {};
  const where = and(repo.filterWhere(org, f), notClosed, body.onlyUnprinted ? sql`${takeItems.printCount} = 0` : undefined) as SQL;
  const rows = await repo.walkRows(tx, where, TAKE_PRINT_MAX + 1);
  if (rows.length > TAKE_PRINT_MAX) throw new AppError(ErrorCode.TAKE_PRINT_TOO_MANY);
  return rows;
}

export async function batchPrint(db: Db, caller: Caller, body: TakePrintBody) {
  const org = purchaserOf(caller);
  const { rows, request } = await inTransaction(db, async (t) => {
    const rows = await rowsToPrint(t, org, body);
    if (rows.length === 0) throw new AppError(ErrorCode.TAKE_NOTHING_TO_PRINT);
    const [me] = await t.execute(sql`select name from organisations where id = ${org}`).then((r) => (r as unknown as { rows: { name: string }[] }).rows);
    const now = new Date();
    const request = labelRenderRequestSchema.parse({
      kind: 'pickupTag',
      format: body.format,
      data: rows.map((r) => tagOf(r, me?.name ?? '', now)),
      options: { offsetXMm: body.offsetXMm, offsetYMm: body.offsetYMm },
    });
    return { rows, request };
  });
  // Drawn outside any transaction: the drawing takes seconds on the labels thread, and an open
  // transaction would hold PGlite's one connection (every other caller's query) that long.
  const out = await renderForCaller(db, caller, request);
  const ids = rows.map((r) => Number(r.id));
  await inTransaction(db, async (t) => {
    // The kept counts are by printed or not too: a first print moves its items there.
    await withAssignmentCounts(t, sql`id in ${idList(ids)}`, () =>
      t.execute(sql`update take_items set print_count = print_count + 1, printed_at = now(), updated_at = now() where id in ${idList(ids)}`),
    );
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
