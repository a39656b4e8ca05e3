/**
 * What every statistics page shares: the filter bar (day range, period, split, a page's own filters,
 * Excel export — all in the address through lib/list-page), the period's days for a row's drill-down, and the number
 * formats of the tables.
 */
import { fenToYuan, STATISTICS_PERIOD_NAMES, type StatisticsPeriod } from '@dropship/contract';
import { Segmented, Select } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { ExportButton, ListFilterBar } from '../../lib/list-page';
import { DayRangeFilter } from '../funds/transfer-record/DayRangeFilter';

export const PERIODS = Object.keys(STATISTICS_PERIOD_NAMES) as StatisticsPeriod[];
export const money = (f: number) => `¥${fenToYuan(f)}`;
export const percent = (v: number) => `${(v * 100).toFixed(1)}%`;

/** The first and last day of a period label (a day, a week by its Monday, a month), clipped to the range. */
export function periodDays(period: StatisticsPeriod, label: string, from: string, to: string): [string, string] {
  const start = period === 'MONTH' ? `${label}-01` : label;
  const end = period === 'DAY' ? label : period === 'WEEK' ? dayjs(label).add(6, 'day').format('YYYY-MM-DD') : dayjs(start).endOf('month').format('YYYY-MM-DD');
  return [start < from ? from : start, end > to ? to : end];
}

/** The period column's title. */
export const periodTitle = (period: StatisticsPeriod) => (period === 'DAY' ? '日期' : period === 'WEEK' ? '周（自周一起）' : '月份');

type Values<S extends string> = { dateFrom: string; dateTo: string; period: StatisticsPeriod; split: S };

export function StatisticsFilters<S extends string>({
  values: v,
  onChange,
  splitNames,
  onExport,
  children,
}: {
  values: Values<S>;
  onChange: (patch: { [K in keyof Values<S>]?: Values<S>[K] | undefined }) => void;
  /** The splits this caller may choose. */
  splitNames: Partial<Record<S, string>>;
  onExport: () => Promise<unknown>;
  /** A page's own filters (the shop picker), before the export. */
  children?: ReactNode;
}) {
  return (
    <ListFilterBar fields={[]} values={v} onChange={onChange}>
      <DayRangeFilter allowClear={false} from={v.dateFrom} to={v.dateTo} onChange={(dateFrom, dateTo) => onChange({ dateFrom, dateTo })} />
      <Segmented
        aria-label="统计周期"
        value={v.period}
        onChange={(period) => onChange({ period })}
        options={PERIODS.map((p) => ({ value: p, label: STATISTICS_PERIOD_NAMES[p] }))}
      />
      <Select
        aria-label="分组维度"
        style={{ width: 170 }}
        value={v.split}
        onChange={(split) => onChange({ split })}
        options={(Object.keys(splitNames) as S[]).map((s) => ({ value: s, label: splitNames[s] }))}
      />
      {children}
      <ExportButton run={onExport} />
    </ListFilterBar>
  );
}
