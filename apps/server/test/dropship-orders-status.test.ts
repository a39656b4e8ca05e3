/** The pure parts: the combined status the tabs show, which moves the state machine allows, and the pick-up codes. */
import { describe, expect, it } from 'vitest';
import { canCancel, canPay, canUpdateReceiver, combinedStatusOf } from '../src/modules/dropship-orders/status-machine.js';
import { isValidTakeCode, luhnDigit, takeCodeOf } from '../src/modules/take-assignment/take-codes.js';

describe('combined status', () => {
  it('is the order’s own status outside WAITING_DELIVERING', () => {
    for (const s of ['WAITING_PAYMENT', 'DELIVERED', 'FINISHED', 'CANCELED'] as const) expect(combinedStatusOf(s, ['TOOK'])).toBe(s);
  });

  it('refines WAITING_DELIVERING by the lines: stopped, exceptions, taken, partly, on the way, waiting', () => {
    const c = (lines: string[]) => combinedStatusOf('WAITING_DELIVERING', lines);
    expect(c(['E_STOP_TAKING', 'E_STOP_TAKING'])).toBe('E_STOP_TAKING');
    expect(c(['TOOK', 'E_LACK_TAKING', 'E_NEXT_TAKING'])).toBe('E_LACK_TAKING');
    expect(c(['WAITING_TAKING', 'E_CHANGE_TAKING', 'E_NEXT_TAKING'])).toBe('E_CHANGE_TAKING');
    expect(c(['WAITING_TAKING', 'E_NEXT_TAKING'])).toBe('E_NEXT_TAKING');
    expect(c(['TOOK', 'E_STOP_TAKING'])).toBe('TOOK');
    expect(c(['TOOK', 'WAITING_TAKING'])).toBe('TOOK_PART');
    expect(c(['TOOK_PART'])).toBe('TOOK_PART');
    expect(c(['TAKING', 'WAITING_TAKING'])).toBe('TAKING');
    expect(c(['WAITING_TAKING', 'E_STOP_TAKING'])).toBe('WAITING_TAKING');
  });
});

describe('allowed moves', () => {
  it('pays only what waits for payment', () => {
    expect(['WAITING_PAYMENT', 'WAITING_DELIVERING', 'CANCELED'].map(canPay)).toEqual([true, false, false]);
  });

  it('cancels and re-addresses before payment, or after it while nobody has gone for the goods', () => {
    expect(canCancel('WAITING_PAYMENT', [null])).toBe(true);
    expect(canCancel('WAITING_DELIVERING', ['WAITING_TAKING', 'E_STOP_TAKING', 'E_NEXT_TAKING', 'E_LACK_TAKING'])).toBe(true);
    expect(canCancel('WAITING_DELIVERING', ['WAITING_TAKING', 'TAKING'])).toBe(false);
    expect(canCancel('WAITING_DELIVERING', ['TOOK'])).toBe(false);
    for (const s of ['DELIVERED', 'FINISHED', 'CANCELED']) expect(canCancel(s, ['WAITING_TAKING'])).toBe(false);
    expect(canUpdateReceiver('WAITING_DELIVERING', ['TOOK_PART'], 'ZTO')).toBe(false);
    expect(canUpdateReceiver('WAITING_DELIVERING', ['WAITING_TAKING'], 'ZTO')).toBe(true);
    // A self-pickup order has no address to change.
    expect(canUpdateReceiver('WAITING_PAYMENT', [null], 'SELF_PICKUP')).toBe(false);
  });
});

describe('pick-up codes', () => {
  it('are twelve digits with a Luhn check digit, distinct for distinct sequence values', () => {
    const codes = Array.from({ length: 10_000 }, (_, i) => takeCodeOf(i + 1));
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes.slice(0, 100)) {
      expect(c).toMatch(/^\d{12}$/);
      expect(isValidTakeCode(c)).toBe(true);
    }
    // Neighbouring orders do not get neighbouring codes.
    expect(Math.abs(Number(codes[1]) - Number(codes[0]))).toBeGreaterThan(1_000_000);
  });

  it('catches a mistyped digit', () => {
    expect(luhnDigit('7992739871')).toBe(3);
    const code = takeCodeOf(42);
    const wrong = `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}${code.slice(6)}`;
    expect(isValidTakeCode(wrong)).toBe(false);
  });
});
