/**
 * 支付订单: one order or a batch, from the balance (pay password, paid at once) or by Alipay (one
 * trade for the batch: the cashier opens in a new tab and this dialog asks our server, which asks
 * Alipay, until the trade is paid), or 货到付款 when the seller has the service and enough credit
 * left (pay password; the money is taken from the balance when the order ships). One request key
 * per dialog, so a double click pays once.
 */
import { fenToYuan } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Modal, Radio, Result, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { requestKey } from '../../../lib/request-key';
import { type CashierMethod, PayMethodField } from '../../funds/pay/PayMethodField';
import { MONEY_QUERY_KEYS } from '../../funds/payments-api';
import { dropshipApi, dropshipKeys } from '../api';

type Method = CashierMethod | 'PAY_LATER';

/** 货到付款: offered while the service is on; refused by the server when the batch exceeds the credit left. */
function PayLaterRadio({ leftFen, amountFen }: { leftFen: number; amountFen: number }) {
  const short = amountFen > leftFen;
  return (
    <Radio value="PAY_LATER" disabled={short}>
      货到付款{' '}
      <Typography.Text type="secondary">
        （剩余额度 ¥{fenToYuan(leftFen)}
        {short ? '，额度不足' : '，发货时从余额扣款'}）
      </Typography.Text>
    </Radio>
  );
}

export interface PayTarget {
  id: number;
  orderNo: string;
  totalFen: number;
}

interface Props {
  orders: PayTarget[] | null;
  onClose(): void;
  onPaid(): void;
}

export function PayDialog({ orders, onClose, onPaid }: Props) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ payMethod: Method; payPassword?: string }>();
  const method = (Form.useWatch('payMethod', form) ?? 'BALANCE') as Method;
  const key = useRef(requestKey());
  const [trade, setTrade] = useState<string | null>(null);
  const settled = useRef(false);
  const total = (orders ?? []).reduce((n, o) => n + o.totalFen, 0);
  const credit = useQuery({ queryKey: dropshipKeys.payLaterCredit(), queryFn: dropshipApi.payLaterCredit, enabled: orders !== null });

  useEffect(() => {
    if (orders) {
      key.current = requestKey();
      settled.current = false;
      setTrade(null);
    }
  }, [orders]);

  const paidNow = () => {
    for (const k of MONEY_QUERY_KEYS) void qc.invalidateQueries({ queryKey: k });
    void qc.invalidateQueries({ queryKey: dropshipKeys.all });
    onPaid();
  };

  const pay = useMutation({
    mutationFn: (v: { payMethod: Method; payPassword?: string }) =>
      dropshipApi.pay({
        orderIds: (orders ?? []).map((o) => o.id),
        payMethod: v.payMethod,
        ...(v.payMethod !== 'ALIPAY_WEB' ? { payPassword: v.payPassword } : {}),
        requestKey: key.current,
      }),
    onSuccess: (r) => {
      if (r.alipay) {
        setTrade(r.alipay.outTradeNo);
        if (r.alipay.payUrl) window.open(r.alipay.payUrl, '_blank', 'noopener');
        return;
      }
      message.success(
        r.payMethod === 'PAY_LATER'
          ? `货到付款成功，共 ¥${fenToYuan(r.amountFen)}，订单已进入待拿货，发货时从余额扣款`
          : `支付成功，共 ¥${fenToYuan(r.amountFen)}，订单已进入待拿货`,
      );
      paidNow();
    },
  });

  // While the Alipay cashier is open elsewhere: ask every 3 s (the server asks Alipay when unpaid).
  const status = useQuery({
    queryKey: dropshipKeys.alipay(trade ?? ''),
    queryFn: () => dropshipApi.alipayStatus(trade ?? ''),
    enabled: trade !== null,
    refetchInterval: (q) => (q.state.data?.status === 'WAITING_PAYMENT' ? 3_000 : false),
  });
  const tradeStatus = status.data?.status;
  // The latest paidNow, so the effect below depends only on the trade's status.
  const afterPaid = useRef(paidNow);
  afterPaid.current = paidNow;
  useEffect(() => {
    if (tradeStatus !== 'PAID' || settled.current) return;
    settled.current = true;
    message.success('支付宝支付成功，订单已进入待拿货');
    afterPaid.current();
  }, [tradeStatus, message]);

  return (
    <Modal title="支付订单" open={orders !== null} onCancel={onClose} footer={null} destroyOnHidden width={520}>
      {trade ? (
        <Result
          status={status.data?.status === 'CLOSED' ? 'warning' : 'info'}
          title={status.data?.status === 'CLOSED' ? '支付宝交易已关闭，请重新支付' : '请在新打开的支付宝页面完成付款'}
          subTitle={`支付宝交易号 ${trade}，付款后本页自动更新`}
          extra={
            <Space>
              <Button onClick={() => void status.refetch()} loading={status.isFetching}>
                我已完成付款
              </Button>
              <Button onClick={onClose}>稍后再付</Button>
            </Space>
          }
        />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ payMethod: 'BALANCE' }} onFinish={(v) => pay.mutate(v)}>
          <Typography.Paragraph>
            共 {orders?.length ?? 0} 个订单，应付{' '}
            <Typography.Text strong style={{ fontSize: 20, color: '#f5222d' }}>
              ¥{fenToYuan(total)}
            </Typography.Text>
          </Typography.Paragraph>
          {(orders?.length ?? 0) > 1 && <Alert type="info" showIcon style={{ marginBottom: 12 }} title="批量支付：全部成功或全部不支付" />}
          <PayMethodField
            method={method}
            amountFen={total}
            passwordMethods={['BALANCE', 'PAY_LATER']}
            extra={credit.data?.enabled && <PayLaterRadio leftFen={credit.data.leftFen} amountFen={total} />}
          />
          <Button type="primary" htmlType="submit" block loading={pay.isPending}>
            {method === 'ALIPAY_WEB' ? '去支付宝付款' : method === 'PAY_LATER' ? `确认货到付款 ¥${fenToYuan(total)}` : `确认支付 ¥${fenToYuan(total)}`}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
