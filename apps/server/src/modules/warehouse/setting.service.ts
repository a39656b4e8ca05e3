/** The purchaser's warehouse setting: slot range (never dropping a slot in use) and fallback sender. */
import { ErrorCode, type WarehouseSettingBody, type WarehouseSettingResult } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './warehouse.repository.js';

export const MAX_SLOTS = 5_000;

export async function warehouseSetting(db: Db, purchaserOrgId: number): Promise<WarehouseSettingResult> {
  const [s, u] = await Promise.all([repo.settingOf(db, purchaserOrgId), repo.slotUsage(db, purchaserOrgId)]);
  return { ...s, used: u.used };
}

export async function saveWarehouseSetting(db: Db, purchaserOrgId: number, b: WarehouseSettingBody): Promise<WarehouseSettingResult> {
  const u = await repo.slotUsage(db, purchaserOrgId);
  const outside = u.min !== null && u.max !== null && (u.min < b.slotFrom || u.max > b.slotTo);
  if (b.slotFrom > b.slotTo || b.slotTo - b.slotFrom + 1 > MAX_SLOTS || outside) {
    const why = outside ? `：正在使用的分拣位是 ${u.min}–${u.max}，新范围必须包含它们` : '';
    throw new AppError(ErrorCode.WAREHOUSE_SLOT_RANGE_INVALID, `分拣位范围不正确${why || '：起始号不能大于结束号，且最多5000个分拣位'}`);
  }
  await repo.saveSetting(db, purchaserOrgId, b);
  return warehouseSetting(db, purchaserOrgId);
}
