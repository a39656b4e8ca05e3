import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { beijingDay, beijingDayEnd, beijingDayStart, beijingTime, dayField, daysInOrder, isCalendarDay, isRealDay, optionalDay } from './dates.js';

describe('day filters', () => {
  it('takes a real day and refuses a rolled-over one or another format, naming the field', () => {
    const day = dayField('开始日期');
    expect(day.safeParse('2024-02-29').success).toBe(true);
    expect(day.safeParse('2024-02-30').error?.issues[0]?.message).toBe('开始日期不是有效日期');
    expect(day.safeParse('2024/02/01').error?.issues[0]?.message).toBe('开始日期格式应为 YYYY-MM-DD');
    expect(day.safeParse(undefined).error?.issues[0]?.message).toBe('请选择开始日期');
    expect(day.safeParse(20240201).error?.issues[0]?.message).toBe('开始日期必须是日期文字');
    expect(isRealDay('2023-02-29')).toBe(false);
    expect(isRealDay('2000-02-29')).toBe(true);
    expect(isRealDay('1900-02-29')).toBe(false);
    expect(isRealDay('2024-04-31')).toBe(false);
    // A year before 100 stays refused, as when a Date (reading it as 19xx) checked.
    expect(isRealDay('0024-02-29')).toBe(false);
  });

  it('knows the calendar without a Date', () => {
    expect(isCalendarDay(2024, 2, 29)).toBe(true);
    expect(isCalendarDay(2023, 2, 29)).toBe(false);
    expect(isCalendarDay(2024, 12, 31)).toBe(true);
    for (const [y, m, d] of [
      [2024, 13, 1],
      [2024, 0, 10],
      [2024, 6, 0],
      [2024, 6, 31],
      [2024.5, 6, 1],
      [Number.NaN, 6, 1],
      [24, 6, 1],
    ] as const)
      expect(isCalendarDay(y, m, d), `${y}-${m}-${d}`).toBe(false);
  });

  it('reads an empty filter as not set', () => {
    const day = optionalDay('开始日期');
    for (const empty of ['', '  ', null, undefined]) expect(day.parse(empty)).toBeUndefined();
    expect(day.parse('2026-11-20')).toBe('2026-11-20');
  });

  it('refuses a range whose start comes after its end, on the start field', () => {
    const range = z.object({ from: optionalDay('开始日期'), to: optionalDay('结束日期') }).refine(...daysInOrder('from', 'to', '开始日期不能晚于结束日期'));
    expect(range.safeParse({ from: '2026-11-20', to: '2026-11-20' }).success).toBe(true);
    expect(range.safeParse({ from: '2026-11-21' }).success).toBe(true);
    const issue = range.safeParse({ from: '2026-11-21', to: '2026-11-20' }).error?.issues[0];
    expect(issue?.message).toBe('开始日期不能晚于结束日期');
    expect(issue?.path).toEqual(['from']);
  });
});

describe('Beijing days and times', () => {
  it('bounds a day from 00:00 Beijing to the next 00:00', () => {
    expect(beijingDayStart('2026-11-20').toISOString()).toBe('2026-11-19T16:00:00.000Z');
    expect(beijingDayEnd('2026-11-20').toISOString()).toBe('2026-11-20T16:00:00.000Z');
    expect(beijingDayEnd('2026-12-31').toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });

  it('names the Beijing day and wall time of an instant', () => {
    expect(beijingDay(new Date('2026-11-19T15:59:59Z'))).toBe('2026-11-19');
    expect(beijingDay(new Date('2026-11-19T16:00:00Z'))).toBe('2026-11-20');
    expect(beijingTime('2026-11-20T02:01:00Z')).toBe('2026-11-20 10:01:00');
    expect(beijingTime(null)).toBe('');
    expect(beijingTime('not a time')).toBe('');
  });
});
