/** Calls of the order import tests: upload, wait for a status, confirm and run the queue job. */
import type { ImportJobView } from '@dropship/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { orderImportJobs, orderImportPages, orderImportRows } from '../src/modules/order-import/order-import.table.js';
import { openPage } from '../src/modules/order-import/preview-receiver.js';
import { shopOrderItems, shopOrders } from '../src/modules/shop-orders/shop-orders.table.js';
import type { Session, TestApp } from './helpers.js';
import { multipart, type Part } from './order-import-fixtures.js';
import { call, envelope, snapshotCounts } from './support.js';

export const BASE = '/api/b2/orders/import';

/** The tables an import writes: a refused request must leave all of them as they were. */
export const importCounts = (t: TestApp) => snapshotCounts(t.database.db, { orderImportJobs, orderImportPages, orderImportRows, shopOrders, shopOrderItems });

/** The rows stored for a job (or all jobs), each as its JSON text: pages are sealed at rest, so a look at the column sees ciphertext. */
export async function storedRowTexts(t: TestApp, jobId?: number): Promise<string[]> {
  const q = t.database.db.select({ rows: orderImportPages.rows }).from(orderImportPages);
  const pages = await (jobId === undefined ? q : q.where(eq(orderImportPages.jobId, jobId)));
  return pages.flatMap((p) => openPage(p.rows).map((r) => JSON.stringify(r.data)));
}

export function postParts(t: TestApp, url: string, s: Session, parts: Part[]): Promise<LightMyRequestResponse> {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...s.headers(), ...body.headers } }) as Promise<LightMyRequestResponse>;
}

export interface UploadInput {
  file: Buffer;
  name: string;
  shopId?: number | string;
  mapping?: Record<string, string> | string;
  detail?: { file: Buffer; name: string };
}

export function upload(t: TestApp, s: Session, u: UploadInput) {
  const parts: Part[] = [{ name: 'file', value: u.file, filename: u.name }];
  if (u.detail) parts.push({ name: 'detailFile', value: u.detail.file, filename: u.detail.name });
  if (u.shopId !== undefined) parts.push({ name: 'shopId', value: String(u.shopId) });
  if (u.mapping !== undefined) parts.push({ name: 'mapping', value: typeof u.mapping === 'string' ? u.mapping : JSON.stringify(u.mapping) });
  return postParts(t, BASE, s, parts).then((r) => envelope<{ jobId: number }>(r));
}

export function inspect(t: TestApp, s: Session, file: Buffer, name: string) {
  return postParts(t, `${BASE}/inspect`, s, [{ name: 'file', value: file, filename: name }]).then((r) => envelope<Record<string, unknown>>(r));
}

export const jobOf = async (t: TestApp, s: Session, jobId: number) => envelope<ImportJobView>(await call(t.app, { url: `${BASE}/${jobId}`, session: s }));

/** Polls the job until it leaves `from` (parsing runs in the background of the app). */
export async function waitWhile(t: TestApp, s: Session, jobId: number, from = 'PARSING'): Promise<ImportJobView> {
  for (let i = 0; i < 600; i++) {
    const r = await jobOf(t, s, jobId);
    if (r.errorCode !== 0) throw new Error(`job ${jobId}: ${r.errorMsg}`);
    if (r.data.status !== from) return r.data;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`job ${jobId} still ${from}`);
}

/** Upload → preview; throws when the upload is refused. */
export async function toPreview(t: TestApp, s: Session, u: UploadInput): Promise<ImportJobView> {
  const r = await upload(t, s, u);
  if (r.errorCode !== 0) throw new Error(`upload refused: ${r.errorMsg}`);
  return waitWhile(t, s, r.data.jobId);
}

/** Confirms a preview and runs the queue job the confirmation enqueued. */
export async function confirmAndRun(t: TestApp, s: Session, jobId: number): Promise<ImportJobView> {
  const c = envelope<ImportJobView>(await call(t.app, { method: 'POST', url: `${BASE}/${jobId}/confirm`, session: s }));
  if (c.errorCode !== 0) throw new Error(`confirm refused: ${c.errorMsg}`);
  await t.app.jobs.runDue();
  return (await jobOf(t, s, jobId)).data;
}

export const shopIdOf = async (t: TestApp, s: Session, channel: string) => {
  const r = envelope<{ id: number; channel: string }[]>(await call(t.app, { url: `${BASE}/shops`, session: s }));
  const shop = r.data.find((x) => x.channel === channel);
  if (!shop) throw new Error(`no ${channel} shop`);
  return shop.id;
};
