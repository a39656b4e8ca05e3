/** 提现记录: the seller's withdrawals with their states, filtered and paged in the address, exportable. */
import { fenToYuan, WITHDRAW_STATUS_NAMES, type WithdrawalRow, type WithdrawStatus } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Table, type TableColumnsType, Tag } from 'antd';
import { formatDateTime } from '../../../lib/date';
import { type BarField, ExportButton, ListFilterBar, oneOf, optionsOf, useListPage } from '../../../lib/list-page';
import { withColumnMinWidth } from '../../../lib/table-defaults';
import { paymentsApi, paymentsKeys } from '../payments-api';

const COLORS: Record<WithdrawStatus, string> = { REVIEWING: 'processing', TRANSFERRING: 'blue', SUCCESS: 'success', REJECTED: 'default', FAILED: 'error' };

const columns = withColumnMinWidth<TableColumnsType<WithdrawalRow>[number]>([
  { title: '申请时间', dataIndex: 'createdAt', width: 170, render: (d: string) => formatDateTime(d) },
  { title: '提现单号', dataIndex: 'withdrawNo' },
  { title: '提现金额（元）', dataIndex: 'amount', align: 'right', render: (f: number) => fenToYuan(f) },
  { title: '收款支付宝', dataIndex: 'alipayAccount' },
  { title: '收款人', dataIndex: 'realName' },
  { title: '状态', dataIndex: 'status', render: (s: WithdrawStatus) => <Tag color={COLORS[s]}>{WITHDRAW_STATUS_NAMES[s] ?? s}</Tag> },
  { title: '说明', key: 'reason', render: (_: unknown, r: WithdrawalRow) => r.rejectReason ?? r.failReason ?? '' },
  { title: '完成时间', dataIndex: 'finishedAt', width: 170, render: (d: string | null) => formatDateTime(d) },
]);

// The withdraw tab's list: its keys start with w so they stay apart from the page's own.
const LIST = { filters: { status: oneOf(Object.keys(WITHDRAW_STATUS_NAMES) as WithdrawStatus[]) }, pageSize: 10, prefix: 'w' };
const BAR: BarField[] = [{ kind: 'select', name: 'status', label: '提现状态', all: '全部状态', options: optionsOf(WITHDRAW_STATUS_NAMES), width: 140 }];

export function WithdrawalList() {
  const { message } = App.useApp();
  const list = useListPage(LIST, { replace: false });
  const { query } = list;
  const page = useQuery({ queryKey: paymentsKeys.withdrawals(query), queryFn: () => paymentsApi.withdrawals(query), placeholderData: keepPreviousData });
  return (
    <div>
      <ListFilterBar fields={BAR} values={list.filters} onChange={list.filter}>
        <ExportButton run={() => paymentsApi.exportWithdrawals(list.active)} onDone={() => message.success('已导出提现记录')} />
      </ListFilterBar>
      <Table<WithdrawalRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={list.pagination(page.data?.total ?? 0)}
      />
    </div>
  );
}
