/**
 * Status and type codes of SPEC.md section 4, verbatim. The API and the database store these
 * strings as they are; the Chinese labels are for the screen only.
 */
import { z } from 'zod';
import { CHANNELS } from './channel-names.js';

const codes = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values);

export const TakingItemStatus = codes(['WAITING_TAKING', 'TAKING', 'TOOK_PART', 'TOOK', 'E_STOP_TAKING', 'E_LACK_TAKING', 'E_CHANGE_TAKING', 'E_NEXT_TAKING']);
export const AssignmentStatus = codes(['WAITING_ASSIGNED', 'TAKING', 'TOOK_PART', 'TOOK', 'E_STOP_TAKING', 'E_LACK_TAKING', 'E_STOP_PRODUCTION', 'CLOSE']);
export const ReturnStatus = codes([
  'WAIT_SIGNED',
  'SIGNED',
  'WAIT_FACTORY',
  'FACTORY_REFUSE',
  'GOODS_RETURNED_FACTORY',
  'FACTORY_RETURNED',
  'FACTORY_REFUSE_TODEAL',
  'GOODS_RETURNED_FACTORY_TOCONFIRM',
  'FACTORY_RETURNED_TOCONFIRM',
  'NEGOTIATE_REFUND',
]);
export const ReturnToFactoryStatus = codes(['WAITING_ASSIGNED', 'WAIT_FACTORY', 'FACTORY_REFUSE', 'FACTORY_RETURNED', 'STOP_RETURNED']);
export const AfterSaleStatus = codes(['REFUNDING', 'GOODS_RETURNING', 'COMPLETE', 'CLOSE', 'REFUSE', 'PROBLEM']);
export const CombinedOrderStatus = codes([
  'REFUNDING',
  'GOODS_RETURNING',
  'COMPLETE',
  'CLOSE',
  'REFUSE',
  'PROBLEM',
  'WAITING_TAKING',
  'TAKING',
  'TOOK_PART',
  'TOOK',
  'E_STOP_TAKING',
  'E_LACK_TAKING',
  'E_CHANGE_TAKING',
  'E_NEXT_TAKING',
  'TOOK_EXCHANGE',
  'CANCELED',
  'WAITING_PAYMENT',
  'WAITING_DELIVERING',
  'DELIVERED',
  'FINISHED',
]);
export const ParcelStatus = codes([
  'WAITING_PROCESS',
  'WAITING_PAYMENT',
  'WAITING_RETURN',
  'RETURNED',
  'SEND_BACKED',
  'DISCARD',
  'PROCESSED',
  'WAIT_CLAIM',
  'CLAIMED',
  'MATCHED',
]);
export const AfterSaleType = codes([
  'REFUND',
  'REFUND_UNDELIVERY',
  'REFUND_DELIVERY',
  'RETURN_GOODS_DELIVERY',
  'REFUND_SUCCESS',
  'REFUND_CLOSE',
  'EXCHANGE_GOODS',
  'FAST_REFUND_TIKTOK',
  'ELSE_PRICE_PROTECTION',
  'ELSE_REISSUE',
  'ELSE_MAINTENANCE',
]);
export const PaymentMethod = codes(['ALIPAY_WEB', 'ALIPAY_APP', 'ALIPAY_WAP', 'BALANCE']);
export const TransactionType = codes([
  'ORDER',
  'RECHARGE',
  'TRANSFER',
  'WITHDRAWAL',
  'REPLENISH',
  'REFUND',
  'APPEAL',
  'OTHER',
  'PROXY_RETURN_GOODS',
  'BALANCE_MIGRATE',
  'POST_ORDER',
  'ALI_REFUND',
  'PICKUP',
  'FOR_FACTORY_SHIPMENT',
  'OFFLINE_REFUND',
  'PUR_PLATFORM_TAKE_RETURN',
]);
export const PaymentPurpose = codes(['ORDER', 'FREIGHT', 'UPDATE_PRICE', 'GOODS_PAY_LATER', 'OTHER']);

/** Seller sales channels of SPEC.md section 1 (their codes and names: channel-names.ts). */
export const Channel = codes(CHANNELS);
export type Channel = z.infer<typeof Channel>;

export { CHANNEL_NAMES, CHANNELS } from './channel-names.js';

export { PAYMENT_METHOD_NAMES } from './pay-method-names.js';

/** Our own codes for organisations and users (the spec leaves them out; docs/CONTEXT.md). */
export const OrgType = codes(['seller', 'purchaser', 'operator']);
export type OrgType = z.infer<typeof OrgType>;
export const UserState = codes(['ENABLED', 'DISABLED']);
export const ShopAuthState = codes(['AUTHORIZED', 'EXPIRED', 'PAUSED']);
export const ReplenishStatus = codes(['WAITING_PAYMENT', 'PAID', 'CANCELED']);
