/**
 * One payment for one thing, in a dialog: from the balance (pay password, paid at once) or by Alipay
 * (the cashier opens in a new tab with the caller's payCallback; the dialog asks our server, which asks
 * Alipay, every 3 s until the trade is paid or closed). One request key per target, so a double click
 * pays once. 购买会员 and 支付寄回运费 are this dialog with their own call, words and what follows.
 */
import { type AlipayPayResult, fenToYuan } from '@dropship/contract';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Modal, Result, Space, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { requestKey } from '../../../lib/request-key';
import { MONEY_QUERY_KEYS } from '../payments-api';
import { type CashierMethod, PayMethodField } from './PayMethodField';

export interface CashierPayment {
  payMethod: CashierMethod;
  payPassword?: string;
}

interface Props<R extends { alipay?: AlipayPayResult | null }, P extends { status: string }> {
  title: string;
  /** What is paid for; null closes the dialog. A new target starts afresh with a new request key. */
  target: object | null;
  amountFen: number;
  /** The line above the amount: what is paid for. */
  what: ReactNode;
  pay(p: CashierPayment, requestKey: string): Promise<R>;
  paymentKey(outTradeNo: string): QueryKey;
  payment(outTradeNo: string): Promise<P>;
  /** Paid from the balance: say so and close. */
  onPaidNow(r: R): void;
  /** The Alipay trade is paid (the server has settled it): say what became of it and close. */
  onAlipayPaid(p: P): void;
  onClose(): void;
}

export function CashierPayModal<R extends { alipay?: AlipayPayResult | null }, P extends { status: string }>(props: Props<R, P>) {
  const { target, amountFen: fen } = props;
  const qc = useQueryClient();
  const [form] = Form.useForm<CashierPayment>();
  const method = (Form.useWatch('payMethod', form) ?? 'BALANCE') as CashierMethod;
  const key = useRef(requestKey());
  const [trade, setTrade] = useState<string | null>(null);
  const settled = useRef(false);

  useEffect(() => {
    if (target) {
      key.current = requestKey();
      settled.current = false;
      setTrade(null);
    }
  }, [target]);

  const moneyMoved = useRef(() => {
    for (const k of MONEY_QUERY_KEYS) void qc.invalidateQueries({ queryKey: k });
  });
  const pay = useMutation({
    mutationFn: (v: CashierPayment) => props.pay({ payMethod: v.payMethod, ...(v.payMethod === 'BALANCE' ? { payPassword: v.payPassword } : {}) }, key.current),
    onSuccess: (r) => {
      if (r.alipay) {
        setTrade(r.alipay.outTradeNo);
        if (r.alipay.payUrl) window.open(r.alipay.payUrl, '_blank', 'noopener');
        return;
      }
      moneyMoved.current();
      props.onPaidNow(r);
    },
  });
  // While the Alipay cashier is open elsewhere: ask every 3 s (the server asks Alipay when unpaid).
  const payment = useQuery({
    queryKey: props.paymentKey(trade ?? ''),
    queryFn: () => props.payment(trade ?? ''),
    enabled: trade !== null,
    refetchInterval: (q) => (q.state.data?.status === 'WAITING_PAYMENT' ? 3_000 : false),
  });
  const status = payment.data?.status;
  const afterPaid = useRef(props.onAlipayPaid);
  afterPaid.current = props.onAlipayPaid;
  useEffect(() => {
    if (status !== 'PAID' || settled.current || !payment.data) return;
    settled.current = true;
    moneyMoved.current();
    afterPaid.current(payment.data);
  }, [status, payment.data]);

  return (
    <Modal title={props.title} open={target !== null} onCancel={props.onClose} footer={null} destroyOnHidden width={520}>
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
              <Button onClick={props.onClose}>稍后再付</Button>
            </Space>
          }
        />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ payMethod: 'BALANCE' }} onFinish={(v) => pay.mutate(v)}>
          <Typography.Paragraph>
            {props.what}{' '}
            <Typography.Text strong style={{ fontSize: 20, color: '#f5222d' }}>
              ¥{fenToYuan(fen)}
            </Typography.Text>
          </Typography.Paragraph>
          <PayMethodField method={method} amountFen={fen} />
          <Button type="primary" htmlType="submit" block loading={pay.isPending}>
            {method === 'ALIPAY_WEB' ? '去支付宝付款' : `确认支付 ¥${fenToYuan(fen)}`}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
