/**
 * The server's path for one order-import file from an accepted upload to DONE, as the job runs it
 * (plan, parse + validate + preview, then the import stage), for the benches that time it. The file
 * is parsed where the server parses it: on the import's parse thread unless IMPORT_PARSE_THREAD=0.
 */
import type { openDatabase } from '../apps/server/src/db/client.ts';
import { importPreview } from '../apps/server/src/modules/order-import/import-stage.ts';
import * as repo from '../apps/server/src/modules/order-import/order-import.repository.ts';
import { storePreview } from '../apps/server/src/modules/order-import/parse-stage.ts';
import { planUpload } from '../apps/server/src/modules/order-import/planned-import.ts';
import { shops } from '../apps/server/src/modules/shops/shops.table.ts';

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** Imports the file into a new shop of the organisation; answers seconds for the two stages. */
export async function importOnce(db: Db, ctx: { orgId: number; userId: number }, name: string, bytes: Buffer) {
  const [shop] = await db
    .insert(shops)
    .values({ orgId: ctx.orgId, channel: 'TAOBAO', name: `店铺${Math.random()}` })
    .returning({ id: shops.id });
  const t0 = performance.now();
  const plan = await planUpload({ name, bytes }, undefined);
  const job = await repo.insertJob(db, {
    orgId: ctx.orgId,
    userId: ctx.userId,
    shopId: shop!.id,
    fileName: name,
    fileSize: bytes.length,
    fileFormat: plan.format,
    encoding: plan.encoding,
    layout: plan.layout,
    mapping: plan.mapping,
  });
  const s = await storePreview(db, job, plan.batches(), { progress: (percent) => repo.addProgress(db, job.id, { percent }) });
  await repo.moveJob(db, job.id, ['PARSING'], { status: 'IMPORTING', ...s, percent: 0 });
  const t1 = performance.now();
  const counts = await importPreview(db, {
    jobId: job.id,
    orgId: ctx.orgId,
    shopId: shop!.id,
    channel: 'TAOBAO',
    createdAt: job.createdAt,
    totalRows: s.totalRows,
  });
  await repo.moveJob(db, job.id, ['IMPORTING'], { status: 'DONE', ...counts });
  const t2 = performance.now();
  if (s.validOrders !== s.totalRows || counts.imported !== s.totalRows)
    throw new Error(`expected ${s.totalRows} clean orders, got ${JSON.stringify({ s, counts })}`);
  return { parse: (t1 - t0) / 1000, write: (t2 - t1) / 1000, total: (t2 - t0) / 1000 };
}
