import { describe, expect, it } from 'vitest';
import { fenAmount, RechargeBody, ReplenishListQuery, ReplenishPayBody } from './funds.js';
import { isWeakPayPassword } from './funds-pay-password.js';

describe('funds contract', () => {
  it('a weak pay password is six equal digits or a run up or down', () => {
    for (const p of ['000000', '111111', '123456', '456789', '987654', '543210']) expect([p, isWeakPayPassword(p)]).toEqual([p, true]);
    for (const p of ['258013', '123457', '112233', '135790', '102030']) expect([p, isWeakPayPassword(p)]).toEqual([p, false]);
  });

  it('amounts are JSON integers of fen from 1 to ten million yuan, nothing coerced', () => {
    const amount = fenAmount('金额');
    for (const ok of [1, 100, 1_000_000_000]) expect(amount.safeParse(ok).success).toBe(true);
    for (const bad of [0, -1, 1.5, 1_000_000_001, '100', null, Number.NaN, Number.POSITIVE_INFINITY])
      expect([bad, amount.safeParse(bad).success]).toEqual([bad, false]);
    expect(RechargeBody.parse({ amount: 100 })).toEqual({ amount: 100, payMethod: 'ALIPAY_WEB' });
  });

  it('replenish ids: comma text in a query, a strict array of numbers in a body', () => {
    expect(ReplenishListQuery.parse({ ids: '3,1' })).toEqual({ ids: [3, 1] });
    const body = { payMethod: 'ALIPAY_WEB', requestKey: 'abcdefgh:1' };
    expect(ReplenishPayBody.safeParse({ ...body, ids: [1, 2] }).success).toBe(true);
    expect(ReplenishPayBody.safeParse({ ...body, ids: '1,2' }).success).toBe(false);
    expect(ReplenishPayBody.safeParse({ ...body, ids: ['1'] }).success).toBe(false);
    expect(ReplenishPayBody.safeParse({ ...body, ids: [1, 1] }).success).toBe(false);
    expect(ReplenishPayBody.safeParse({ ...body, ids: [1], payMethod: 'BALANCE' }).success).toBe(false);
    expect(ReplenishPayBody.safeParse({ ...body, ids: [1], payMethod: 'BALANCE', payPassword: '258013' }).success).toBe(true);
  });
});
