/** The return statuses' pure rules: who may move what, where the purchaser's confirmation leads, the rounding of partial returns. */
import { describe, expect, it } from 'vitest';
import { canDecide, canInspect, canSignIn, confirmTarget, DECISION_TARGET, owedForReceived } from '../src/modules/after-sale/return-machine.js';

describe('return machine', () => {
  it('signs in, inspects and decides only from their own return status while returning', () => {
    expect(canSignIn({ status: 'GOODS_RETURNING', returnStatus: 'WAIT_SIGNED' })).toBe(true);
    expect(canSignIn({ status: 'REFUNDING', returnStatus: 'WAIT_SIGNED' })).toBe(false);
    expect(canInspect({ status: 'GOODS_RETURNING', returnStatus: 'SIGNED' })).toBe(true);
    expect(canInspect({ status: 'PROBLEM', returnStatus: 'SIGNED' })).toBe(false);
    expect(canDecide({ status: 'GOODS_RETURNING', returnStatus: 'FACTORY_REFUSE_TODEAL' })).toBe(true);
    expect(canDecide({ status: 'GOODS_RETURNING', returnStatus: 'NEGOTIATE_REFUND' })).toBe(false);
  });

  it('the seller’s decisions and the purchaser’s confirmations lead through every TOCONFIRM state', () => {
    expect(DECISION_TARGET).toEqual({
      ACCEPT_REFUSE: 'FACTORY_REFUSE',
      NEGOTIATE_REFUND: 'NEGOTIATE_REFUND',
      RETURN_FACTORY_AGAIN: 'GOODS_RETURNED_FACTORY_TOCONFIRM',
    });
    const at = (returnStatus: Parameters<typeof confirmTarget>[0]['returnStatus']) => confirmTarget({ status: 'GOODS_RETURNING', returnStatus });
    expect(at('NEGOTIATE_REFUND')).toBe('FACTORY_RETURNED_TOCONFIRM');
    expect(at('FACTORY_RETURNED_TOCONFIRM')).toBe('FACTORY_RETURNED');
    expect(at('GOODS_RETURNED_FACTORY_TOCONFIRM')).toBe('WAIT_FACTORY');
    expect(at('WAIT_FACTORY')).toBeNull();
    expect(confirmTarget({ status: 'COMPLETE', returnStatus: 'FACTORY_RETURNED_TOCONFIRM' })).toBeNull();
  });

  it('a partial return owes its share of the fen, rounded down', () => {
    expect(owedForReceived(6000, 2, 2)).toBe(6000);
    expect(owedForReceived(1000, 3, 1)).toBe(333);
    expect(owedForReceived(1000, 3, 2)).toBe(666);
    expect(owedForReceived(1000, 3, 0)).toBe(0);
  });
});
