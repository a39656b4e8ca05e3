/**
 * 拿货统计 and 缺货统计 (/statistics/orderTakeStatistics, /statistics/outStock): the take figures of
 * the caller's items (a seller's, a purchaser's, a picker's own) over a Beijing day range, by day /
 * week / month and split by one dimension, with totals, Excel export and a drill-down from each row
 * to the listed items (the purchaser's assignment page, the seller's order list) of that period,
 * and a chart of the same numbers (TakeChart, ECharts loaded on demand). A seller may also split by
 * shop or platform and narrow those to some shops (ShopPicker; decision 0037).
 * Filters live in the URL (lib/list-page).
 */
import {
  SHOP_SPLITS,
  STATISTICS_MAX_SHOPS,
  STATISTICS_SPLIT_NAMES,
  type StatisticsSplit,
  type TakeStatisticsBody,
  type TakeStatisticsRow,
} from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useShell } from '../../app/shell-context';
import { idList, oneOf, useListPage } from '../../lib/list-page';
import { withColumnMinWidth } from '../../lib/table-defaults';
import { rangeFilters } from '../funds/settlement/settlement-range';
import { STATISTICS_TITLES, type StatisticsKind, statisticsApi, statisticsKeys } from './api';
import { ShopPicker } from './ShopPicker';
import { money, PERIODS, percent, periodDays, periodTitle, StatisticsFilters } from './StatisticsFilters';
import { TakeChart } from './TakeChart';

const SPLITS = Object.keys(STATISTICS_SPLIT_NAMES) as StatisticsSplit[];
// A purchaser serves many sellers and sees them, not their shops: the shop splits are a seller's.
const PURCHASER_SPLIT_NAMES = Object.fromEntries(Object.entries(STATISTICS_SPLIT_NAMES).filter(([k]) => !SHOP_SPLITS.includes(k as StatisticsSplit)));
const minutes = (s: number | null) => (s === null ? '—' : `${Math.round(s / 60)} 分钟`);

const listDef = () => ({
  filters: { period: oneOf(PERIODS).or('DAY'), split: oneOf(SPLITS).or('NONE'), shopIds: idList(STATISTICS_MAX_SHOPS), ...rangeFilters() },
});

export function TakeStatisticsPage({ kind }: { kind: StatisticsKind }) {
  const isSeller = useShell()?.user?.orgType === 'seller';
  const list = useListPage(useMemo(listDef, []));
  const v = list.filters;
  // The shop filter goes with the shop splits only (the other grains carry no shop); a purchaser's address with one reads as 不分组.
  const byShop = isSeller && SHOP_SPLITS.includes(v.split);
  const split = byShop || !SHOP_SPLITS.includes(v.split) ? v.split : 'NONE';
  const q: TakeStatisticsBody = { startDay: v.dateFrom, endDay: v.dateTo, period: v.period, split, ...(byShop && v.shopIds ? { shopIds: v.shopIds } : {}) };
  const result = useQuery({ queryKey: statisticsKeys.take(kind, q), queryFn: () => statisticsApi.take(kind, q), placeholderData: keepPreviousData });
  const data = result.data;

  /** The listed items of a row: the purchaser's assignment page or the seller's order list, for the row's days (and key). */
  const drillDown = (r: TakeStatisticsRow) => {
    const [from, to] = periodDays(v.period, r.period, v.dateFrom, v.dateTo);
    const p = new URLSearchParams({ createdFrom: from, createdTo: to });
    if (isSeller) {
      if (data?.split === 'SHOP' && r.key !== '0') p.set('shopId', r.key);
      if (data?.split === 'CHANNEL' && r.key !== '') p.set('channel', r.key);
      return `/order/daifaOrderList?${p}`;
    }
    if (data?.split === 'PICKER') p.set('pickerId', r.key);
    if (data?.split === 'MARKET_AREA') p.set('marketArea', r.key);
    if (data?.split === 'STALL') p.set('stallName', r.key);
    return `/offlineReturnOrder/pickup?${p}`;
  };

  const columns = withColumnMinWidth<TableColumnsType<TakeStatisticsRow>[number]>([
    { title: periodTitle(v.period), dataIndex: 'period' },
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
      <StatisticsFilters
        values={{ ...v, split }}
        onChange={list.filter}
        splitNames={isSeller ? STATISTICS_SPLIT_NAMES : PURCHASER_SPLIT_NAMES}
        onExport={() => statisticsApi.exportTake(kind, q)}
      >
        {byShop && <ShopPicker page={kind} value={v.shopIds} onChange={(shopIds) => list.filter({ shopIds })} />}
      </StatisticsFilters>
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
