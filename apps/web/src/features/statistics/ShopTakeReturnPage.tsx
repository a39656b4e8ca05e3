/**
 * 店铺拿退货统计 (/statistics/shopTakeReturn, sellers): per shop (or platform) and period, the take
 * items of the shop's orders placed over a Beijing day range — placed, taken, out of stock, the take
 * rate — and the after-sales made on them — returned pieces, refund money, the return rate; totals,
 * chart, Excel export and per row 查看订单: the seller's 代发订单 of the row's days and shop (or
 * platform). A shop picker narrows it to some shops. Filters live in the URL (lib/list-page);
 * decision 0037. The tab 利润 (ProfitTab, decision 0038) shares the filters: per shop, the profit of
 * the orders paid on the days.
 */
import {
  PROFIT_SPLIT_NAMES,
  type ProfitStatisticsSplit,
  SHOP_STATISTICS_SPLIT_NAMES,
  type ShopStatisticsRow,
  type ShopStatisticsSplit,
  STATISTICS_MAX_SHOPS,
} from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Descriptions, Table, type TableColumnsType, Tabs, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { idList, oneOf, text, useListPage } from '../../lib/list-page';
import { withColumnMinWidth } from '../../lib/table-defaults';
import { rangeFilters } from '../funds/settlement/settlement-range';
import { shopStatisticsApi } from './api';
import { ProfitTab } from './ProfitTab';
import { ShopChart } from './ShopChart';
import { ShopPicker } from './ShopPicker';
import { money, PERIODS, percent, periodDays, periodTitle, StatisticsFilters } from './StatisticsFilters';

// The profit tab adds NONE to the splits; the take/return tab reads it as SHOP.
const SPLITS = Object.keys(PROFIT_SPLIT_NAMES) as ProfitStatisticsSplit[];
const TABS = ['takeReturn', 'profit'] as const;

// `orders` is the profit tab's open drawer (a shop key).
const listDef = () => ({
  filters: {
    tab: oneOf(TABS).or('takeReturn'),
    period: oneOf(PERIODS).or('DAY'),
    split: oneOf(SPLITS).or('SHOP'),
    shopIds: idList(STATISTICS_MAX_SHOPS),
    orders: text(12),
    ...rangeFilters(),
  },
});

export default function ShopTakeReturnPage() {
  const list = useListPage(useMemo(listDef, []));
  const v = list.filters;
  const split: ShopStatisticsSplit = v.split === 'NONE' ? 'SHOP' : v.split;
  const q = { startDay: v.dateFrom, endDay: v.dateTo, period: v.period, split, ...(v.shopIds ? { shopIds: v.shopIds } : {}) };
  const result = useQuery({
    queryKey: shopStatisticsApi.keys(q),
    queryFn: () => shopStatisticsApi.get(q),
    placeholderData: keepPreviousData,
    enabled: v.tab === 'takeReturn',
  });
  const data = result.data;

  /** The seller's 代发订单 of the row's days (and its shop or platform). */
  const drillDown = (r: ShopStatisticsRow) => {
    const [from, to] = periodDays(v.period, r.period, v.dateFrom, v.dateTo);
    const p = new URLSearchParams({ createdFrom: from, createdTo: to });
    if (data?.split === 'SHOP' && r.key !== '0') p.set('shopId', r.key);
    if (data?.split === 'CHANNEL' && r.key !== '') p.set('channel', r.key);
    return `/order/daifaOrderList?${p}`;
  };

  const columns = withColumnMinWidth<TableColumnsType<ShopStatisticsRow>[number]>([
    { title: periodTitle(v.period), dataIndex: 'period' },
    { title: SHOP_STATISTICS_SPLIT_NAMES[data?.split ?? split], dataIndex: 'keyName' },
    { title: '下单件数', dataIndex: 'items', align: 'right' },
    { title: '下单金额', dataIndex: 'amountFen', align: 'right', render: money },
    { title: '已拿（含部分）', dataIndex: 'took', align: 'right' },
    { title: '拿货金额', dataIndex: 'tookFen', align: 'right', render: money },
    { title: '拿货率', dataIndex: 'takeRate', align: 'right', render: percent },
    { title: '缺货', dataIndex: 'lack', align: 'right' },
    { title: '售后单数', dataIndex: 'cases', align: 'right' },
    { title: '退货件数', dataIndex: 'returnedQuantity', align: 'right' },
    { title: '退货率', dataIndex: 'returnRate', align: 'right', render: percent },
    { title: '应退金额', dataIndex: 'refundFen', align: 'right', render: money },
    { title: '操作', key: 'actions', render: (_: unknown, r: ShopStatisticsRow) => <Link to={drillDown(r)}>查看订单</Link> },
  ]);
  const t = data?.total;

  const takeReturn = (
    <>
      <StatisticsFilters values={{ ...v, split }} onChange={list.filter} splitNames={SHOP_STATISTICS_SPLIT_NAMES} onExport={() => shopStatisticsApi.export(q)}>
        <ShopPicker page="shopTakeReturn" value={v.shopIds} onChange={(shopIds) => list.filter({ shopIds })} />
      </StatisticsFilters>
      {t && (
        <Descriptions size="small" column={{ xs: 2, sm: 3, md: 6 }} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="下单件数">{t.items}</Descriptions.Item>
          <Descriptions.Item label="拿货率">{percent(t.takeRate)}</Descriptions.Item>
          <Descriptions.Item label="缺货">{t.lack}</Descriptions.Item>
          <Descriptions.Item label="售后单数">{t.cases}</Descriptions.Item>
          <Descriptions.Item label="退货率">{percent(t.returnRate)}</Descriptions.Item>
          <Descriptions.Item label="应退金额">{money(t.refundFen)}</Descriptions.Item>
        </Descriptions>
      )}
      {data && <ShopChart data={data} />}
      <Table<ShopStatisticsRow>
        rowKey={(r) => `${r.period}|${r.key}`}
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={result.isFetching}
        locale={{ emptyText: '所选日期内暂无店铺订单' }}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 50, showSizeChanger: false }}
      />
    </>
  );

  return (
    <div>
      <Typography.Title level={4}>店铺拿退货统计</Typography.Title>
      <Tabs
        activeKey={v.tab}
        onChange={(tab) => list.filter({ tab: tab as (typeof TABS)[number], orders: undefined })}
        items={[
          { key: 'takeReturn', label: '拿退货', children: takeReturn },
          { key: 'profit', label: '利润', children: <ProfitTab values={v} onChange={list.filter} /> },
        ]}
      />
    </div>
  );
}
