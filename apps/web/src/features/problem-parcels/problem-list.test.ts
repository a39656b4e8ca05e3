import { describe, expect, it } from 'vitest';
import { countdown, isUndecided, sendBackPath } from './problem-list';

describe('problem list helpers', () => {
  it('counts down to the deadline and marks the last day urgent', () => {
    const now = Date.parse('2026-03-01T00:00:00Z');
    expect(countdown('2026-03-03T03:00:00Z', now)).toEqual({ text: '剩余2天3小时', urgent: false });
    expect(countdown('2026-03-01T05:30:00Z', now)).toEqual({ text: '剩余5小时', urgent: true });
    expect(countdown('2026-02-28T23:00:00Z', now)).toEqual({ text: '已逾期', urgent: true });
  });

  it('lets a waiting problem parcel and a claimed headless parcel be decided, nothing else', () => {
    expect(isUndecided({ kind: 'PROBLEM', status: 'WAITING_PROCESS' })).toBe(true);
    expect(isUndecided({ kind: 'HEADLESS', status: 'CLAIMED' })).toBe(true);
    expect(isUndecided({ kind: 'PROBLEM', status: 'WAITING_PAYMENT' })).toBe(false);
    expect(sendBackPath([1, 2])).toBe('/afterSale/problemSendBack?ids=1,2');
    expect(sendBackPath([3], 'HEADLESS')).toBe('/afterSale/headlessSendBack?ids=3');
  });
});
