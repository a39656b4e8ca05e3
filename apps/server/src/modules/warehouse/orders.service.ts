/** The purchaser's shipping lists and their Excel export (masked receivers, Beijing times, the merge tag of decision 0019). */
import { ErrorCode, maskName, maskPhone, type WarehouseExportBody, type WarehouseOrderRow, type WarehouseOrdersBody } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './orders.repository.js';
import { parcelInfoOf, type RowParcelInfo } from './parcel.service.js';

export const WAREHOUSE_EXPORT_MAX_ROWS = 50_000;
const CHUNK = 1_000;

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

const NO_PARCEL: RowParcelInfo = { mergeOrderNos: [], mergeWaiting: false, shipTaken: false };

function toRow(r: repo.ListRow, parcel: RowParcelInfo = NO_PARCEL): WarehouseOrderRow {
  return {
    orderId: Number(r.order_id),
    orderNo: r.order_no,
    sellerName: r.seller_name,
    receiverName: maskName(r.receiver_name),
    receiverPhone: maskPhone(r.receiver_phone),
    area: `${r.receiver_province}${r.receiver_city}${r.receiver_district}`,
    expressCode: r.express_code,
    expressName: r.express_name,
    itemCount: Number(r.item_count),
    slotNo: r.slot_no === null ? null : Number(r.slot_no),
    trackingNo: r.tracking_no,
    deliveredAt: iso(r.delivered_at),
    printCount: Number(r.print_count ?? 0),
    lastArrivedAt: iso(r.last_arrived_at),
    urgent: r.urgent === true,
    keptTrackingNo: r.kept_tracking_no ?? null,
    ...parcel,
  };
}

/** Rows with their parcel's other orders: a few queries per page, whatever its size. */
async function rowsOf(db: Db, purchaserOrgId: number, f: WarehouseExportBody, rows: repo.ListRow[]) {
  const info = await parcelInfoOf(
    db,
    purchaserOrgId,
    rows.map((r) => Number(r.order_id)),
    f.view === 'SHIPPED',
  );
  return rows.map((r) => toRow(r, info.get(Number(r.order_id))));
}

export async function pageWarehouseOrders(db: Db, purchaserOrgId: number, q: WarehouseOrdersBody) {
  const { total, rows } = await repo.pageOrders(db, purchaserOrgId, q, q.pageSize, (q.pageNo - 1) * q.pageSize);
  return { total, list: await rowsOf(db, purchaserOrgId, q, rows) };
}

export async function exportWarehouseOrders(db: Db, purchaserOrgId: number, f: WarehouseExportBody): Promise<AsyncIterable<WarehouseOrderRow[]>> {
  const { total } = await repo.pageOrders(db, purchaserOrgId, f, 1, 0);
  if (total > WAREHOUSE_EXPORT_MAX_ROWS) throw new AppError(ErrorCode.WAREHOUSE_EXPORT_TOO_LARGE);
  return (async function* () {
    for (let offset = 0; offset < total; offset += CHUNK)
      yield await rowsOf(db, purchaserOrgId, f, (await repo.pageOrders(db, purchaserOrgId, f, CHUNK, offset)).rows);
  })();
}
