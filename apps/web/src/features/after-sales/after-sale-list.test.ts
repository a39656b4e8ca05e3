import { describe, expect, it } from 'vitest';
import { allowedActions } from './after-sale-list';

describe('allowedActions', () => {
  it('the seller withdraws their own refund; the platform refund is intercepted instead', () => {
    expect(allowedActions({ status: 'REFUNDING', source: 'SELLER', returnStatus: null })).toEqual(['CANCEL']);
    expect(allowedActions({ status: 'REFUNDING', source: 'PLATFORM', returnStatus: null })).toEqual(['INTERCEPT']);
  });

  it('a return waiting for its parcel can be withdrawn (seller) and given its waybill', () => {
    expect(allowedActions({ status: 'GOODS_RETURNING', source: 'SELLER', returnStatus: 'WAIT_SIGNED' })).toEqual(['CANCEL', 'FILL_WAYBILL']);
    expect(allowedActions({ status: 'GOODS_RETURNING', source: 'PLATFORM', returnStatus: 'WAIT_SIGNED' })).toEqual(['FILL_WAYBILL']);
  });

  it('nothing once the parcel is signed in or the after-sale has ended', () => {
    expect(allowedActions({ status: 'GOODS_RETURNING', source: 'SELLER', returnStatus: 'SIGNED' })).toEqual([]);
    for (const status of ['COMPLETE', 'CLOSE', 'REFUSE', 'PROBLEM'] as const) {
      expect(allowedActions({ status, source: 'SELLER', returnStatus: null })).toEqual([]);
      expect(allowedActions({ status, source: 'PLATFORM', returnStatus: null })).toEqual([]);
    }
  });
});

describe('allowedActions after a stall’s refusal', () => {
  it('the seller decides: accept, negotiate or send back to the stall', () => {
    expect(allowedActions({ status: 'GOODS_RETURNING', source: 'SELLER', returnStatus: 'FACTORY_REFUSE_TODEAL' })).toEqual([
      'ACCEPT_REFUSE',
      'NEGOTIATE_REFUND',
      'RETURN_FACTORY_AGAIN',
    ]);
    expect(allowedActions({ status: 'GOODS_RETURNING', source: 'SELLER', returnStatus: 'NEGOTIATE_REFUND' })).toEqual([]);
  });
});
