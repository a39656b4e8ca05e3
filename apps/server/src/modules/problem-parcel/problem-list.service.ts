/** The seller's reads of problem parcels: the page with tab counts, the goods, the detail, the export; the warehouse's send-backs. */
import { ErrorCode, type ProblemDetail, type ProblemFilter, type ProblemGoodRow, type ProblemPageResult, type ProblemRow } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { fulfilmentSettings } from '../fulfilment-settings/index.js';
import * as repo from './problem-parcel.repository.js';
import type { Actor } from './problem-parcel.service.js';

/** An export holds at most this many parcels. */
export const PROBLEM_EXPORT_MAX_ROWS = 100_000;

type Row = Awaited<ReturnType<typeof repo.pageParcels>>['list'][number];
const toRow = (r: Row): ProblemRow => ({
  ...r,
  afterSaleId: r.afterSaleId === null ? null : Number(r.afterSaleId),
  deadlineAt: r.deadlineAt.toISOString(),
  createdAt: r.createdAt.toISOString(),
});

export async function pageProblems(db: Db, caller: Actor, b: ProblemFilter & { pageNo: number; pageSize: number }): Promise<ProblemPageResult> {
  const [{ list, total }, counts] = await Promise.all([repo.pageParcels(db, caller.orgId, b, b), repo.tabCounts(db, caller.orgId, b)]);
  return { total, list: list.map(toRow), counts };
}

export async function exportProblems(db: Db, caller: Actor, f: ProblemFilter): Promise<AsyncIterable<ProblemRow[]>> {
  const rows = await repo.allParcels(db, caller.orgId, f, PROBLEM_EXPORT_MAX_ROWS + 1);
  if (rows.length > PROBLEM_EXPORT_MAX_ROWS) throw new AppError(ErrorCode.PROBLEM_PARCEL_EXPORT_TOO_LARGE);
  return (async function* () {
    yield rows.map(toRow);
  })();
}

export async function problemGoods(db: Db, caller: Actor, ids: number[]): Promise<ProblemGoodRow[]> {
  const rows = await repo.goodsOf(db, caller.orgId, ids);
  if (rows.length === 0) throw notFound('问题件');
  return rows.flatMap((r) => r.goods.map((g) => ({ parcelId: r.id, barcodeNo: r.barcodeNo, ...g })));
}

export async function problemDetail(db: Db, caller: Actor, id: number): Promise<ProblemDetail> {
  const r = await repo.findForSeller(db, caller.orgId, id);
  if (!r) throw notFound('问题件');
  const { p, ...row } = r;
  const [events, photoIds] = await Promise.all([repo.eventsOf(db, id), repo.photoIdsOf(db, id)]);
  return {
    ...toRow(row),
    note: p.note,
    returnCourierName: p.returnCourierName,
    receiverProvince: p.receiverProvince,
    receiverCity: p.receiverCity,
    receiverDistrict: p.receiverDistrict,
    sendBackedAt: p.sendBackedAt?.toISOString() ?? null,
    photoIds,
    events: events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
  };
}

/** The send-back page's saved address: the seller's 退货地址 when set (the product keeps one), else null (typed). */
export async function sendBackOptions(db: Db, caller: Actor) {
  return { savedAddress: (await fulfilmentSettings(db, caller.orgId)).returnAddress ?? null };
}

export async function pageSendBacks(db: Db, caller: Actor, b: { code?: string | undefined; pageNo: number; pageSize: number }) {
  const { list, total } = await repo.pageSendBacks(db, caller.orgId, b.code, b);
  return { total, list: list.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}
