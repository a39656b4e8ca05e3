/**
 * Correcting a shop order's receiver (the abnormal-orders fix "修改地址"): a named operation that
 * only applies while the order waits for its dropship order. The province, city and district are
 * written as the area tree names them (findArea), so the order leaves the abnormal list.
 * Note: a later shop sync with a newer platform copy writes the platform's receiver again.
 */
import { ErrorCode } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { findArea } from '../area/index.js';
import * as repo from './shop-order-address.repository.js';

/** Statuses in which the receiver may still be corrected (the order is not shipped yet). */
export const ADDRESS_EDITABLE_STATUSES = ['WAIT_SELLER_SEND', 'SELLER_CONSIGNED_PART'] as const;

export async function correctShopOrderAddress(db: Db, orgId: number, shopOrderId: number, receiver: repo.ReceiverValues) {
  const area = findArea(receiver.province, receiver.city, receiver.district, receiver.address);
  if (!area) throw new AppError(ErrorCode.BAD_REQUEST, '省市区不正确：请从地址选择器中选择省份、城市和区县');
  const values = { ...receiver, province: area.province, city: area.city, district: area.district };
  if (await repo.updateReceiver(db, orgId, shopOrderId, ADDRESS_EDITABLE_STATUSES, values)) return;
  if (!(await repo.orderExists(db, orgId, shopOrderId))) throw notFound('订单');
  throw new AppError(ErrorCode.SHOP_ORDER_ALREADY_PLACED);
}
