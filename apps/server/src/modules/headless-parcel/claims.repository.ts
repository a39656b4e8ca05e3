/** SQL of headless_claims: a seller's claims and the matching's proposals, scoped by seller or warehouse. */
import type { HeadlessClaimStatus } from '@dropship/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { iso, num } from './sql-values.js';

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

async function selectClaims(db: Db, where: SQL, order: SQL = sql`order by c.id desc`, limit = 500, offset = 0) {
  const rows = await queryRows<ClaimRecord>(db, sql`${claimSelect} where ${where} ${order} limit ${limit} offset ${offset}`);
  return rows.map(toClaim);
}

async function countClaims(db: Db, where: SQL) {
  const [c] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n from headless_claims c where ${where}`);
  return Number(c?.n ?? 0);
}

/** One claim by id (callers check whose it is, or use the scoped readers below). */
export async function claimById(db: Db, id: number) {
  return (await selectClaims(db, sql`c.id = ${id}`))[0];
}

/** A seller's own claim. */
export async function sellerClaim(db: Db, sellerOrgId: number, id: number) {
  return (await selectClaims(db, sql`c.id = ${id} and c.seller_org_id = ${sellerOrgId}`))[0];
}

/** A claim on one of the warehouse's parcels. */
export async function warehouseClaim(db: Db, purchaserOrgId: number, id: number) {
  return (await selectClaims(db, sql`c.id = ${id} and c.purchaser_org_id = ${purchaserOrgId}`))[0];
}

/** Every claim on one of the warehouse's parcels, newest first. */
export function parcelClaims(db: Db, purchaserOrgId: number, parcelId: number) {
  return selectClaims(db, sql`c.parcel_id = ${parcelId} and c.purchaser_org_id = ${purchaserOrgId}`);
}

/** 我的认领: the seller's own claims (not the proposals it has not answered), one page. */
export async function pageSellerClaims(db: Db, sellerOrgId: number, status: HeadlessClaimStatus | undefined, limit: number, offset: number) {
  const where = sql`c.seller_org_id = ${sellerOrgId} and c.status <> 'PROPOSED' ${status ? sql`and c.status = ${status}` : sql``}`;
  const [total, list] = await Promise.all([countClaims(db, where), selectClaims(db, where, sql`order by c.id desc`, limit, offset)]);
  return { total, list };
}

/** The seller's unanswered proposals on parcels still in the pool. */
export function sellerProposals(db: Db, sellerOrgId: number) {
  return selectClaims(db, sql`c.seller_org_id = ${sellerOrgId} and c.status = 'PROPOSED' and p.status = 'WAIT_CLAIM'`, sql`order by c.id desc`, 100);
}

/** A claim, locked (FOR UPDATE of the claim row only). */
export async function lockClaim(t: Db, id: number): Promise<ClaimRecord | undefined> {
  const [r] = await queryRows<ClaimRecord>(t, sql`${claimSelect} where c.id = ${id} for update of c`);
  return r && toClaim(r);
}

/** The seller's open (PROPOSED or PENDING) claim on a parcel, locked. */
export async function lockOpenClaim(t: Db, parcelId: number, sellerOrgId: number): Promise<ClaimRecord | undefined> {
  const [r] = await queryRows<ClaimRecord>(
    t,
    sql`${claimSelect} where c.parcel_id = ${parcelId} and c.seller_org_id = ${sellerOrgId} and c.status in ('PROPOSED', 'PENDING') for update of c`,
  );
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
          ${
            p?.orderNo === undefined
              ? sql``
              : sql`, order_no = ${p.orderNo}, after_sale_no = ${p.afterSaleNo ?? ''}, phone_tail = ${p.phoneTail ?? ''}, goods_note = ${p.goodsNote ?? ''},
                created_by = ${p.userId ?? null}, dropship_order_id = ${p.dropshipOrderId ?? null}, after_sale_id = ${p.afterSaleId ?? null}`
          }
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
