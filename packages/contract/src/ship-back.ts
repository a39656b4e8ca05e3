/**
 * Shipping back to the shop (回传物流): after delivery the courier and tracking number are pushed
 * to the shop's marketplace; the seller sees each order's state, retries failures, and counts them.
 */
import { z } from 'zod';
import { id, pageQuery } from './schema-helpers.js';

export const ShipBackStatus = z.enum(['PENDING', 'SUCCESS', 'FAILED']);
export type ShipBackStatus = z.infer<typeof ShipBackStatus>;

export const SHIP_BACK_STATUS_NAMES: Record<ShipBackStatus, string> = { PENDING: '回传中', SUCCESS: '回传成功', FAILED: '回传失败' };

export const ShipBackOrderQuery = z.object({ orderId: id('代发订单') });
export type ShipBackOrderQuery = z.output<typeof ShipBackOrderQuery>;

export const ShipBackView = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  shopName: z.string(),
  channel: z.string(),
  courierCode: z.string(),
  trackingNo: z.string(),
  status: ShipBackStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** The failure can only be fixed by authorizing the shop again. */
  needsReauth: z.boolean(),
  updatedAt: z.string(),
});
export type ShipBackView = z.infer<typeof ShipBackView>;

/** null: nothing to push (an order placed by hand, or not shipped yet). */
export const ShipBackOrderResult = ShipBackView.nullable();

export const ShipBackFailuresBody = pageQuery;
export type ShipBackFailuresBody = z.output<typeof ShipBackFailuresBody>;
export const ShipBackFailuresResult = z.object({ total: z.number().int(), list: z.array(ShipBackView) });
export type ShipBackFailuresResult = z.infer<typeof ShipBackFailuresResult>;
