import dayjs from 'dayjs';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, recentRange } from './date.js';

const originalTz = process.env.TZ;
afterAll(() => {
  process.env.TZ = originalTz;
});

// Node reads TZ again whenever it changes, so every case runs as if on computers around the world.
const ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Shanghai', 'Pacific/Kiritimati'];

describe.each(ZONES)('on a computer in %s', (zone) => {
  it('really runs in that zone', () => {
    process.env.TZ = zone;
    const offsetMinutes = { UTC: 0, 'America/Los_Angeles': 480, 'Asia/Shanghai': -480, 'Pacific/Kiritimati': -840 }[zone];
    expect(new Date('2025-01-09T00:00:00Z').getTimezoneOffset()).toBe(offsetMinutes);
  });

  it('formats an instant at UTC+8', () => {
    process.env.TZ = zone;
    expect(formatDateTime('2025-01-09T17:30:05Z')).toBe('2025-01-10 01:30:05');
    expect(formatDateTime(Date.parse('2025-01-09T15:59:59Z'))).toBe('2025-01-09 23:59:59');
    expect(formatDateTime(new Date('2025-06-01T00:00:00+08:00'), 'MM/DD HH:mm')).toBe('06/01 00:00');
    expect(formatDate('2025-01-09T16:00:00.000Z')).toBe('2025-01-10');
  });

  it('reads zone-less text as Beijing wall time', () => {
    process.env.TZ = zone;
    expect(formatDateTime('2025-01-09 10:00:00')).toBe('2025-01-09 10:00:00');
    expect(formatDate('2025-01-09')).toBe('2025-01-09');
  });

  it('recentRange gives +8 calendar-day boundaries ending today', () => {
    process.env.TZ = zone;
    const now = Date.parse('2025-01-09T17:30:00Z'); // 2025-01-10 01:30 in Beijing
    const [start, end] = recentRange(7, now);
    expect(start.toISOString()).toBe('2025-01-03T16:00:00.000Z');
    expect(end.toISOString()).toBe('2025-01-10T15:59:59.999Z');
    expect(start.format('YYYY-MM-DD HH:mm:ss')).toBe('2025-01-04 00:00:00');
    const [todayStart, todayEnd] = recentRange(1, now);
    expect([todayStart.format(), todayEnd.format('HH:mm:ss.SSS')]).toEqual(['2025-01-10T00:00:00+08:00', '23:59:59.999']);
  });
});

describe('formatDateTime edge cases', () => {
  it('renders nothing for empty or invalid input', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
  it('accepts a dayjs and defaults recentRange to now', () => {
    expect(formatDateTime(dayjs('2025-01-09T00:00:00Z'))).toBe('2025-01-09 08:00:00');
    const [, end] = recentRange(3);
    expect(end.valueOf()).toBeGreaterThan(Date.now());
  });
});
