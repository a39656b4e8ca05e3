/**
 * Return-to-factory lines made for after-sales (decision 0026, "Returns"): a 合格 inspection puts the
 * after-sale's goods on the same list as the offline return lines (退货入库分配), so assignment, the
 * picker's work and the stall's answer run unchanged. Each after-sale gets a one-line return order
 * (SIGNED at once: the parcel was signed in as the after-sale) whose line carries after_sale_id.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import * as logs from './return-logs.repository.js';
import * as repo from './returns.repository.js';

export interface AfterSaleReturnLine {
  afterSaleId: number;
  afterSaleNo: string;
  sellerOrgId: number;
  purchaserOrgId: number;
  userId: number;
  waybillNo: string;
  line: Omit<repo.NewReturnLine, 'lineNo'>;
}

/** Makes the return order and its WAITING_ASSIGNED line; answers the line id. */
export async function insertAfterSaleReturnLine(t: Db, a: AfterSaleReturnLine): Promise<number> {
  const returnNo = await repo.nextReturnNo(t);
  const orderId = await repo.insertReturnOrder(
    t,
    {
      orgId: a.sellerOrgId,
      purchaserOrgId: a.purchaserOrgId,
      returnNo,
      handDelivered: false,
      courierName: '',
      waybillNo: a.waybillNo.toUpperCase(),
      remark: `售后退货 ${a.afterSaleNo}`,
      createdBy: a.userId,
    },
    [{ ...a.line, lineNo: 1 }],
  );
  await repo.signOrders(t, a.purchaserOrgId, [orderId], a.userId);
  const [row] = await queryRows<{ id: string | number }>(
    t,
    sql`update offline_return_lines set after_sale_id = ${a.afterSaleId} where return_order_id = ${orderId} and purchaser_org_id = ${a.purchaserOrgId} returning id`,
  );
  const lineId = Number(row?.id);
  await logs.insertLogs(t, [
    {
      purchaserOrgId: a.purchaserOrgId,
      sellerOrgId: a.sellerOrgId,
      returnOrderId: orderId,
      lineId,
      operation: 'AFTER_SALE_INSPECTED',
      fromStatus: null,
      toStatus: 'WAITING_ASSIGNED',
      actorUserId: a.userId,
      note: `售后单 ${a.afterSaleNo} 验货合格，待退档口`,
    },
  ]);
  return lineId;
}

/** 重新退档口 confirmed by the purchaser: a refused line goes back to the stall with its picker (FACTORY_REFUSE → WAIT_FACTORY). */
export async function reopenAfterSaleLine(t: Db, purchaserOrgId: number, lineId: number, userId: number, note: string): Promise<boolean> {
  const [l] = await repo.lockLines(t, purchaserOrgId, [lineId]);
  if (l?.status !== 'FACTORY_REFUSE') return false;
  const rows = await queryRows<{ id: unknown }>(
    t,
    sql`update offline_return_lines set status = 'WAIT_FACTORY', finished_at = null, note = ${note}
        where purchaser_org_id = ${purchaserOrgId} and id = ${lineId} and status = 'FACTORY_REFUSE' returning id`,
  );
  if (rows.length === 0) return false;
  await logs.insertLogs(t, [
    {
      purchaserOrgId,
      sellerOrgId: l.orgId,
      returnOrderId: l.returnOrderId,
      lineId,
      operation: 'RETURN_FACTORY_AGAIN',
      fromStatus: 'FACTORY_REFUSE',
      toStatus: 'WAIT_FACTORY',
      actorUserId: userId,
      note,
    },
  ]);
  return true;
}
