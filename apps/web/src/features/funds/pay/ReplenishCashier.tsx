/**
 * The cashier for replenish requests (补款): the named ones (?ids=1,2), or every pending one to
 * pick from. Paid from the balance (pay password) at once, or through Alipay's cashier; then
 * payCallback (e.g. bukuan → 充值记录) says where to go.
 */
import { fenToYuan, type ReplenishRow } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Form, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PAY_CALLBACKS } from '../../../app/redirects';
import { formatDateTime } from '../../../lib/date';
import { requestKey } from '../../../lib/request-key';
import { rowSelectionDefaults, withColumnMinWidth } from '../../../lib/table-defaults';
import { MONEY_QUERY_KEYS, paymentsApi, paymentsKeys } from '../payments-api';
import { type CashierMethod, PayMethodField } from './PayMethodField';

const columns = withColumnMinWidth<TableColumnsType<ReplenishRow>[number]>([
  { title: '补款单号', dataIndex: 'id', render: (id: number) => `BK${id}` },
  { title: '补款原因', dataIndex: 'reason', render: (r: string | null) => r ?? '—' },
  { title: '创建时间', dataIndex: 'createdAt', width: 170, render: (d: string) => formatDateTime(d) },
  { title: '金额（元）', dataIndex: 'amount', align: 'right', render: (f: number) => fenToYuan(f) },
  {
    title: '状态',
    dataIndex: 'status',
    render: (s: string) => (s === 'WAITING_PAYMENT' ? <Tag color="orange">待付款</Tag> : <Tag>{s === 'PAID' ? '已支付' : '已取消'}</Tag>),
  },
]);

export function ReplenishCashier({ ids, payCallback }: { ids: number[] | null; payCallback: string | null }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ payMethod: CashierMethod; payPassword?: string }>();
  const method = (Form.useWatch('payMethod', form) ?? 'BALANCE') as CashierMethod;
  const list = useQuery({ queryKey: paymentsKeys.replenish(ids), queryFn: () => paymentsApi.replenishList(ids) });
  const [picked, setPicked] = useState<number[] | null>(null);
  const key = useRef(requestKey());
  const rows = list.data ?? [];
  const waiting = rows.filter((r) => r.status === 'WAITING_PAYMENT');
  const chosen = waiting.filter((r) => (picked ?? waiting.map((w) => w.id)).includes(r.id));
  const total = chosen.reduce((s, r) => s + r.amount, 0);

  const pay = useMutation({
    mutationFn: (v: { payMethod: CashierMethod; payPassword?: string }) =>
      paymentsApi.payReplenish({
        ids: chosen.map((r) => r.id),
        payMethod: v.payMethod,
        ...(v.payMethod === 'BALANCE' ? { payPassword: v.payPassword } : {}),
        requestKey: key.current,
      }),
    onSuccess: (r) => {
      if (r.alipay?.payUrl) {
        window.location.assign(r.alipay.payUrl);
        return;
      }
      key.current = requestKey();
      form.setFieldsValue({ payPassword: undefined });
      setPicked(null);
      message.success(`支付成功，共 ¥${fenToYuan(r.amount)}`);
      for (const k of MONEY_QUERY_KEYS) void qc.invalidateQueries({ queryKey: k });
      const next = payCallback ? PAY_CALLBACKS[payCallback] : undefined;
      if (next) navigate(next);
    },
    onError: () => void qc.invalidateQueries({ queryKey: paymentsKeys.payPassword() }),
  });

  if (list.isSuccess && rows.length === 0) return <Empty description="没有待支付的补款单" />;
  return (
    <div>
      <Table<ReplenishRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          ...rowSelectionDefaults,
          selectedRowKeys: chosen.map((r) => r.id),
          getCheckboxProps: (r) => ({ disabled: r.status !== 'WAITING_PAYMENT' }),
          onChange: (keys) => setPicked(keys.map(Number)),
        }}
      />
      <Form
        form={form}
        labelCol={{ flex: '100px' }}
        style={{ marginTop: 16, maxWidth: 640 }}
        initialValues={{ payMethod: 'BALANCE' }}
        onFinish={(v) => pay.mutate(v)}
      >
        <Form.Item label="应付金额">
          <Typography.Text strong style={{ fontSize: 20, color: '#cf1322' }} data-testid="cashier-total">
            ¥{fenToYuan(total)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
            共 {chosen.length} 笔
          </Typography.Text>
        </Form.Item>
        <PayMethodField method={method} amountFen={total} />
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" disabled={chosen.length === 0} loading={pay.isPending}>
            {method === 'BALANCE' ? '确认支付' : '去支付宝支付'}
          </Button>
        </Form.Item>
      </Form>
    </div>
  );
}
