/**
 * SQL of headless parcels (problem_parcels rows of kind HEADLESS), their claims, events and photos,
 * and the matching's candidates. Every read is scoped by the caller: the warehouse by
 * purchaser_org_id, a seller by the warehouses that serve it (servedWarehouses).
 */
import type { HeadlessClaimStatus, HeadlessGood, ParcelStatus } from '@dropship/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import type { Candidate } from './matcher.js';

const iso = (v: string | Date | null | undefined) => (v ? new Date(v).toISOString() : null);
const num = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));

export interface NewHeadless {
  purchaserOrgId: number;
  trackingNo: string;
  courierName: string;
  goods: HeadlessGood[];
  note: string;
  senderPhoneSealed: string | null;
  senderPhoneTail: string | null;
  claimDays: number;
}

/** A new headless parcel in the pool (WAIT_CLAIM), its label number HP + Beijing date + 6 digits. */
export async function insertHeadless(t: Db, p: NewHeadless) {
  const [r] = await queryRows<{ id: number; barcodeNo: string; signedAt: string | Date }>(
    t,
    sql`insert into problem_parcels (kind, purchaser_org_id, status, source, barcode_no, tracking_no, return_courier_name, note, goods,
          sender_phone_sealed, sender_phone_tail, signed_at, deadline_at)
        values ('HEADLESS', ${p.purchaserOrgId}, 'WAIT_CLAIM', 'REGISTRATION',
          'HP' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad((nextval('problem_parcel_no_seq') % 1000000)::text, 6, '0'),
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

export async function insertEvent(
  t: Db,
  e: { parcelId: number; operation: string; fromStatus: string | null; toStatus: string; userId: number | null; note: string },
) {
  await t.execute(
    sql`insert into problem_parcel_events (parcel_id, operation, from_status, to_status, user_id, note)
        values (${e.parcelId}, ${e.operation}, ${e.fromStatus}, ${e.toStatus}, ${e.userId}, ${e.note})`,
  );
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

// ---- claims ----

export interface ClaimRecord {
  id: number;
  parcelId: number;
  sellerOrgId: number;
  purchaserOrgId: number;
  status: HeadlessClaimStatus;
  orderNo: string;
  afterSaleNo: string;
  phoneTail: string;
  goodsNote: string;
  dropshipOrderId: number | null;
  afterSaleId: number | null;
  score: number | null;
  reason: string;
  createdAt: string;
  decidedAt: string | null;
  barcodeNo: string;
  parcelStatus: string;
  sellerName: string;
  senderPhoneTail: string | null;
}

const claimSelect = sql`select c.id, c.parcel_id as "parcelId", c.seller_org_id as "sellerOrgId", c.purchaser_org_id as "purchaserOrgId", c.status,
    c.order_no as "orderNo", c.after_sale_no as "afterSaleNo", c.phone_tail as "phoneTail", c.goods_note as "goodsNote",
    c.dropship_order_id as "dropshipOrderId", c.after_sale_id as "afterSaleId", c.score, c.reason, c.created_at as "createdAt",
    c.decided_at as "decidedAt", p.barcode_no as "barcodeNo", p.status as "parcelStatus", g.name as "sellerName",
    p.sender_phone_tail as "senderPhoneTail"
  from headless_claims c join problem_parcels p on p.id = c.parcel_id join organisations g on g.id = c.seller_org_id`;

const toClaim = (r: ClaimRecord): ClaimRecord => ({
  ...r,
  id: Number(r.id),
  parcelId: Number(r.parcelId),
  sellerOrgId: Number(r.sellerOrgId),
  purchaserOrgId: Number(r.purchaserOrgId),
  dropshipOrderId: num(r.dropshipOrderId),
  afterSaleId: num(r.afterSaleId),
  score: num(r.score),
  createdAt: iso(r.createdAt) as string,
  decidedAt: iso(r.decidedAt),
});

export async function selectClaims(db: Db, where: SQL, order: SQL = sql`order by c.id desc`, limit = 500, offset = 0) {
  const rows = await queryRows<ClaimRecord>(db, sql`${claimSelect} where ${where} ${order} limit ${limit} offset ${offset}`);
  return rows.map(toClaim);
}

export async function countClaims(db: Db, where: SQL) {
  const [c] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n from headless_claims c where ${where}`);
  return Number(c?.n ?? 0);
}

/** A claim, locked (FOR UPDATE of the claim row only). */
export async function lockClaim(t: Db, where: SQL): Promise<ClaimRecord | undefined> {
  const [r] = await queryRows<ClaimRecord>(t, sql`${claimSelect} where ${where} for update of c`);
  return r && toClaim(r);
}

export interface NewClaim {
  parcelId: number;
  sellerOrgId: number;
  purchaserOrgId: number;
  status: 'PROPOSED' | 'PENDING';
  orderNo: string;
  afterSaleNo: string;
  phoneTail: string;
  goodsNote: string;
  dropshipOrderId: number | null;
  afterSaleId: number | null;
  score: number | null;
  userId: number | null;
}

/** Inserts an open claim; undefined when the seller already has an open one on the parcel. */
export async function insertClaim(t: Db, c: NewClaim): Promise<number | undefined> {
  const [r] = await queryRows<{ id: number }>(
    t,
    sql`insert into headless_claims (parcel_id, seller_org_id, purchaser_org_id, status, order_no, after_sale_no, phone_tail, goods_note,
          dropship_order_id, after_sale_id, score, created_by)
        values (${c.parcelId}, ${c.sellerOrgId}, ${c.purchaserOrgId}, ${c.status}, ${c.orderNo}, ${c.afterSaleNo}, ${c.phoneTail}, ${c.goodsNote},
          ${c.dropshipOrderId}, ${c.afterSaleId}, ${c.score}, ${c.userId})
        on conflict (parcel_id, seller_org_id) where status in ('PROPOSED', 'PENDING') do nothing
        returning id`,
  );
  return r ? Number(r.id) : undefined;
}

export async function setClaim(
  t: Db,
  id: number,
  from: HeadlessClaimStatus,
  to: HeadlessClaimStatus,
  f: { userId: number | null; reason?: string; decided: boolean; proof?: Partial<NewClaim> },
) {
  const p = f.proof;
  const rows = await queryRows<{ id: number }>(
    t,
    sql`update headless_claims set status = ${to}
          ${f.reason === undefined ? sql`` : sql`, reason = ${f.reason}`}
          ${f.decided ? sql`, decided_by = ${f.userId}, decided_at = now()` : sql``}
          ${p?.orderNo === undefined ? sql`` : sql`, order_no = ${p.orderNo}, after_sale_no = ${p.afterSaleNo ?? ''}, phone_tail = ${p.phoneTail ?? ''}, goods_note = ${p.goodsNote ?? ''}, created_by = ${p.userId ?? null}`}
        where id = ${id} and status = ${from} returning id`,
  );
  return rows.length === 1;
}

/** Refuses every other open claim of a parcel (one was confirmed, or the parcel left the pool); answers who was refused. */
export async function refuseOpenClaims(t: Db, parcelId: number, exceptId: number | null, reason: string, userId: number | null) {
  const rows = await queryRows<{ id: number; sellerOrgId: number; status: string }>(
    t,
    sql`update headless_claims set status = 'REFUSED', reason = ${reason}, decided_by = ${userId}, decided_at = now()
        where parcel_id = ${parcelId} and status in ('PROPOSED', 'PENDING') ${exceptId === null ? sql`` : sql`and id <> ${exceptId}`}
        returning id, seller_org_id as "sellerOrgId", status`,
  );
  return rows.map((r) => ({ id: Number(r.id), sellerOrgId: Number(r.sellerOrgId) }));
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

// ---- proof ----

/** The seller's order named by the proof (its order number or platform order number), and an open after-sale of it. */
export async function orderByNo(db: Db, sellerOrgId: number, orderNo: string) {
  const [r] = await queryRows<{ id: number; purchaserOrgId: number | null }>(
    db,
    sql`select id, purchaser_org_id as "purchaserOrgId" from dropship_orders
        where org_id = ${sellerOrgId} and (order_no = ${orderNo} or platform_order_id = ${orderNo}) order by id desc limit 1`,
  );
  return r && { id: Number(r.id), purchaserOrgId: num(r.purchaserOrgId) };
}

export async function afterSaleByNo(db: Db, sellerOrgId: number, afterSaleNo: string) {
  const [r] = await queryRows<{ id: number; orderId: number }>(
    db,
    sql`select id, order_id as "orderId" from after_sales where org_id = ${sellerOrgId} and after_sale_no = ${afterSaleNo}`,
  );
  return r && { id: Number(r.id), orderId: Number(r.orderId) };
}

/** An open after-sale with goods coming back on the order (the newest), to join a claimed parcel to. */
export async function openReturnOf(db: Db, sellerOrgId: number, orderId: number) {
  const [r] = await queryRows<{ id: number }>(
    db,
    sql`select id from after_sales where org_id = ${sellerOrgId} and order_id = ${orderId}
          and status in ('REFUNDING', 'GOODS_RETURNING') and return_status is not null order by id desc limit 1`,
  );
  return r ? Number(r.id) : null;
}

export async function orderNoOf(db: Db, orderId: number) {
  const [r] = await queryRows<{ orderNo: string }>(db, sql`select order_no as "orderNo" from dropship_orders where id = ${orderId}`);
  return r?.orderNo ?? '';
}

export async function orgName(db: Db, orgId: number) {
  const [r] = await queryRows<{ name: string }>(db, sql`select name from organisations where id = ${orgId}`);
  return r?.name ?? '';
}

// ---- the matching's candidates ----

export interface CandidateRow extends Candidate {
  orderNo: string;
  afterSaleNo: string | null;
}

interface RawCandidate {
  sellerOrgId: number;
  orderId: number;
  orderNo: string;
  afterSaleId: number | null;
  afterSaleNo: string | null;
  returnWaybill: string | null;
  trackingNo: string | null;
  phoneTail: string | null;
  items: { title: string; sku: string; itemNo: string; color: string; size: string }[] | null;
}

/** How far back shipped orders are candidates (a return comes back within weeks of delivery). */
const CANDIDATE_DAYS = 120;

/**
 * The warehouse's open after-sales with goods coming back and its orders shipped in the last
 * CANDIDATE_DAYS that share something with the parcel: the waybill, the phone tail, or a 货号.
 */
export async function candidates(db: Db, purchaserOrgId: number, f: { waybill: string; phoneTail: string | null; itemNos: string[] }) {
  const itemNos = f.itemNos.length > 0 ? f.itemNos : [''];
  const items = sql`(select json_agg(json_build_object('title', i.title, 'sku', coalesce(i.snapshot->>'outerSkuId', i.snapshot->>'skuId', ''),
      'itemNo', i.art_no, 'color', i.color, 'size', i.size) order by i.line_no) from dropship_order_items i where i.order_id = o.id)`;
  const artHit = sql`exists (select 1 from dropship_order_items i where i.order_id = o.id
      and upper(regexp_replace(i.art_no, '[\\s\\-_/]+', '', 'g')) in (${sql.join(itemNos, sql`, `)}))`;
  const rows = await queryRows<RawCandidate>(
    db,
    sql`select a.org_id as "sellerOrgId", o.id as "orderId", o.order_no as "orderNo", a.id as "afterSaleId", a.after_sale_no as "afterSaleNo",
          a.return_waybill_no as "returnWaybill", o.tracking_no as "trackingNo", o.receiver_phone_tail as "phoneTail", ${items} as items
        from after_sales a join dropship_orders o on o.id = a.order_id
        where a.purchaser_org_id = ${purchaserOrgId} and a.status in ('REFUNDING', 'GOODS_RETURNING') and a.return_status is not null
      union all
        select o.org_id, o.id, o.order_no, null, null, null, o.tracking_no, o.receiver_phone_tail, ${items}
        from dropship_orders o
        where o.purchaser_org_id = ${purchaserOrgId} and o.status in ('DELIVERED', 'FINISHED')
          and o.delivered_at > now() - make_interval(days => ${CANDIDATE_DAYS})
          and (upper(o.tracking_no) = ${f.waybill} ${f.phoneTail ? sql`or o.receiver_phone_tail = ${f.phoneTail}` : sql``} or ${artHit})
        limit 5000`,
  );
  return rows.map(
    (r): CandidateRow => ({
      sellerOrgId: Number(r.sellerOrgId),
      orderId: Number(r.orderId),
      orderNo: r.orderNo,
      afterSaleId: num(r.afterSaleId),
      afterSaleNo: r.afterSaleNo,
      waybills: [r.returnWaybill ?? '', r.trackingNo ?? ''].filter(Boolean),
      phoneTail: r.phoneTail,
      items: r.items ?? [],
    }),
  );
}

// ---- photos ----

export async function photoCount(t: Db, parcelId: number) {
  const [r] = await queryRows<{ n: string | number }>(t, sql`select count(*) as n from parcel_photos where parcel_id = ${parcelId}`);
  return Number(r?.n ?? 0);
}

/** The warehouse's parcel (any kind), locked, for a photo. */
export async function lockAnyParcel(t: Db, purchaserOrgId: number, id: number) {
  const [r] = await queryRows<{ id: number }>(t, sql`select id from problem_parcels where id = ${id} and purchaser_org_id = ${purchaserOrgId} for update`);
  return r ? Number(r.id) : undefined;
}

export async function insertPhoto(t: Db, parcelId: number, mime: string, bytes: Buffer, userId: number) {
  const [r] = await queryRows<{ id: number }>(
    t,
    sql`insert into parcel_photos (parcel_id, mime, bytes, user_id) values (${parcelId}, ${mime}, ${bytes}, ${userId}) returning id`,
  );
  return Number(r?.id);
}

export async function photoWithParcel(db: Db, photoId: number) {
  const [r] = await queryRows<{ mime: string; bytes: Buffer | Uint8Array; kind: string; status: string; orgId: number | null; purchaserOrgId: number | null }>(
    db,
    sql`select ph.mime, ph.bytes, p.kind, p.status, p.org_id as "orgId", p.purchaser_org_id as "purchaserOrgId"
        from parcel_photos ph join problem_parcels p on p.id = ph.parcel_id where ph.id = ${photoId}`,
  );
  return r && { ...r, bytes: Buffer.isBuffer(r.bytes) ? r.bytes : Buffer.from(r.bytes), orgId: num(r.orgId), purchaserOrgId: num(r.purchaserOrgId) };
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
