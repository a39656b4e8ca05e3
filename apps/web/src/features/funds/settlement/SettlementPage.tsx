/**
 * 拿货结算 (/funds/nahuoSettlement): goods money paid to stalls and picker commissions over a day
 * range, per day / week / month and stall, or per picker (each opening 拿货员结算). Filters, tab and
 * paging live in the URL (lib/list-page); each view exports to Excel.
 */
import { fenToYuan, SETTLEMENT_PERIOD_NAMES } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Segmented, Table, type TableColumnsType, Tabs, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { type BarField, ExportButton, ListFilterBar, oneOf, text, useListPage } from '../../../lib/list-page';
import { withColumnMinWidth } from '../../../lib/table-defaults';
import { recordsApi, recordsKeys } from '../records-api';
import { DayRangeFilter } from '../transfer-record/DayRangeFilter';
import { SettlementTotalsBar } from './SettlementTotalsBar';
import { rangeFilters, SETTLEMENT_EMPTY } from './settlement-range';

type Period = keyof typeof SETTLEMENT_PERIOD_NAMES;
const PERIODS = Object.keys(SETTLEMENT_PERIOD_NAMES) as Period[];
type SummaryRow = Awaited<ReturnType<typeof recordsApi.settlementSummary>>['list'][number];
type PickerRow = Awaited<ReturnType<typeof recordsApi.settlementPickers>>['list'][number];
const money = (f: number) => `¥${fenToYuan(f)}`;
const PICKER_PATH = '/funds/nahuoSettlement/nahuoyuanSettlement';
// The tab and the period are filters too: changing either goes back to page 1.
const listDef = () => ({
  filters: { tab: oneOf(['summary', 'pickers'] as const).or('summary'), period: oneOf(PERIODS).or('day'), supplierName: text(60), ...rangeFilters() },
});
const BAR: BarField[] = [{ kind: 'search', name: 'supplierName', label: '档口', placeholder: '档口名称', width: 200, maxLength: 60, enterButton: false }];

export default function SettlementPage() {
  const list = useListPage(useMemo(listDef, []));
  const v = list.filters;
  const period = v.period;
  const base = { dateFrom: v.dateFrom, dateTo: v.dateTo, pageNo: list.pageNo, pageSize: list.pageSize };
  const summaryQuery = { ...base, period, ...(v.supplierName ? { supplierName: v.supplierName } : {}) };
  const isSummary = v.tab === 'summary';
  const summary = useQuery({
    queryKey: recordsKeys.summary(summaryQuery),
    queryFn: () => recordsApi.settlementSummary(summaryQuery),
    placeholderData: keepPreviousData,
    enabled: isSummary,
  });
  const pickers = useQuery({
    queryKey: recordsKeys.pickers(base),
    queryFn: () => recordsApi.settlementPickers(base),
    placeholderData: keepPreviousData,
    enabled: !isSummary,
  });
  const current = isSummary ? summary : pickers;

  const summaryColumns = withColumnMinWidth<TableColumnsType<SummaryRow>[number]>([
    {
      title: period === 'day' ? '日期' : period === 'week' ? '周（自周一起）' : '月份',
      dataIndex: 'periodStart',
      render: (d: string) => (period === 'month' ? d.slice(0, 7) : d),
    },
    { title: '档口', dataIndex: 'supplierName' },
    { title: '件数', dataIndex: 'lines', align: 'right' },
    { title: '档口货款', dataIndex: 'goodsFen', align: 'right', render: money },
    { title: '拿货佣金', dataIndex: 'commissionFen', align: 'right', render: money },
  ]);
  const pickerColumns = withColumnMinWidth<TableColumnsType<PickerRow>[number]>([
    { title: '拿货员', dataIndex: 'pickerName' },
    { title: '件数', dataIndex: 'lines', align: 'right' },
    { title: '档口货款', dataIndex: 'goodsFen', align: 'right', render: money },
    { title: '拿货佣金', dataIndex: 'commissionFen', align: 'right', render: money },
    {
      title: '操作',
      key: 'actions',
      render: (_: unknown, r: PickerRow) =>
        r.pickerUserId === null ? null : <Link to={`${PICKER_PATH}?pickerUserId=${r.pickerUserId}&dateFrom=${v.dateFrom}&dateTo=${v.dateTo}`}>查看明细</Link>,
    },
  ]);
  const pagination = list.pagination(current.data?.total ?? 0);

  return (
    <div>
      <Typography.Title level={4}>拿货结算</Typography.Title>
      <ListFilterBar fields={isSummary ? BAR : []} values={v} onChange={list.filter}>
        <DayRangeFilter allowClear={false} from={v.dateFrom} to={v.dateTo} onChange={(dateFrom, dateTo) => list.filter({ dateFrom, dateTo })} />
        {isSummary && (
          <Segmented
            aria-label="结算周期"
            value={period}
            onChange={(p) => list.filter({ period: p })}
            options={PERIODS.map((p) => ({ value: p, label: SETTLEMENT_PERIOD_NAMES[p] }))}
          />
        )}
        <ExportButton run={() => (isSummary ? recordsApi.exportSettlementSummary(summaryQuery) : recordsApi.exportSettlementPickers(base))} />
      </ListFilterBar>
      <SettlementTotalsBar totals={current.data?.totals} />
      <Tabs
        activeKey={isSummary ? 'summary' : 'pickers'}
        onChange={(tab) => list.filter({ tab: tab === 'pickers' ? 'pickers' : 'summary' })}
        items={[
          {
            key: 'summary',
            label: '按档口汇总',
            children: (
              <Table<SummaryRow>
                rowKey={(r) => `${r.periodStart}|${r.supplierName}`}
                columns={summaryColumns}
                dataSource={summary.data?.list ?? []}
                loading={summary.isFetching}
                locale={{ emptyText: SETTLEMENT_EMPTY }}
                scroll={{ x: 'max-content' }}
                pagination={pagination}
              />
            ),
          },
          {
            key: 'pickers',
            label: '按拿货员',
            children: (
              <Table<PickerRow>
                rowKey={(r) => String(r.pickerUserId)}
                columns={pickerColumns}
                dataSource={pickers.data?.list ?? []}
                loading={pickers.isFetching}
                locale={{ emptyText: SETTLEMENT_EMPTY }}
                scroll={{ x: 'max-content' }}
                pagination={pagination}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
