import { describe, expect, it } from 'vitest';
import { requestKey } from './request-key.js';

describe('requestKey', () => {
  it('is 36 lowercase alphanumerics, a colon and the timestamp', () => {
    expect(requestKey(1_760_000_000_123)).toMatch(/^[a-z0-9]{36}:1760000000123$/);
  });
  it('uses the current time by default and differs between calls', () => {
    const before = Date.now();
    const [rand, ts] = requestKey().split(':');
    expect(Number(ts)).toBeGreaterThanOrEqual(before);
    expect(rand).not.toBe(requestKey().split(':')[0]);
  });
  it('draws from the whole alphabet', () => {
    const seen = new Set(Array.from({ length: 200 }, () => requestKey(0).slice(0, 36)).join(''));
    expect(seen.size).toBe(36);
  });
});
