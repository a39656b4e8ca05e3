/**
 * 提现审核 (/operator/withdrawals): every seller's withdrawals, 审核中 first by the filter; approve
 * (Alipay transfer) or reject with a reason (the frozen amount goes back). Status and page in the address.
 */
import { fenToYuan, type OperatorWithdrawalRow, WITHDRAW_STATUS_NAMES, WithdrawStatus } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import { confirmPrompt } from '../../lib/confirm-prompt';
import { formatDateTime } from '../../lib/date';
import { ListFilterBar, oneOf, optionsOf, useListPage } from '../../lib/list-page';
import { consoleApi, consoleKeys } from './api';

const LIST = { filters: { status: oneOf(WithdrawStatus.options) } };
const STATUS_COLORS: Record<WithdrawStatus, string> = { REVIEWING: 'orange', TRANSFERRING: 'blue', SUCCESS: 'green', REJECTED: 'default', FAILED: 'red' };

export default function WithdrawalReviewPage() {
  const { modal, message } = App.useApp();
  const list = useListPage(LIST);
  const queryClient = useQueryClient();
  const q = { pageNo: list.pageNo, pageSize: list.pageSize, ...(list.filters.status ? { status: list.filters.status } : {}) };
  const page = useQuery({ queryKey: consoleKeys.withdrawals(q), queryFn: () => consoleApi.withdrawals(q), placeholderData: keepPreviousData });
  const done = (text: string) => {
    message.success(text);
    return queryClient.invalidateQueries({ queryKey: consoleKeys.all });
  };
  const approve = useMutation({ mutationFn: consoleApi.approve, onSuccess: () => done('已审核通过，正在打款') });
  const reject = useMutation({
    mutationFn: (v: { id: number; reason: string }) => consoleApi.reject(v.id, v.reason),
    onSuccess: () => done('已驳回，金额已退回可用余额'),
  });

  function askApprove(r: OperatorWithdrawalRow) {
    modal.confirm({
      title: `通过提现 ${r.withdrawNo}`,
      content: `将向 ${r.realName}（${r.alipayAccount}）打款 ${fenToYuan(r.amount)} 元，确定通过？`,
      okText: '确认通过',
      cancelText: '取消',
      onOk: () => approve.mutateAsync(r.id),
    });
  }
  function askReject(r: OperatorWithdrawalRow) {
    void confirmPrompt(
      {
        title: `驳回提现 ${r.withdrawNo}`,
        content: '驳回原因会展示给卖家（2到200个字），冻结金额退回可用余额',
        placeholder: '请输入驳回原因',
        validator: (v) => v.trim().length >= 2 && v.trim().length <= 200,
        errorMessage: '请输入2到200个字的驳回原因',
        okText: '确认驳回',
        cancelText: '取消',
      },
      modal,
    ).then((reason) => {
      if (reason !== null) reject.mutate({ id: r.id, reason: reason.trim() });
    });
  }

  return (
    <div>
      <Typography.Title level={4}>提现审核</Typography.Title>
      <ListFilterBar
        fields={[{ kind: 'select', name: 'status', label: '状态', all: '全部状态', width: 140, options: optionsOf(WITHDRAW_STATUS_NAMES) }]}
        values={list.active}
        onChange={(patch) => list.filter(patch)}
      />
      <Table<OperatorWithdrawalRow>
        rowKey="id"
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={list.pagination(page.data?.total ?? 0)}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无提现申请' }}
        columns={[
          { title: '申请时间', dataIndex: 'createdAt', width: 170, render: (t: string) => formatDateTime(t) },
          { title: '提现单号', dataIndex: 'withdrawNo' },
          { title: '卖家', dataIndex: 'orgName' },
          { title: '金额（元）', dataIndex: 'amount', align: 'right', render: (f: number) => fenToYuan(f) },
          { title: '收款支付宝', dataIndex: 'alipayAccount', render: (a: string, r) => `${r.realName} ${a}` },
          { title: '状态', dataIndex: 'status', render: (s: WithdrawStatus) => <Tag color={STATUS_COLORS[s]}>{WITHDRAW_STATUS_NAMES[s]}</Tag> },
          { title: '说明', key: 'reason', render: (_, r) => r.rejectReason ?? r.failReason ?? '—' },
          {
            title: '操作',
            key: 'actions',
            fixed: 'right',
            render: (_, r) =>
              r.status === 'REVIEWING' ? (
                <Space>
                  <Button type="link" size="small" onClick={() => askApprove(r)}>
                    通过
                  </Button>
                  <Button type="link" size="small" danger onClick={() => askReject(r)}>
                    驳回
                  </Button>
                </Space>
              ) : r.status === 'TRANSFERRING' ? (
                <Button type="link" size="small" onClick={() => askApprove(r)}>
                  重试打款
                </Button>
              ) : null,
          },
        ]}
      />
    </div>
  );
}
