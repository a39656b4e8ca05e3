/** The after-sale's pure rules: types, the money owed, which operation each status allows, and the order's code. */
import { describe, expect, it } from 'vitest';
import {
  actionsOf,
  canCancel,
  canFillWaybill,
  canIntercept,
  canPlatformClose,
  orderCodeOf,
  refundFenOf,
  typeOfPlatformRefund,
  typeOfRequest,
} from '../src/modules/after-sale/status-machine.js';
import { combinedStatusOf } from '../src/modules/dropship-orders/status-machine.js';

describe('types', () => {
  it('a seller’s request: refund-only splits on shipping; return and exchange keep their type', () => {
    expect(typeOfRequest('REFUND_ONLY', false)).toBe('REFUND_UNDELIVERY');
    expect(typeOfRequest('REFUND_ONLY', true)).toBe('REFUND_DELIVERY');
    expect(typeOfRequest('RETURN_REFUND', true)).toBe('RETURN_GOODS_DELIVERY');
    expect(typeOfRequest('EXCHANGE', true)).toBe('EXCHANGE_GOODS');
  });

  it('a platform refund: goods coming back first, else by shipping', () => {
    expect(typeOfPlatformRefund(true, false)).toBe('RETURN_GOODS_DELIVERY');
    expect(typeOfPlatformRefund(true, true)).toBe('RETURN_GOODS_DELIVERY');
    expect(typeOfPlatformRefund(false, false)).toBe('REFUND_UNDELIVERY');
    expect(typeOfPlatformRefund(false, true)).toBe('REFUND_DELIVERY');
  });
});

describe('money owed', () => {
  it('is unit cost × quantity to the fen, nothing when the goods stay with the buyer', () => {
    expect(refundFenOf('REFUND_UNDELIVERY', 3851, 3)).toBe(11553);
    expect(refundFenOf('RETURN_GOODS_DELIVERY', 1, 999)).toBe(999);
    expect(refundFenOf('EXCHANGE_GOODS', 4500, 2)).toBe(9000);
    expect(refundFenOf('REFUND_DELIVERY', 4500, 2)).toBe(0);
  });
});

describe('allowed operations', () => {
  const seller = (status: 'REFUNDING' | 'GOODS_RETURNING' | 'COMPLETE' | 'CLOSE', returnStatus: 'WAIT_SIGNED' | 'SIGNED' | null = null) => ({
    status,
    returnStatus,
    source: 'SELLER' as const,
  });
  const platform = (status: 'REFUNDING' | 'GOODS_RETURNING' | 'COMPLETE', returnStatus: 'WAIT_SIGNED' | null = null) => ({
    status,
    returnStatus,
    source: 'PLATFORM' as const,
  });

  it('cancel: the seller’s own, refunding or returning before the warehouse signs', () => {
    expect(canCancel(seller('REFUNDING'))).toBe(true);
    expect(canCancel(seller('GOODS_RETURNING', 'WAIT_SIGNED'))).toBe(true);
    expect(canCancel(seller('GOODS_RETURNING', 'SIGNED'))).toBe(false);
    expect(canCancel(seller('COMPLETE'))).toBe(false);
    expect(canCancel(seller('CLOSE'))).toBe(false);
    expect(canCancel(platform('REFUNDING'))).toBe(false);
  });

  it('waybill: returning and not signed; intercept: an open platform refund before shipping', () => {
    expect(canFillWaybill(seller('GOODS_RETURNING', 'WAIT_SIGNED'))).toBe(true);
    expect(canFillWaybill(seller('GOODS_RETURNING', 'SIGNED'))).toBe(false);
    expect(canFillWaybill(seller('REFUNDING'))).toBe(false);
    expect(canIntercept(platform('REFUNDING'), 'WAITING_DELIVERING')).toBe(true);
    expect(canIntercept(platform('REFUNDING'), 'DELIVERED')).toBe(false);
    expect(canIntercept(platform('COMPLETE'), 'WAITING_DELIVERING')).toBe(false);
    expect(canIntercept(seller('REFUNDING'), 'WAITING_DELIVERING')).toBe(false);
    expect(canPlatformClose(platform('REFUNDING'))).toBe(true);
    expect(canPlatformClose(platform('GOODS_RETURNING', 'WAIT_SIGNED'))).toBe(true);
    expect(canPlatformClose(platform('COMPLETE'))).toBe(false);
  });

  it('offers the page only what the status allows', () => {
    expect(actionsOf(seller('GOODS_RETURNING', 'WAIT_SIGNED'), 'DELIVERED')).toEqual(['CANCEL', 'FILL_WAYBILL']);
    expect(actionsOf(platform('REFUNDING'), 'WAITING_DELIVERING')).toEqual(['INTERCEPT']);
    expect(actionsOf(platform('REFUNDING'), 'DELIVERED')).toEqual([]);
    expect(actionsOf(seller('COMPLETE'), 'DELIVERED')).toEqual([]);
  });
});

describe('the order’s code', () => {
  it('shows the most pressing open after-sale, none when all are done', () => {
    expect(orderCodeOf([])).toBeNull();
    expect(orderCodeOf(['GOODS_RETURNING', 'REFUNDING'])).toBe('REFUNDING');
    expect(orderCodeOf(['GOODS_RETURNING', 'PROBLEM'])).toBe('PROBLEM');
    expect(orderCodeOf(['GOODS_RETURNING'])).toBe('GOODS_RETURNING');
  });

  it('shows 已换货 once an exchange of it was replaced, below any open after-sale', () => {
    expect(orderCodeOf([], true)).toBe('TOOK_EXCHANGE');
    expect(orderCodeOf(['REFUNDING'], true)).toBe('REFUNDING');
  });

  it('offers 换货补发 only on an exchange the stall took back, not yet replaced', () => {
    const exchange = { status: 'COMPLETE' as const, returnStatus: 'FACTORY_RETURNED' as const, source: 'SELLER' as const, type: 'EXCHANGE_GOODS' as const };
    expect(actionsOf({ ...exchange, replacementOrderId: null }, 'DELIVERED')).toEqual(['EXCHANGE_RESHIP']);
    expect(actionsOf({ ...exchange, replacementOrderId: 7 }, 'DELIVERED')).toEqual([]);
    expect(actionsOf({ ...exchange, type: 'RETURN_GOODS_DELIVERY', replacementOrderId: null }, 'DELIVERED')).toEqual([]);
    expect(actionsOf({ ...exchange, status: 'GOODS_RETURNING', returnStatus: 'WAIT_FACTORY', replacementOrderId: null }, 'DELIVERED')).toEqual([]);
  });

  it('comes before the order’s own progress, except on a cancelled order', () => {
    expect(combinedStatusOf('DELIVERED', [], 'GOODS_RETURNING')).toBe('GOODS_RETURNING');
    expect(combinedStatusOf('WAITING_DELIVERING', ['TOOK'], 'REFUNDING')).toBe('REFUNDING');
    expect(combinedStatusOf('CANCELED', [], 'REFUNDING')).toBe('CANCELED');
    expect(combinedStatusOf('WAITING_DELIVERING', ['TOOK'], null)).toBe('TOOK');
  });
});
