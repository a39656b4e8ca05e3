/**
 * 购买会员: from the balance (pay password, paid at once) or by Alipay (the cashier in a new tab with
 * payCallback=member; this dialog polls our server, which asks Alipay, until the trade is paid). One
 * request key per dialog, so a double click buys once.
 */
import { fenToYuan, type MemberPlanOffer } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Modal, Result, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../lib/date';
import { requestKey } from '../../lib/request-key';
import { type CashierMethod, PayMethodField } from '../funds/pay/PayMethodField';
import { MONEY_QUERY_KEYS } from '../funds/payments-api';
import { benefitText, memberApi, memberKeys } from './api';

export function MemberBuyDialog({ plan, onClose }: { plan: MemberPlanOffer | null; onClose(): void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ payMethod: CashierMethod; payPassword?: string }>();
  const method = (Form.useWatch('payMethod', form) ?? 'BALANCE') as CashierMethod;
  const key = useRef(requestKey());
  const [trade, setTrade] = useState<string | null>(null);
  const settled = useRef(false);

  useEffect(() => {
    if (plan) {
      key.current = requestKey();
      settled.current = false;
      setTrade(null);
    }
  }, [plan]);

  const done = () => {
    for (const k of MONEY_QUERY_KEYS) void qc.invalidateQueries({ queryKey: k });
    void qc.invalidateQueries({ queryKey: memberKeys.all });
    onClose();
  };
  const buy = useMutation({
    mutationFn: (v: { payMethod: CashierMethod; payPassword?: string }) =>
      memberApi.buy({
        planId: plan?.id ?? 0,
        payMethod: v.payMethod,
        ...(v.payMethod === 'BALANCE' ? { payPassword: v.payPassword } : {}),
        requestKey: key.current,
      }),
    onSuccess: (r) => {
      if (r.alipay) {
        setTrade(r.alipay.outTradeNo);
        if (r.alipay.payUrl) window.open(r.alipay.payUrl, '_blank', 'noopener');
        return;
      }
      message.success(`会员已开通，有效期至 ${formatDateTime(r.expiresAt)}`);
      done();
    },
  });
  const payment = useQuery({
    queryKey: memberKeys.payment(trade ?? ''),
    queryFn: () => memberApi.payment(trade ?? ''),
    enabled: trade !== null,
    refetchInterval: (q) => (q.state.data?.status === 'WAITING_PAYMENT' ? 3_000 : false),
  });
  const status = payment.data?.status;
  const afterPaid = useRef(done);
  afterPaid.current = done;
  useEffect(() => {
    if (status !== 'PAID' || settled.current) return;
    settled.current = true;
    if (payment.data?.expiresAt) message.success(`支付宝支付成功，会员有效期至 ${formatDateTime(payment.data.expiresAt)}`);
    else message.warning('支付宝已付款，但该套餐已下架或调价，款项已转入余额');
    afterPaid.current();
  }, [status, payment.data?.expiresAt, message]);

  const fen = plan?.priceFen ?? 0;
  return (
    <Modal title="购买会员" open={plan !== null} onCancel={onClose} footer={null} destroyOnHidden width={520}>
      {trade ? (
        <Result
          status={status === 'CLOSED' ? 'warning' : 'info'}
          title={status === 'CLOSED' ? '支付宝交易已关闭，请重新支付' : '请在新打开的支付宝页面完成付款'}
          subTitle={`支付宝交易号 ${trade}，付款后本页自动更新`}
          extra={
            <Space>
              <Button onClick={() => void payment.refetch()} loading={payment.isFetching}>
                我已完成付款
              </Button>
              <Button onClick={onClose}>稍后再付</Button>
            </Space>
          }
        />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ payMethod: 'BALANCE' }} onFinish={(v) => buy.mutate(v)}>
          <Typography.Paragraph>
            {plan?.name}（{plan?.termDays}天，{plan ? benefitText(plan) : ''}）{' '}
            <Typography.Text strong style={{ fontSize: 20, color: '#f5222d' }}>
              ¥{fenToYuan(fen)}
            </Typography.Text>
          </Typography.Paragraph>
          <PayMethodField method={method} amountFen={fen} />
          <Button type="primary" htmlType="submit" block loading={buy.isPending}>
            {method === 'ALIPAY_WEB' ? '去支付宝付款' : `确认支付 ¥${fenToYuan(fen)}`}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
