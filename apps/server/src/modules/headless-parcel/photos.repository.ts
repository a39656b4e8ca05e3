/** SQL of parcel_photos (any parcel kind), with the parcel facts that decide who may see a photo. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { num } from './sql-values.js';

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

/** A photo with the facts that decide who may see it: its parcel's, or, without one, its uploader and after-sale. */
export async function photoWithParcel(db: Db, photoId: number) {
  const [r] = await queryRows<{
    mime: string;
    bytes: Buffer | Uint8Array;
    parcelId: number | null;
    kind: string | null;
    status: string | null;
    orgId: number | null;
    purchaserOrgId: number | null;
    uploaderOrgId: number | null;
    afterSaleOrgId: number | null;
    afterSalePurchaserOrgId: number | null;
  }>(
    db,
    sql`select ph.mime, ph.bytes, ph.parcel_id as "parcelId", p.kind, p.status, p.org_id as "orgId", p.purchaser_org_id as "purchaserOrgId",
               ph.org_id as "uploaderOrgId", s.org_id as "afterSaleOrgId", s.purchaser_org_id as "afterSalePurchaserOrgId"
        from parcel_photos ph
        left join problem_parcels p on p.id = ph.parcel_id
        left join after_sales s on s.id = ph.after_sale_id
        where ph.id = ${photoId}`,
  );
  return (
    r && {
      ...r,
      bytes: Buffer.isBuffer(r.bytes) ? r.bytes : Buffer.from(r.bytes),
      parcelId: num(r.parcelId),
      orgId: num(r.orgId),
      purchaserOrgId: num(r.purchaserOrgId),
      uploaderOrgId: num(r.uploaderOrgId),
      afterSaleOrgId: num(r.afterSaleOrgId),
      afterSalePurchaserOrgId: num(r.afterSalePurchaserOrgId),
    }
  );
}
