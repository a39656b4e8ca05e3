import type { PickItem } from '@dropship/contract';
import { describe, expect, it } from 'vitest';
import { buildMark, initialForm, moneySummary, takeCodeIn } from './mark-input';

const item: PickItem = {
  id: 7,
  takeCode: '123456789012',
  orderNo: 'DF1',
  artNo: 'A1',
  color: '黑色',
  size: 'M',
  quantity: 3,
  unitCostFen: 4500,
  assignmentStatus: 'TAKING',
  takingStatus: 'TAKING',
  pending: true,
  mark: null,
  assignedUserId: 1,
  arrived: false,
  urgent: false,
};

describe('mark input', () => {
  it('starts from the cost price and a quantity that leaves one piece', () => {
    expect(initialForm(item)).toEqual({ priceYuan: '45.00', tookQuantity: 2, note: '' });
  });

  it('sends the price in fen for taken goods only', () => {
    expect(buildMark(item, 'TOOK', { priceYuan: '50.5', tookQuantity: null, note: '' })).toEqual({
      body: { takeItemIds: [7], result: 'TOOK', priceFen: 5050 },
    });
    expect(buildMark(item, 'E_LACK_TAKING', { priceYuan: '50.5', tookQuantity: null, note: '' })).toEqual({
      body: { takeItemIds: [7], result: 'E_LACK_TAKING' },
    });
    expect(buildMark(item, 'TOOK', { priceYuan: '50.123', tookQuantity: null, note: '' })).toEqual({ error: expect.stringMatching(/两位小数/) });
  });

  it('asks a part-taken quantity between 1 and quantity − 1, and an exchange note', () => {
    expect(buildMark(item, 'TOOK_PART', { priceYuan: '45', tookQuantity: 3, note: '' })).toEqual({ error: '部分拿到的数量应在1到2之间' });
    expect(buildMark(item, 'TOOK_PART', { priceYuan: '45', tookQuantity: 1, note: '' })).toEqual({
      body: { takeItemIds: [7], result: 'TOOK_PART', priceFen: 4500, tookQuantity: 1 },
    });
    expect(buildMark(item, 'E_CHANGE_TAKING', { priceYuan: '', tookQuantity: null, note: ' ' })).toHaveProperty('error');
    expect(buildMark(item, 'E_CHANGE_TAKING', { priceYuan: '', tookQuantity: null, note: '换藏青色' })).toEqual({
      body: { takeItemIds: [7], result: 'E_CHANGE_TAKING', note: '换藏青色' },
    });
  });

  it('summarises the money both ways and finds a code in scanner text', () => {
    expect(moneySummary({ refundFen: 0, replenishFen: 1000, commissionFen: 100 })).toBe('卖家需补款 ¥10.00，佣金 ¥1.00');
    expect(moneySummary({ refundFen: -9900, replenishFen: 0, commissionFen: 0 })).toBe('收回已退货款 ¥99.00');
    expect(takeCodeIn(' 1234 5678 9012\n')).toBe('123456789012');
    expect(takeCodeIn('abc')).toBeNull();
  });
});
