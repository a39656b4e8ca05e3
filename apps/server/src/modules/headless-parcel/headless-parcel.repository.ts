/**
 * SQL of headless parcels (problem_parcels rows of kind HEADLESS) and their events: the pool, the
 * warehouse's list, the deadline job (claims, candidates and photos have their own repositories).
 * Every read is scoped by the caller: the warehouse by purchaser_org_id, a seller by the warehouses
 * that serve it (servedWarehouses).
 */
import type { HeadlessClaimStatus, HeadlessGood, ParcelStatus } from '@dropship/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { iso, num } from './sql-values.js';

export interface NewHeadless {
  purchaserOrgId: number;
  barcodeNo: string;
  trackingNo: string;
  courierName: string;
  goods: HeadlessGood[];
  note: string;
  senderPhoneSealed: string | null;
  senderPhoneTail: string | null;
  claimDays: number;
}

/** A new headless parcel in the pool (WAIT_CLAIM), under the label number problem-parcel's nextBarcodeNo gave it. */
export async function insertHeadless(t: Db, p: NewHeadless) {
  const [r] = await queryRows<{ id: number; barcodeNo: string; signedAt: string | Date }>(
    t,
    sql`insert into problem_parcels (kind, purchaser_org_id, status, source, barcode_no, tracking_no, return_courier_name, note, goods,
          sender_phone_sealed, sender_phone_tail, signed_at, deadline_at)
        values ('HEADLESS', ${p.purchaserOrgId}, 'WAIT_CLAIM', 'REGISTRATION',
          ${p.barcodeNo},
          ${p.trackingNo}, ${p.courierName}, ${p.note}, ${JSON.stringify(p.goods)}::jsonb, ${p.senderPhoneSealed}, ${p.senderPhoneTail},
          now(), now() + make_interval(days => ${p.claimDays}))
        returning id, barcode_no as "barcodeNo", signed_at as "signedAt"`,
  );
  if (!r) throw new Error('headless parcel not inserted');
  return { id: Number(r.id), barcodeNo: r.barcodeNo, signedAt: iso(r.signedAt) as string };
}

export interface ParcelRecord {
  id: number;
  status: string;
  orgId: number | null;
  purchaserOrgId: number;
  barcodeNo: string;
  trackingNo: string;
  senderPhoneTail: string | null;
}

const parcelCols = sql`id, status, org_id as "orgId", purchaser_org_id as "purchaserOrgId", barcode_no as "barcodeNo",
  coalesce(tracking_no, '') as "trackingNo", sender_phone_tail as "senderPhoneTail"`;

const toParcel = (r: ParcelRecord): ParcelRecord => ({ ...r, id: Number(r.id), orgId: num(r.orgId), purchaserOrgId: Number(r.purchaserOrgId) });

/** The warehouse's headless parcel, locked. */
export async function lockParcel(t: Db, purchaserOrgId: number, id: number): Promise<ParcelRecord | undefined> {
  const [r] = await queryRows<ParcelRecord>(
    t,
    sql`select ${parcelCols} from problem_parcels where id = ${id} and kind = 'HEADLESS' and purchaser_org_id = ${purchaserOrgId} for update`,
  );
  return r && toParcel(r);
}

/** The warehouse's headless parcel, unlocked (reads). */
export async function findParcel(db: Db, purchaserOrgId: number, id: number): Promise<ParcelRecord | undefined> {
  const [r] = await queryRows<ParcelRecord>(
    db,
    sql`select ${parcelCols} from problem_parcels where id = ${id} and kind = 'HEADLESS' and purchaser_org_id = ${purchaserOrgId}`,
  );
  return r && toParcel(r);
}

/** A headless parcel in the pool of one of the given warehouses (a seller's view), locked. */
export async function lockPoolParcel(t: Db, warehouses: number[], id: number): Promise<ParcelRecord | undefined> {
  if (warehouses.length === 0) return undefined;
  const [r] = await queryRows<ParcelRecord>(
    t,
    sql`select ${parcelCols} from problem_parcels
        where id = ${id} and kind = 'HEADLESS' and purchaser_org_id in (${sql.join(warehouses, sql`, `)}) for update`,
  );
  return r && toParcel(r);
}

export interface ParcelMove {
  status: string;
  orgId?: number;
  afterSaleId?: number | null;
  dropshipOrderId?: number | null;
}

/** Moves a parcel checked under the lock; false when it moved meanwhile. */
export async function moveParcel(t: Db, id: number, from: string, m: ParcelMove): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    t,
    sql`update problem_parcels set status = ${m.status}, updated_at = now()
          ${m.orgId === undefined ? sql`` : sql`, org_id = ${m.orgId}`}
          ${m.afterSaleId === undefined ? sql`` : sql`, after_sale_id = ${m.afterSaleId}`}
          ${m.dropshipOrderId === undefined ? sql`` : sql`, dropship_order_id = ${m.dropshipOrderId}`}
        where id = ${id} and status = ${from} returning id`,
  );
  return rows.length === 1;
}

export async function updateGoods(t: Db, id: number, goods: HeadlessGood[], note: string) {
  await t.execute(sql`update problem_parcels set goods = ${JSON.stringify(goods)}::jsonb, note = ${note}, updated_at = now() where id = ${id}`);
}

// ---- the pool (seller) ----

export interface PoolFilter {
  keyword?: string;
  courierName?: string;
  signedFrom?: string;
  signedTo?: string;
}

function poolWhere(warehouses: number[], f: PoolFilter): SQL {
  const parts = [sql`p.kind = 'HEADLESS'`, sql`p.status = 'WAIT_CLAIM'`, sql`p.purchaser_org_id in (${sql.join(warehouses, sql`, `)})`];
  if (f.keyword) {
    const k = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(p.tracking_no ilike ${k} or p.barcode_no ilike ${k} or p.goods::text ilike ${k} or p.note ilike ${k})`);
  }
  if (f.courierName) parts.push(sql`p.return_courier_name = ${f.courierName}`);
  if (f.signedFrom) parts.push(sql`p.signed_at >= (${f.signedFrom}::date::timestamp at time zone 'Asia/Shanghai')`);
  if (f.signedTo) parts.push(sql`p.signed_at < ((${f.signedTo}::date + 1)::timestamp at time zone 'Asia/Shanghai')`);
  return sql.join(parts, sql` and `);
}

export interface PoolRecord {
  id: number;
  barcodeNo: string;
  courierName: string;
  trackingNo: string;
  goods: HeadlessGood[];
  note: string;
  signedAt: string;
  deadlineAt: string;
  photoIds: number[];
  warehouseName: string;
  myClaimId: number | null;
  myClaimStatus: HeadlessClaimStatus | null;
  myClaimReason: string | null;
}

const poolSelect = (sellerOrgId: number) => sql`select p.id, p.barcode_no as "barcodeNo", coalesce(p.return_courier_name, '') as "courierName",
    coalesce(p.tracking_no, '') as "trackingNo", p.goods, coalesce(p.note, '') as note, p.signed_at as "signedAt", p.deadline_at as "deadlineAt",
    coalesce((select array_agg(ph.id order by ph.id) from parcel_photos ph where ph.parcel_id = p.id), '{}') as "photoIds",
    w.name as "warehouseName",
    c.id as "myClaimId", c.status as "myClaimStatus", c.reason as "myClaimReason"
  from problem_parcels p
  join organisations w on w.id = p.purchaser_org_id
  left join lateral (select id, status, reason from headless_claims c where c.parcel_id = p.id and c.seller_org_id = ${sellerOrgId}
    order by c.id desc limit 1) c on true`;

const toPool = (r: PoolRecord): PoolRecord => ({
  ...r,
  id: Number(r.id),
  signedAt: iso(r.signedAt) as string,
  deadlineAt: iso(r.deadlineAt) as string,
  photoIds: (r.photoIds ?? []).map(Number),
  myClaimId: num(r.myClaimId),
});

export async function pagePool(db: Db, sellerOrgId: number, warehouses: number[], f: PoolFilter, limit: number, offset: number) {
  if (warehouses.length === 0) return { total: 0, list: [] as PoolRecord[] };
  const where = poolWhere(warehouses, f);
  const [c] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n from problem_parcels p where ${where}`);
  const rows = await queryRows<PoolRecord>(
    db,
    sql`${poolSelect(sellerOrgId)} where ${where} order by p.signed_at desc, p.id desc limit ${limit} offset ${offset}`,
  );
  return { total: Number(c?.n ?? 0), list: rows.map(toPool) };
}

export async function poolRowsById(db: Db, sellerOrgId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await queryRows<PoolRecord>(db, sql`${poolSelect(sellerOrgId)} where p.id in (${sql.join(ids, sql`, `)})`);
  return rows.map(toPool);
}

// ---- the warehouse's list ----

export interface PurchaserRecord {
  id: number;
  barcodeNo: string;
  status: z.infer<typeof ParcelStatus>;
  courierName: string;
  trackingNo: string;
  senderPhoneTail: string;
  goods: HeadlessGood[];
  note: string;
  signedAt: string;
  deadlineAt: string;
  photoIds: number[];
  sellerName: string;
  afterSaleNo: string;
  pendingClaims: number;
}

function purchaserWhere(purchaserOrgId: number, f: { status?: string; keyword?: string }) {
  const parts = [sql`p.kind = 'HEADLESS'`, sql`p.purchaser_org_id = ${purchaserOrgId}`];
  if (f.status) parts.push(sql`p.status = ${f.status}`);
  if (f.keyword) {
    const k = f.keyword.replace(/\s+/g, '').toUpperCase();
    parts.push(sql`(p.barcode_no = ${k} or p.tracking_no = ${k})`);
  }
  return sql.join(parts, sql` and `);
}

export async function pagePurchaser(db: Db, purchaserOrgId: number, f: { status?: string; keyword?: string }, limit: number, offset: number) {
  const where = purchaserWhere(purchaserOrgId, f);
  const [c] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n from problem_parcels p where ${where}`);
  const rows = await queryRows<PurchaserRecord>(
    db,
    sql`select p.id, p.barcode_no as "barcodeNo", p.status, coalesce(p.return_courier_name, '') as "courierName", coalesce(p.tracking_no, '') as "trackingNo",
          coalesce(p.sender_phone_tail, '') as "senderPhoneTail", p.goods, coalesce(p.note, '') as note, p.signed_at as "signedAt", p.deadline_at as "deadlineAt",
          coalesce((select array_agg(ph.id order by ph.id) from parcel_photos ph where ph.parcel_id = p.id), '{}') as "photoIds",
          coalesce(g.name, '') as "sellerName", coalesce(a.after_sale_no, '') as "afterSaleNo",
          (select count(*) from headless_claims c where c.parcel_id = p.id and c.status = 'PENDING') as "pendingClaims"
        from problem_parcels p
        left join organisations g on g.id = p.org_id
        left join after_sales a on a.id = p.after_sale_id and a.org_id = p.org_id
        where ${where} order by p.id desc limit ${limit} offset ${offset}`,
  );
  return {
    total: Number(c?.n ?? 0),
    list: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      signedAt: iso(r.signedAt) as string,
      deadlineAt: iso(r.deadlineAt) as string,
      photoIds: (r.photoIds ?? []).map(Number),
      pendingClaims: Number(r.pendingClaims),
    })),
  };
}

export async function parcelEvents(db: Db, parcelId: number) {
  const rows = await queryRows<{ operation: string; fromStatus: string | null; toStatus: string; note: string | null; createdAt: string }>(
    db,
    sql`select operation, from_status as "fromStatus", to_status as "toStatus", note, created_at as "createdAt"
        from problem_parcel_events where parcel_id = ${parcelId} order by id`,
  );
  return rows.map((r) => ({ ...r, note: r.note ?? '', createdAt: iso(r.createdAt) as string }));
}

// ---- who is served by whom ----

/**
 * The warehouses whose pools a seller sees: the one serving it now (given) and every one its
 * orders were placed with.
 */
export async function servedWarehouses(db: Db, sellerOrgId: number, serving: number | undefined): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select distinct purchaser_org_id as id from dropship_orders where org_id = ${sellerOrgId} and purchaser_org_id is not null`,
  );
  const ids = new Set(rows.map((r) => Number(r.id)));
  if (serving !== undefined) ids.add(serving);
  return [...ids];
}

// ---- the deadline job ----

/** Headless parcels past their claim deadline, locked, skipping ones another worker holds. */
export async function lockExpired(t: Db, limit: number) {
  const rows = await queryRows<{ id: number; purchaserOrgId: number; barcodeNo: string }>(
    t,
    sql`select id, purchaser_org_id as "purchaserOrgId", barcode_no as "barcodeNo" from problem_parcels
        where kind = 'HEADLESS' and status = 'WAIT_CLAIM' and deadline_at < now() order by deadline_at limit ${limit} for update skip locked`,
  );
  return rows.map((r) => ({ id: Number(r.id), purchaserOrgId: Number(r.purchaserOrgId), barcodeNo: r.barcodeNo }));
}
