/** 提现记录: the seller's withdrawals with their states, filtered and paged in the address, exportable. */
import { DownloadOutlined } from '@ant-design/icons';
import { fenToYuan, WITHDRAW_STATUS_NAMES, type WithdrawalRow, type WithdrawStatus } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { formatDateTime } from '../../../lib/date';
import { paginationDefaults, withColumnMinWidth } from '../../../lib/table-defaults';
import { positiveInt, useUrlValues } from '../../../lib/url-state';
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

export function WithdrawalList() {
  const { message } = App.useApp();
  const [v, set] = useUrlValues({ wstatus: '', wpageNo: '1', wpageSize: '10' }, { replace: false });
  const status = v.wstatus || undefined;
  const query = { pageNo: positiveInt(v.wpageNo, 1), pageSize: positiveInt(v.wpageSize, 10, 100), ...(status ? { status } : {}) };
  const page = useQuery({ queryKey: paymentsKeys.withdrawals(query), queryFn: () => paymentsApi.withdrawals(query), placeholderData: keepPreviousData });
  const exporting = useMutation({
    mutationFn: () => paymentsApi.exportWithdrawals(status ? { status } : {}),
    onSuccess: () => message.success('已导出提现记录'),
  });
  return (
    <div>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          aria-label="提现状态"
          style={{ width: 140 }}
          value={v.wstatus}
          onChange={(wstatus) => set({ wstatus, wpageNo: 1 })}
          options={[{ value: '', label: '全部状态' }, ...Object.entries(WITHDRAW_STATUS_NAMES).map(([value, label]) => ({ value, label }))]}
        />
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          导出Excel
        </Button>
      </Space>
      <Table<WithdrawalRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          ...paginationDefaults,
          current: query.pageNo,
          pageSize: query.pageSize,
          total: page.data?.total ?? 0,
          pageSizeOptions: [10, 20, 50, 100],
          onChange: (p, s) => set({ wpageNo: s !== query.pageSize ? 1 : p, wpageSize: s }),
        }}
      />
    </div>
  );
}
