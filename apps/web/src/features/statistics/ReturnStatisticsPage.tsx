/**
 * 退货统计 (/statistics/takeReturn): the after-sales of the caller's orders (a seller's, or the
 * purchaser's serving them) made over a Beijing day range — how many, returned, finished, refund
 * money and the return rate against the items placed — by day / week / month and split by stall,
 * goods, reason, type, shop or organisation; totals, chart, Excel export and, for a seller, a
 * drill-down to the after-sale list of the row's days. Filters live in the URL (lib/list-page).
 */
import { RETURN_STATISTICS_SPLIT_NAMES, type ReturnStatisticsRow, type ReturnStatisticsSplit } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Descriptions, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useShell } from '../../app/shell-context';
import { oneOf, useListPage } from '../../lib/list-page';
import { withColumnMinWidth } from '../../lib/table-defaults';
import { rangeFilters } from '../funds/settlement/settlement-range';
import { returnStatisticsApi } from './api';
import { ReturnChart } from './ReturnChart';
import { money, PERIODS, percent, periodDays, periodTitle, StatisticsFilters } from './StatisticsFilters';

const SPLITS = Object.keys(RETURN_STATISTICS_SPLIT_NAMES) as ReturnStatisticsSplit[];

const listDef = () => ({ filters: { period: oneOf(PERIODS).or('DAY'), split: oneOf(SPLITS).or('NONE'), ...rangeFilters() } });

export default function ReturnStatisticsPage() {
  const isSeller = useShell()?.user?.orgType === 'seller';
  const list = useListPage(useMemo(listDef, []));
  const v = list.filters;
  const q = { startDay: v.dateFrom, endDay: v.dateTo, period: v.period, split: v.split };
  const result = useQuery({ queryKey: returnStatisticsApi.keys(q), queryFn: () => returnStatisticsApi.get(q), placeholderData: keepPreviousData });
  const data = result.data;

  /** The seller's after-sale list of the row's days (and its type or shop). */
  const drillDown = (r: ReturnStatisticsRow) => {
    const [from, to] = periodDays(v.period, r.period, v.dateFrom, v.dateTo);
    const p = new URLSearchParams({ createdFrom: from, createdTo: to });
    if (data?.split === 'TYPE') p.set('type', r.key);
    if (data?.split === 'SHOP' && r.key !== '0') p.set('shopId', r.key);
    return `/afterSale/afterSaleList?${p}`;
  };

  const columns = withColumnMinWidth<TableColumnsType<ReturnStatisticsRow>[number]>([
    { title: periodTitle(v.period), dataIndex: 'period' },
    ...(data && data.split !== 'NONE' ? [{ title: RETURN_STATISTICS_SPLIT_NAMES[data.split], dataIndex: 'keyName' }] : []),
    { title: '售后单数', dataIndex: 'cases', align: 'right' },
    { title: '售后数量', dataIndex: 'quantity', align: 'right' },
    { title: '退货', dataIndex: 'returned', align: 'right' },
    { title: '已完结', dataIndex: 'finished', align: 'right' },
    { title: '应退金额', dataIndex: 'refundFen', align: 'right', render: money },
    { title: '已退金额', dataIndex: 'refundedFen', align: 'right', render: money },
    { title: '下单件数', dataIndex: 'placed', align: 'right' },
    { title: '退货率', dataIndex: 'returnRate', align: 'right', render: percent },
    ...(isSeller ? [{ title: '操作', key: 'actions', render: (_: unknown, r: ReturnStatisticsRow) => <Link to={drillDown(r)}>查看售后单</Link> }] : []),
  ]);
  const t = data?.total;

  return (
    <div>
      <Typography.Title level={4}>退货统计</Typography.Title>
      <StatisticsFilters values={v} onChange={list.filter} splitNames={RETURN_STATISTICS_SPLIT_NAMES} onExport={() => returnStatisticsApi.export(q)} />
      {t && (
        <Descriptions size="small" column={{ xs: 2, sm: 3, md: 6 }} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="售后单数">{t.cases}</Descriptions.Item>
          <Descriptions.Item label="退货">{t.returned}</Descriptions.Item>
          <Descriptions.Item label="已完结">{t.finished}</Descriptions.Item>
          <Descriptions.Item label="应退金额">{money(t.refundFen)}</Descriptions.Item>
          <Descriptions.Item label="已退金额">{money(t.refundedFen)}</Descriptions.Item>
          <Descriptions.Item label="退货率">{percent(t.returnRate)}</Descriptions.Item>
        </Descriptions>
      )}
      {data && <ReturnChart data={data} />}
      <Table<ReturnStatisticsRow>
        rowKey={(r) => `${r.period}|${r.key}`}
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={result.isFetching}
        locale={{ emptyText: '所选日期内暂无售后单' }}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 50, showSizeChanger: false }}
      />
    </div>
  );
}
