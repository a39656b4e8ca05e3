/** 充值记录 tab: the seller's recharges, filtered by status and days through the URL, exportable. */
import { fenToYuan, PAYMENT_METHOD_NAMES, RECHARGE_STATUS_NAMES } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, type TableColumnsType, Tag } from 'antd';
import { formatDateTime } from '../../../lib/date';
import { type BarField, day, ExportButton, ListFilterBar, oneOf, optionsOf, useListPage } from '../../../lib/list-page';
import { withColumnMinWidth } from '../../../lib/table-defaults';
import { type RechargeRecordRow, recordsApi, recordsKeys } from '../records-api';
import { DayRangeFilter } from './DayRangeFilter';

const STATUS_COLORS: Record<string, string> = { PAID: 'green', WAITING_PAYMENT: 'orange', CLOSED: 'default' };
const label = (names: Record<string, string>, code: string) => names[code] ?? code;

const LIST = { filters: { status: oneOf(Object.keys(RECHARGE_STATUS_NAMES)), dateFrom: day(), dateTo: day() } };
const BAR: BarField[] = [{ kind: 'select', name: 'status', label: '充值状态', all: '全部状态', options: optionsOf(RECHARGE_STATUS_NAMES), width: 140 }];

export function RechargeRecordsTab() {
  const list = useListPage(LIST);
  const v = list.filters;
  const filters = { ...(v.status ? { status: v.status } : {}), ...(v.dateFrom && v.dateTo ? { dateFrom: v.dateFrom, dateTo: v.dateTo } : {}) };
  const query = { pageNo: list.pageNo, pageSize: list.pageSize, ...filters };
  const page = useQuery({ queryKey: recordsKeys.recharges(query), queryFn: () => recordsApi.recharges(query), placeholderData: keepPreviousData });

  const columns = withColumnMinWidth<TableColumnsType<RechargeRecordRow>[number]>([
    { title: '充值时间', dataIndex: 'createdAt', width: 170, render: (d: string) => formatDateTime(d) },
    { title: '商户订单号', dataIndex: 'outTradeNo' },
    { title: '充值金额', dataIndex: 'amountFen', align: 'right', render: (f: number) => `¥${fenToYuan(f)}` },
    { title: '充值方式', dataIndex: 'method', render: (m: string) => label(PAYMENT_METHOD_NAMES, m) },
    { title: '状态', dataIndex: 'status', render: (s: string) => <Tag color={STATUS_COLORS[s]}>{label(RECHARGE_STATUS_NAMES, s)}</Tag> },
    { title: '到账时间', dataIndex: 'paidAt', width: 170, render: (d: string | null) => formatDateTime(d) },
  ]);

  return (
    <div>
      <ListFilterBar fields={BAR} values={v} onChange={list.filter}>
        <DayRangeFilter from={v.dateFrom ?? ''} to={v.dateTo ?? ''} onChange={(dateFrom, dateTo) => list.filter({ dateFrom, dateTo })} />
        <ExportButton run={() => recordsApi.exportRecharges(filters)} />
      </ListFilterBar>
      <Table<RechargeRecordRow>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无充值记录' }}
        pagination={list.pagination(page.data?.total ?? 0)}
      />
    </div>
  );
}
