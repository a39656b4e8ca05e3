/**
 * 支付寄回运费: from the balance (pay password, paid at once) or by Alipay (the cashier opens in a new
 * tab with payCallback=problem; this dialog asks our server, which asks Alipay, until the trade is paid). The
 * cashier's method field is the funds' own; one request key per dialog, so a double click pays once.
 */
import { fenToYuan } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Modal, Result, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { requestKey } from '../../../lib/request-key';
import { type CashierMethod, PayMethodField } from '../../funds/pay/PayMethodField';
import { MONEY_QUERY_KEYS } from '../../funds/payments-api';
import { problemApi, problemKeys } from '../api';

export interface FreightTarget {
  id: number;
  barcodeNo: string | null;
  freightFen: number;
}

export function FreightPayDialog({ target, onClose, onPaid }: { target: FreightTarget | null; onClose(): void; onPaid(): void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ payMethod: CashierMethod; payPassword?: string }>();
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

  const paidNow = () => {
    for (const k of MONEY_QUERY_KEYS) void qc.invalidateQueries({ queryKey: k });
    void qc.invalidateQueries({ queryKey: problemKeys.all });
    onPaid();
  };
  const pay = useMutation({
    mutationFn: (v: { payMethod: CashierMethod; payPassword?: string }) =>
      problemApi.pay({
        id: target?.id ?? 0,
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
      message.success(`运费 ¥${fenToYuan(r.amountFen)} 已支付，仓库将尽快寄回`);
      paidNow();
    },
  });
  // While the Alipay cashier is open elsewhere: ask every 3 s (the server asks Alipay when unpaid).
  const payment = useQuery({
    queryKey: problemKeys.payment(trade ?? ''),
    queryFn: () => problemApi.payment(trade ?? ''),
    enabled: trade !== null,
    refetchInterval: (q) => (q.state.data?.status === 'WAITING_PAYMENT' ? 3_000 : false),
  });
  const status = payment.data?.status;
  const afterPaid = useRef(paidNow);
  afterPaid.current = paidNow;
  useEffect(() => {
    if (status !== 'PAID' || settled.current) return;
    settled.current = true;
    if (payment.data?.parcelStatus === 'WAITING_RETURN') message.success('支付宝支付成功，仓库将尽快寄回');
    else message.warning('支付宝已付款，但该包裹已不在待支付运费状态，款项已转入余额');
    afterPaid.current();
  }, [status, payment.data?.parcelStatus, message]);

  const fen = target?.freightFen ?? 0;
  return (
    <Modal title="支付寄回运费" open={target !== null} onCancel={onClose} footer={null} destroyOnHidden width={520}>
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
        <Form form={form} layout="vertical" initialValues={{ payMethod: 'BALANCE' }} onFinish={(v) => pay.mutate(v)}>
          <Typography.Paragraph>
            问题件 {target?.barcodeNo ?? ''} 寄回运费{' '}
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
