/**
 * The headless-parcel matching rules (matcher.ts, pure, no database): the exact normalised waybill
 * is sure; a near waybill, the phone tail and the goods (货号 / SKU / colour / size, tolerant of case
 * and one typo) add up to a likely match; look-alike goods alone stay below it; two sellers sure at
 * once make only proposals; one proposal per seller, at most three; the pool's waybill mask.
 */
import { describe, expect, it } from 'vitest';
import { type Candidate, editDistance, LIKELY, MAX_PROPOSALS, maskWaybill, matchParcel, SURE, scoreCandidate } from '../src/modules/headless-parcel/matcher.js';

const item = { title: '连衣裙', sku: 'SKU-778812', itemNo: 'K2031', color: '黑色', size: 'M' };
const cand = (over: Partial<Candidate> = {}): Candidate => ({
  sellerOrgId: 1,
  orderId: 10,
  afterSaleId: null,
  waybills: ['YT7412345678901'],
  phoneTail: '5678',
  items: [item],
  ...over,
});

describe('scoring', () => {
  it('makes the exact waybill sure after normalising case and spaces', () => {
    expect(scoreCandidate({ waybill: ' yt74 1234 5678 901', phoneTail: null, goods: [] }, cand())).toBe(SURE);
  });

  it('adds a near waybill, the phone tail and the goods up to likely, never to sure', () => {
    const near = { waybill: 'YT7412345678991', phoneTail: null, goods: [{ itemNo: 'k-2031', color: '黑色' }] };
    expect(scoreCandidate(near, cand())).toBeGreaterThanOrEqual(LIKELY);
    expect(scoreCandidate(near, cand())).toBeLessThan(SURE);
    const phoneAndGoods = { waybill: 'ZT000', phoneTail: '5678', goods: [{ itemNo: 'K2013' /* swapped digits: one typo */, color: '黑色' }] };
    expect(scoreCandidate(phoneAndGoods, cand())).toBeGreaterThanOrEqual(LIKELY);
    expect(scoreCandidate({ waybill: 'ZT000', phoneTail: '5678', goods: [] }, cand())).toBeLessThan(LIKELY);
  });

  it('keeps look-alike goods alone below likely', () => {
    expect(scoreCandidate({ waybill: 'ZT000', phoneTail: null, goods: [{ itemNo: 'K2031', color: '黑色', size: 'M', title: '连衣裙' }] }, cand())).toBeLessThan(
      LIKELY,
    );
  });

  it('counts edit distance with an early stop', () => {
    expect(editDistance('K2031', 'K2031')).toBe(0);
    expect(editDistance('K2031', 'K2O31')).toBe(1);
    expect(editDistance('K2031', 'K20')).toBe(2);
    expect(editDistance('ABCDEFG', 'GFEDCBA', 1)).toBe(2);
  });
});

describe('matching a parcel', () => {
  it('joins the one sure candidate, preferring the after-sale over its own order', () => {
    const order = cand();
    const afterSale = cand({ afterSaleId: 99, waybills: ['SF1', 'YT7412345678901'] });
    const m = matchParcel({ waybill: 'YT7412345678901', phoneTail: null, goods: [] }, [order, afterSale]);
    expect(m.sure?.candidate.afterSaleId).toBe(99);
    expect(m.likely).toEqual([]);
  });

  it('makes two sellers sure at once only proposals, one per seller, best first, at most three', () => {
    const sure = matchParcel({ waybill: 'YT7412345678901', phoneTail: null, goods: [] }, [cand(), cand({ sellerOrgId: 2, orderId: 20 })]);
    expect(sure.sure).toBeNull();
    expect(sure.likely.map((s) => s.candidate.sellerOrgId).sort()).toEqual([1, 2]);
    const many = [1, 2, 3, 4, 5].flatMap((seller) => [
      cand({ sellerOrgId: seller, orderId: seller * 10, waybills: [] }),
      cand({ sellerOrgId: seller, orderId: seller * 10 + 1, waybills: [] }),
    ]);
    const likely = matchParcel({ waybill: 'ZT0', phoneTail: '5678', goods: [{ itemNo: 'K2031', color: '黑色' }] }, many).likely;
    expect(likely).toHaveLength(MAX_PROPOSALS);
    expect(new Set(likely.map((s) => s.candidate.sellerOrgId)).size).toBe(MAX_PROPOSALS);
  });

  it('proposes nothing when nothing is likely', () => {
    expect(matchParcel({ waybill: 'ZT0', phoneTail: null, goods: [] }, [cand()])).toEqual({ sure: null, likely: [] });
  });
});

it('masks the waybill to its first and last four characters', () => {
  expect(maskWaybill('YT7412345678901')).toBe('YT74******8901');
  expect(maskWaybill('SF1234')).toBe('SF**34');
  expect(maskWaybill('123')).toBe('***');
});
