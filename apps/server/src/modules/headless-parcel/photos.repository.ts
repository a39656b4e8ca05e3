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

export async function photoWithParcel(db: Db, photoId: number) {
  const [r] = await queryRows<{ mime: string; bytes: Buffer | Uint8Array; kind: string; status: string; orgId: number | null; purchaserOrgId: number | null }>(
    db,
    sql`select ph.mime, ph.bytes, p.kind, p.status, p.org_id as "orgId", p.purchaser_org_id as "purchaserOrgId"
        from parcel_photos ph join problem_parcels p on p.id = ph.parcel_id where ph.id = ${photoId}`,
  );
  return r && { ...r, bytes: Buffer.isBuffer(r.bytes) ? r.bytes : Buffer.from(r.bytes), orgId: num(r.orgId), purchaserOrgId: num(r.purchaserOrgId) };
}
