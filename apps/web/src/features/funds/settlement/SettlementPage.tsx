/**
 * 拿货结算 (/funds/nahuoSettlement): goods money paid to stalls and picker commissions over a day
 * range, per day / week / month and stall, or per picker (each opening 拿货员结算). Filters, tab and
 * paging live in the URL; each view exports to Excel.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { fenToYuan, SETTLEMENT_PERIOD_NAMES } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Button, Input, Segmented, Space, Table, type TableColumnsType, Tabs, Typography } from 'antd';
import { Link } from 'react-router';
import { paginationDefaults, withColumnMinWidth } from '../../../lib/table-defaults';
import { positiveInt, useUrlValues } from '../../../lib/url-state';
import { recordsApi, recordsKeys } from '../records-api';
import { DayRangeFilter } from '../transfer-record/DayRangeFilter';
import { SettlementTotalsBar } from './SettlementTotalsBar';
import { defaultRange, SETTLEMENT_EMPTY } from './settlement-range';

type Period = 'day' | 'week' | 'month';
type SummaryRow = Awaited<ReturnType<typeof recordsApi.settlementSummary>>['list'][number];
type PickerRow = Awaited<ReturnType<typeof recordsApi.settlementPickers>>['list'][number];
const money = (f: number) => `¥${fenToYuan(f)}`;
const PICKER_PATH = '/funds/nahuoSettlement/nahuoyuanSettlement';

export default function SettlementPage() {
  const [v, set] = useUrlValues({ tab: 'summary', period: 'day', supplierName: '', ...defaultRange(), pageNo: '1', pageSize: '20' });
  const period: Period = v.period === 'week' || v.period === 'month' ? v.period : 'day';
  const base = { dateFrom: v.dateFrom, dateTo: v.dateTo, pageNo: positiveInt(v.pageNo, 1, 100_000), pageSize: positiveInt(v.pageSize, 20, 100) };
  const summaryQuery = { ...base, period, ...(v.supplierName ? { supplierName: v.supplierName } : {}) };
  const isSummary = v.tab !== 'pickers';
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
  const exporting = useMutation({
    mutationFn: () => (isSummary ? recordsApi.exportSettlementSummary(summaryQuery) : recordsApi.exportSettlementPickers(base)),
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
  const pagination = {
    ...paginationDefaults,
    current: base.pageNo,
    pageSize: base.pageSize,
    total: current.data?.total ?? 0,
    pageSizeOptions: [10, 20, 50, 100],
    onChange: (p: number, s: number) => set({ pageNo: s !== base.pageSize ? 1 : p, pageSize: s }),
  };

  return (
    <div>
      <Typography.Title level={4}>拿货结算</Typography.Title>
      <Space style={{ marginBottom: 12 }} wrap>
        <DayRangeFilter allowClear={false} from={v.dateFrom} to={v.dateTo} onChange={(dateFrom, dateTo) => set({ dateFrom, dateTo, pageNo: 1 })} />
        {isSummary && (
          <>
            <Segmented
              aria-label="结算周期"
              value={period}
              onChange={(p) => set({ period: p, pageNo: 1 })}
              options={(Object.keys(SETTLEMENT_PERIOD_NAMES) as Period[]).map((p) => ({ value: p, label: SETTLEMENT_PERIOD_NAMES[p] }))}
            />
            <Input.Search
              aria-label="档口"
              placeholder="档口名称"
              allowClear
              maxLength={60}
              defaultValue={v.supplierName}
              style={{ width: 200 }}
              onSearch={(s) => set({ supplierName: s.trim(), pageNo: 1 })}
            />
          </>
        )}
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          导出Excel
        </Button>
      </Space>
      <SettlementTotalsBar totals={current.data?.totals} />
      <Tabs
        activeKey={isSummary ? 'summary' : 'pickers'}
        onChange={(tab) => set({ tab, pageNo: 1 })}
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
