/** Excel export of the filtered take items (walking order, names of statuses, yuan, +8 times). */
import { ASSIGNMENT_STATUS_NAMES, ErrorCode, TAKE_EXPORT_MAX, TAKING_ITEM_STATUS_NAMES, type TakeFilter, type TakeRow } from '@dropship/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { AppError } from '../../lib/app-error.js';
import { moneyColumn, timeColumn, type XlsxColumn } from '../../lib/excel/index.js';
import type { Caller } from '../../plugins/auth.js';
import * as repo from './assign.repository.js';
import { purchaserOf, toRow } from './assign.service.js';
import { idList } from './order-locks.js';
import { takeItems } from './take-items.table.js';

const CHUNK = 2000;

export const TAKE_EXPORT_COLUMNS: XlsxColumn<TakeRow>[] = [
  { header: '拿货码', width: 16, value: (r) => r.takeCode },
  { header: '分配状态', value: (r) => ASSIGNMENT_STATUS_NAMES[r.assignmentStatus] },
  { header: '拿货状态', value: (r) => TAKING_ITEM_STATUS_NAMES[r.takingStatus] },
  { header: '加急', value: (r) => (r.urgent ? '加急' : '') },
  { header: '拿货区域', value: (r) => r.marketArea },
  { header: '市场', width: 16, value: (r) => r.market },
  { header: '楼栋', value: (r) => r.building },
  { header: '楼层', value: (r) => r.floor },
  { header: '档口号', value: (r) => r.stallNo },
  { header: '档口', width: 18, value: (r) => r.stallName },
  { header: '货号', value: (r) => r.artNo },
  { header: '颜色', value: (r) => r.color },
  { header: '尺码', value: (r) => r.size },
  { header: '数量', value: (r) => r.quantity },
  moneyColumn('成本价（元）', (r) => r.unitCostFen),
  { header: '拿货员', value: (r) => r.pickerName ?? '' },
  { header: '打印次数', value: (r) => r.printCount },
  { header: '卖家', width: 18, value: (r) => r.sellerName },
  { header: '代发订单号', width: 22, value: (r) => r.orderNo },
  { header: '快递', value: (r) => r.expressName },
  timeColumn('创建时间', (r) => r.createdAt),
];

export async function exportTakeItems(db: Db, caller: Caller, f: TakeFilter): Promise<AsyncIterable<TakeRow[]>> {
  const org = purchaserOf(caller);
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`select id from take_items where ${repo.filterWhere(org, f)}
        order by market_area, market, building, floor, stall_no, stall_name, take_code limit ${TAKE_EXPORT_MAX + 1}`,
  );
  if (rows.length > TAKE_EXPORT_MAX) throw new AppError(ErrorCode.TAKE_EXPORT_TOO_LARGE);
  const ids = rows.map((r) => Number(r.id));
  return (async function* () {
    for (let i = 0; i < ids.length; i += CHUNK) {
      const where = and(repo.filterWhere(org, {}), sql`${takeItems.id} in ${idList(ids.slice(i, i + CHUNK))}`) as SQL;
      yield (await repo.walkRows(db, where, CHUNK)).map(toRow);
    }
  })();
}
