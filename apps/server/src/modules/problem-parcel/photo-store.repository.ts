/** SQL of parcel_photos rows without a parcel: a tenant's own photos, attached to an after-sale once. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

const num = (v: string | number | null) => (v === null ? null : Number(v));
const idList = (ids: number[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );

export async function insertOwnPhoto(db: Db, orgId: number, mime: string, bytes: Buffer, userId: number) {
  const [r] = await queryRows<{ id: number }>(
    db,
    sql`insert into parcel_photos (org_id, mime, bytes, user_id) values (${orgId}, ${mime}, ${bytes}, ${userId}) returning id`,
  );
  return Number(r?.id);
}

/** Photos by id, locked, with what decides whether a tenant may attach them. */
export async function lockPhotos(t: Db, ids: number[]) {
  const rows = await queryRows<{ id: number; parcelId: number | null; orgId: number | null; afterSaleId: string | number | null }>(
    t,
    sql`select id, parcel_id as "parcelId", org_id as "orgId", after_sale_id as "afterSaleId" from parcel_photos
        where id in (${idList(ids)}) order by id for update`,
  );
  return rows.map((r) => ({ id: Number(r.id), parcelId: num(r.parcelId), orgId: num(r.orgId), afterSaleId: num(r.afterSaleId) }));
}

export async function attachPhotos(t: Db, ids: number[], afterSaleId: number) {
  await t.execute(sql`update parcel_photos set after_sale_id = ${afterSaleId} where after_sale_id is null and id in (${idList(ids)})`);
}
