import { describe, expect, it } from 'vitest';
import { parseChinaTime } from './values.js';

const iso = (v: Parameters<typeof parseChinaTime>[0]) => parseChinaTime(v)?.toISOString() ?? parseChinaTime(v);

describe('parseChinaTime', () => {
  it('reads Beijing wall-clock times as exports write them', () => {
    expect(iso('2024-06-01 10:00:00')).toBe('2024-06-01T02:00:00.000Z');
    expect(iso('2024-06-01 03:15:00')).toBe('2024-05-31T19:15:00.000Z');
    expect(iso('2024/6/1 10:00')).toBe('2024-06-01T02:00:00.000Z');
    expect(iso('2024年6月1日 10时5分30秒')).toBe('2024-06-01T02:05:30.000Z');
    expect(iso('2024-02-29 23:59:59')).toBe('2024-02-29T15:59:59.000Z');
    expect(iso('2000-02-29 00:00:00')).toBe('2000-02-28T16:00:00.000Z');
    // An Excel date serial: 45444.5 is 2024-06-01 12:00 on the wall clock.
    expect(iso(45444.5)).toBe('2024-06-01T04:00:00.000Z');
    expect(parseChinaTime('')).toBeUndefined();
  });

  it('refuses days and times of day that do not exist instead of rolling them over', () => {
    for (const bad of [
      '2023-02-29 10:00:00',
      '1900-02-29 10:00:00',
      '2024-04-31 10:00:00',
      '2024-13-01 10:00:00',
      '2024-00-10 10:00:00',
      '2024-06-00 10:00:00',
      '2024-06-01 24:00:00',
      '2024-06-01 10:60:00',
      '2024-06-01 10:00:60',
      '2024/2/30 8:00',
      // A year before 100: Date.UTC would read it as 19xx.
      '0024-06-01 10:00:00',
      '0099/6/1 10:00',
      '昨天下午',
    ]) {
      expect(parseChinaTime(bad), bad).toBeNull();
    }
  });
});
