/**
 * 待付款补款 tab: replenish requests (补款) with purpose, reason and order; waiting ones are paid
 * one by one or together through the cashier (/funds/pay, payCallback=bukuan brings the seller back).
 */
import { fenToYuan, PAYMENT_PURPOSE_NAMES, REPLENISH_STATUS_NAMES } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/date';
import { type BarField, day, ExportButton, ListFilterBar, oneOf, optionsOf, useListPage } from '../../../lib/list-page';
import { rowSelectionDefaults, withColumnMinWidth } from '../../../lib/table-defaults';
import { type ReplenishRecordRow, recordsApi, recordsKeys } from '../records-api';
import { DayRangeFilter } from './DayRangeFilter';

/** The cashier of part A takes the ids comma-separated; at most 50 in one payment. */
export const payUrl = (ids: number[]) => `/funds/pay?bizType=REPLENISH&ids=${ids.join(',')}&payCallback=bukuan`;
const MAX_BATCH = 50;
const STATUS_COLORS: Record<string, string> = { WAITING_PAYMENT: 'orange', PAID: 'green', CANCELED: 'default' };
const label = (names: Record<string, string>, code: string) => names[code] ?? code;

// 'ALL' in the address means no status filter; the default tab is what waits for payment.
const LIST = { filters: { status: oneOf(['ALL', ...Object.keys(REPLENISH_STATUS_NAMES)]).or('WAITING_PAYMENT'), dateFrom: day(), dateTo: day() } };
const BAR: BarField[] = [{ kind: 'select', name: 'status', label: '补款状态', all: '全部状态', options: optionsOf(REPLENISH_STATUS_NAMES), width: 140 }];

export function ReplenishTab() {
  const navigate = useNavigate();
  const list = useListPage(LIST);
  const v = list.filters;
  const filters = { ...(v.status !== 'ALL' ? { status: v.status } : {}), ...(v.dateFrom && v.dateTo ? { dateFrom: v.dateFrom, dateTo: v.dateTo } : {}) };
  const query = { pageNo: list.pageNo, pageSize: list.pageSize, ...filters };
  const page = useQuery({ queryKey: recordsKeys.replenish(query), queryFn: () => recordsApi.replenish(query), placeholderData: keepPreviousData });
  const [selected, setSelected] = useState<ReplenishRecordRow[]>([]);
  const selectedFen = selected.reduce((a, r) => a + r.amountFen, 0);

  const columns = withColumnMinWidth<TableColumnsType<ReplenishRecordRow>[number]>([
    { title: '创建时间', dataIndex: 'createdAt', width: 170, render: (d: string) => formatDateTime(d) },
    { title: '补款金额', dataIndex: 'amountFen', align: 'right', render: (f: number) => <Typography.Text strong>¥{fenToYuan(f)}</Typography.Text> },
    { title: '类型', dataIndex: 'purpose', render: (p: string) => label(PAYMENT_PURPOSE_NAMES, p) },
    { title: '补款原因', dataIndex: 'reason', render: (r: string | null) => r ?? '—' },
    { title: '关联订单', dataIndex: 'orderNo', render: (o: string | null) => o ?? '—' },
    { title: '状态', dataIndex: 'status', render: (s: string) => <Tag color={STATUS_COLORS[s]}>{label(REPLENISH_STATUS_NAMES, s)}</Tag> },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_: unknown, r: ReplenishRecordRow) => (r.status === 'WAITING_PAYMENT' ? <Link to={payUrl([r.id])}>去支付</Link> : null),
    },
  ]);

  return (
    <div>
      <ListFilterBar
        fields={BAR}
        // The select's '' (全部状态) is ALL here: the status has a default of its own.
        values={{ status: v.status === 'ALL' ? '' : v.status }}
        onChange={(p) => {
          setSelected([]);
          list.filter({ status: p.status ?? 'ALL' });
        }}
      >
        <DayRangeFilter from={v.dateFrom ?? ''} to={v.dateTo ?? ''} onChange={(dateFrom, dateTo) => list.filter({ dateFrom, dateTo })} />
        <ExportButton run={() => recordsApi.exportReplenish(filters)} />
        <Button
          type="primary"
          disabled={selected.length === 0}
          onClick={() => navigate(payUrl(selected.map((r) => r.id)))}
          title={selected.length ? `已选 ${selected.length} 笔，共 ¥${fenToYuan(selectedFen)}` : '请先勾选待付款的补款单'}
        >
          批量支付{selected.length ? `（${selected.length}笔 ¥${fenToYuan(selectedFen)}）` : ''}
        </Button>
      </ListFilterBar>
      <Table<ReplenishRecordRow>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: v.status === 'WAITING_PAYMENT' ? '没有待付款的补款单' : '暂无补款记录' }}
        rowSelection={{
          ...rowSelectionDefaults,
          selectedRowKeys: selected.map((r) => r.id),
          getCheckboxProps: (r) => ({ disabled: r.status !== 'WAITING_PAYMENT', 'aria-label': `选择补款单${r.id}` }),
          onChange: (_, rows) => setSelected(rows.slice(0, MAX_BATCH)),
        }}
        pagination={list.pagination(page.data?.total ?? 0, {
          onChange: (pageNo, pageSize) => {
            setSelected([]);
            list.change({ pageNo, pageSize });
          },
        })}
      />
    </div>
  );
}
