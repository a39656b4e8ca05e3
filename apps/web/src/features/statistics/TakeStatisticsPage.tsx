/**
 * 拿货统计 and 缺货统计 (/statistics/orderTakeStatistics, /statistics/outStock): the take figures of
 * the caller's items (a seller's, a purchaser's, a picker's own) over a Beijing day range, by day /
 * week / month and split by one dimension, with totals, Excel export and a drill-down from each row
 * to the listed items (the purchaser's assignment page, the seller's order list) of that period,
 * and a chart of the same numbers (TakeChart, ECharts loaded on demand).
 * Filters live in the URL (lib/list-page).
 */
import {
  fenToYuan,
  STATISTICS_PERIOD_NAMES,
  STATISTICS_SPLIT_NAMES,
  type StatisticsPeriod,
  type StatisticsSplit,
  type TakeStatisticsRow,
} from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Segmented, Select, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useShell } from '../../app/shell-context';
import { ExportButton, ListFilterBar, oneOf, useListPage } from '../../lib/list-page';
import { withColumnMinWidth } from '../../lib/table-defaults';
import { rangeFilters } from '../funds/settlement/settlement-range';
import { DayRangeFilter } from '../funds/transfer-record/DayRangeFilter';
import { STATISTICS_TITLES, type StatisticsKind, statisticsApi, statisticsKeys } from './api';
import { TakeChart } from './TakeChart';

const PERIODS = Object.keys(STATISTICS_PERIOD_NAMES) as StatisticsPeriod[];
const SPLITS = Object.keys(STATISTICS_SPLIT_NAMES) as StatisticsSplit[];
const money = (f: number) => `¥${fenToYuan(f)}`;
const percent = (v: number) => `${(v * 100).toFixed(1)}%`;
const minutes = (s: number | null) => (s === null ? '—' : `${Math.round(s / 60)} 分钟`);

/** The first and last day of a period label (a day, a week by its Monday, a month), clipped to the range. */
function periodDays(period: StatisticsPeriod, label: string, from: string, to: string): [string, string] {
  const start = period === 'MONTH' ? `${label}-01` : label;
  const end = period === 'DAY' ? label : period === 'WEEK' ? dayjs(label).add(6, 'day').format('YYYY-MM-DD') : dayjs(start).endOf('month').format('YYYY-MM-DD');
  return [start < from ? from : start, end > to ? to : end];
}

const listDef = () => ({ filters: { period: oneOf(PERIODS).or('DAY'), split: oneOf(SPLITS).or('NONE'), ...rangeFilters() } });

export function TakeStatisticsPage({ kind }: { kind: StatisticsKind }) {
  const isSeller = useShell()?.user?.orgType === 'seller';
  const list = useListPage(useMemo(listDef, []));
  const v = list.filters;
  const q = { startDay: v.dateFrom, endDay: v.dateTo, period: v.period, split: v.split };
  const result = useQuery({ queryKey: statisticsKeys.take(kind, q), queryFn: () => statisticsApi.take(kind, q), placeholderData: keepPreviousData });
  const data = result.data;

  /** The listed items of a row: the purchaser's assignment page or the seller's order list, for the row's days (and key). */
  const drillDown = (r: TakeStatisticsRow) => {
    const [from, to] = periodDays(v.period, r.period, v.dateFrom, v.dateTo);
    const p = new URLSearchParams({ createdFrom: from, createdTo: to });
    if (isSeller) return `/order/daifaOrderList?${p}`;
    if (data?.split === 'PICKER') p.set('pickerId', r.key);
    if (data?.split === 'MARKET_AREA') p.set('marketArea', r.key);
    if (data?.split === 'STALL') p.set('stallName', r.key);
    return `/offlineReturnOrder/pickup?${p}`;
  };

  const columns = withColumnMinWidth<TableColumnsType<TakeStatisticsRow>[number]>([
    { title: v.period === 'DAY' ? '日期' : v.period === 'WEEK' ? '周（自周一起）' : '月份', dataIndex: 'period' },
    ...(data && data.split !== 'NONE' ? [{ title: STATISTICS_SPLIT_NAMES[data.split], dataIndex: 'keyName' }] : []),
    { title: '下单件数', dataIndex: 'items', align: 'right' },
    { title: '下单金额', dataIndex: 'amountFen', align: 'right', render: money },
    { title: '已拿', dataIndex: 'took', align: 'right' },
    { title: '部分拿货', dataIndex: 'tookPart', align: 'right' },
    { title: '缺货', dataIndex: 'lack', align: 'right' },
    { title: '明日有货', dataIndex: 'nextDay', align: 'right' },
    { title: kind === 'outStock' ? '缺货率' : '拿货率', dataIndex: kind === 'outStock' ? 'lackRate' : 'takeRate', align: 'right', render: percent },
    { title: '拿货金额', dataIndex: 'tookFen', align: 'right', render: money },
    { title: '平均拿货时长', dataIndex: 'avgTakeSeconds', align: 'right', render: minutes },
    { title: '操作', key: 'actions', render: (_: unknown, r: TakeStatisticsRow) => <Link to={drillDown(r)}>查看订单</Link> },
  ]);
  const t = data?.total;

  return (
    <div>
      <Typography.Title level={4}>{STATISTICS_TITLES[kind]}</Typography.Title>
      <ListFilterBar fields={[]} values={v} onChange={list.filter}>
        <DayRangeFilter allowClear={false} from={v.dateFrom} to={v.dateTo} onChange={(dateFrom, dateTo) => list.filter({ dateFrom, dateTo })} />
        <Segmented
          aria-label="统计周期"
          value={v.period}
          onChange={(period) => list.filter({ period })}
          options={PERIODS.map((p) => ({ value: p, label: STATISTICS_PERIOD_NAMES[p] }))}
        />
        <Select
          aria-label="分组维度"
          style={{ width: 170 }}
          value={v.split}
          onChange={(split) => list.filter({ split })}
          options={SPLITS.map((s) => ({ value: s, label: STATISTICS_SPLIT_NAMES[s] }))}
        />
        <ExportButton run={() => statisticsApi.exportTake(kind, q)} />
      </ListFilterBar>
      {data?.ownOnly && <Alert type="info" showIcon title="只显示分配给您的拿货项" style={{ marginBottom: 12 }} />}
      {t && (
        <Descriptions size="small" column={{ xs: 2, sm: 3, md: 6 }} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="下单件数">{t.items}</Descriptions.Item>
          <Descriptions.Item label="已拿">{t.took}</Descriptions.Item>
          <Descriptions.Item label="部分拿货">{t.tookPart}</Descriptions.Item>
          <Descriptions.Item label="缺货">{t.lack}</Descriptions.Item>
          <Descriptions.Item label="拿货率">{percent(t.takeRate)}</Descriptions.Item>
          <Descriptions.Item label="缺货率">{percent(t.lackRate)}</Descriptions.Item>
        </Descriptions>
      )}
      {data && <TakeChart data={data} kind={kind} />}
      <Table<TakeStatisticsRow>
        rowKey={(r) => `${r.period}|${r.key}`}
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={result.isFetching}
        locale={{ emptyText: '所选日期内暂无拿货项' }}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 50, showSizeChanger: false }}
      />
    </div>
  );
}

export default function OrderTakeStatisticsPage() {
  return <TakeStatisticsPage kind="take" />;
}
