import { describe, expect, it } from 'vitest';
import { callbackTarget, PAY_CALLBACKS, safeJumpTarget } from './redirects';

const origin = 'http://www.daifa.test:8080';

describe('address-driven redirects', () => {
  it('maps payCallback values to their pages', () => {
    expect(PAY_CALLBACKS).toEqual({
      recharge: '/funds/balance',
      daifaorder: '/order/daifaOrderList',
      bukuan: '/funds/transferRecord',
      problem: '/afterSale/problemList',
      member: '/member/pay',
    });
  });

  it('appends the order parameters to callback_url only when order_type is present', () => {
    const p = new URLSearchParams({ callback_url: '/order/placeOrder?x=1', order_type: 'A', color: '红色', size: 'M', num: '2', requestKey: 'k' });
    expect(callbackTarget(p, origin)).toBe(`/order/placeOrder?x=1&order_type=A&color=${encodeURIComponent('红色')}&size=M&num=2&requestKey=k`);
    expect(callbackTarget(new URLSearchParams({ callback_url: '/order/placeOrder', color: 'red' }), origin)).toBe('/order/placeOrder');
  });

  it('refuses targets on another origin', () => {
    expect(callbackTarget(new URLSearchParams({ callback_url: 'https://evil.example/x' }), origin)).toBeNull();
    expect(safeJumpTarget('https://evil.example/x', origin)).toBeNull();
    expect(safeJumpTarget('//evil.example/x', origin)).toBeNull();
    expect(safeJumpTarget(`${origin}/funds/balance?a=1`, origin)).toBe('/funds/balance?a=1');
    expect(safeJumpTarget('/login?jump=x', origin)).toBeNull();
  });
});
