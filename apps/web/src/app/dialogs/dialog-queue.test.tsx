import { describe, expect, it } from 'vitest';
import { nextTurn } from './dialog-queue';
import { predatesMenuChange } from './Guides';

describe('the dialog queue', () => {
  it('gives the turn to the first dialog that applies, in order', () => {
    expect(nextTurn({ shopAuth: 'wants', guides: 'wants', pagePopup: 'wants' }, null)).toBe('shopAuth');
    expect(nextTurn({ shopAuth: 'idle', guides: 'wants', pagePopup: 'wants' }, null)).toBe('guides');
    expect(nextTurn({ pagePopup: 'wants' }, null)).toBe('pagePopup');
    expect(nextTurn({}, null)).toBeNull();
  });

  it('holds back later dialogs while an earlier one is still finding out whether it applies', () => {
    expect(nextTurn({ shopAuth: 'pending', guides: 'wants', pagePopup: 'wants' }, null)).toBeNull();
    expect(nextTurn({ shopAuth: 'idle', guides: 'pending', pagePopup: 'wants' }, null)).toBeNull();
  });

  it('lets the dialog shown keep its turn until it closes, then passes it on', () => {
    expect(nextTurn({ shopAuth: 'wants', pagePopup: 'wants' }, 'pagePopup')).toBe('pagePopup');
    expect(nextTurn({ shopAuth: 'wants', pagePopup: 'idle' }, 'pagePopup')).toBe('shopAuth');
  });
});

describe('the menu-change tours', () => {
  it('apply only to accounts created before the change (2025-01-09 at +8)', () => {
    expect(predatesMenuChange('2024-06-01T00:00:00.000Z')).toBe(true);
    expect(predatesMenuChange('2025-01-08T15:59:59.000Z')).toBe(true);
    expect(predatesMenuChange('2025-01-08T16:00:00.000Z')).toBe(false);
    expect(predatesMenuChange('2026-11-26T08:00:00.000Z')).toBe(false);
    expect(predatesMenuChange(undefined)).toBe(true);
  });
});
