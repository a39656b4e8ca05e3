/**
 * 提现: to the bound Alipay account, with the pay password. The money is frozen at once and paid
 * out after the platform's review; the list below shows each withdrawal's state.
 */
import { fenToYuan, MIN_WITHDRAW_FEN } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Divider, Form, Input, Space, Typography } from 'antd';
import { useRef } from 'react';
import { Link } from 'react-router';
import { requestKey } from '../../../lib/request-key';
import { MONEY_QUERY_KEYS, paymentsApi, paymentsKeys } from '../payments-api';
import { PayPasswordInput, payPasswordRules } from '../reset-pay-pass/PayPasswordInput';
import { WithdrawalList } from './WithdrawalList';
import { fenOf, normalizeYuan, yuanRules } from './yuan-field';

const BACK = encodeURIComponent('/funds/rechargeWithdraw?tab=withdraw');

export function WithdrawTab() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ amount: string; payPassword: string }>();
  const account = useQuery({ queryKey: paymentsKeys.withdrawAccount(), queryFn: paymentsApi.withdrawAccount });
  const balance = useQuery({ queryKey: paymentsKeys.balance(), queryFn: paymentsApi.balance });
  const payPassword = useQuery({ queryKey: paymentsKeys.payPassword(), queryFn: paymentsApi.payPasswordStatus });
  // One key per intent: a retry of the same submit cannot withdraw twice; a new withdrawal gets a new key.
  const key = useRef(requestKey());
  const withdraw = useMutation({
    mutationFn: (v: { amount: string; payPassword: string }) =>
      paymentsApi.withdraw({ amount: fenOf(v.amount), payPassword: v.payPassword, requestKey: key.current }),
    onSuccess: (w) => {
      key.current = requestKey();
      form.resetFields();
      message.success(`已提交提现 ¥${fenToYuan(w.amount)}，金额已冻结，平台审核后转入支付宝`);
      for (const k of MONEY_QUERY_KEYS) void qc.invalidateQueries({ queryKey: k });
    },
    onError: () => void qc.invalidateQueries({ queryKey: paymentsKeys.payPassword() }),
  });
  const available = balance.data?.available ?? 0;

  return (
    <div>
      {account.data && !account.data.bound && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="尚未绑定提现支付宝账号"
          action={<Link to={`/funds/bindAlipay?back=${BACK}`}>去绑定</Link>}
        />
      )}
      {payPassword.data && !payPassword.data.isSet && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="提现需要支付密码，请先设置"
          action={<Link to={`/funds/resetPayPass?back=${BACK}`}>去设置</Link>}
        />
      )}
      <Form form={form} labelCol={{ flex: '100px' }} style={{ maxWidth: 560 }} onFinish={(v) => withdraw.mutate(v)} disabled={!account.data?.bound}>
        <Form.Item label="提现到">
          {account.data?.bound ? (
            <Space>
              <span data-testid="withdraw-account">
                {account.data.alipayAccount}（{account.data.realName}）
              </span>
              <Link to={`/funds/bindAlipay?back=${BACK}`}>更换</Link>
            </Space>
          ) : (
            <Typography.Text type="secondary">未绑定</Typography.Text>
          )}
        </Form.Item>
        <Form.Item label="可用余额">¥{fenToYuan(available)}</Form.Item>
        <Form.Item label="提现金额" required>
          <Space>
            <Form.Item name="amount" noStyle normalize={normalizeYuan} rules={yuanRules('提现金额', MIN_WITHDRAW_FEN, Math.max(MIN_WITHDRAW_FEN, available))}>
              <Input
                prefix="¥"
                suffix="元"
                placeholder={`至少${fenToYuan(MIN_WITHDRAW_FEN)}元`}
                style={{ width: 220 }}
                aria-label="提现金额"
                inputMode="decimal"
              />
            </Form.Item>
            <Button type="link" onClick={() => form.setFieldsValue({ amount: fenToYuan(available) })}>
              全部提现
            </Button>
          </Space>
        </Form.Item>
        <Form.Item name="payPassword" label="支付密码" rules={payPasswordRules()}>
          <PayPasswordInput aria-label="支付密码" />
        </Form.Item>
        <Form.Item label=" " colon={false} extra="提交后金额立即冻结，平台审核通过后转入绑定的支付宝账号；驳回或打款失败会退回可用余额。">
          <Button type="primary" htmlType="submit" loading={withdraw.isPending}>
            申请提现
          </Button>
        </Form.Item>
      </Form>
      <Divider titlePlacement="start">提现记录</Divider>
      <WithdrawalList />
    </div>
  );
}
