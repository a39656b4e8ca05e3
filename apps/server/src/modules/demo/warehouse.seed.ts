/** Demo data of the warehouse: the demo purchaser's slot range and fallback sender, so scanning ships at once. */
import type { Db } from '../../db/client.js';
import { saveSetting } from '../warehouse/warehouse.repository.js';

export async function seedWarehouse(db: Db, o: { purchaserOrg: number }) {
  await saveSetting(db, o.purchaserOrg, {
    slotFrom: 1,
    slotTo: 300,
    senderPhone: '02081234567',
    senderAddress: '广东省广州市越秀区站南路16号白马服装市场仓库',
  });
}
