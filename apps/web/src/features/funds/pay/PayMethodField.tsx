/** 支付方式 on the cashier: 余额 (with the available balance and the pay password) or 支付宝. */
import { fenToYuan } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Radio, Space, Typography } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { paymentsApi, paymentsKeys } from '../payments-api';
import { PayPasswordInput, payPasswordRules } from '../reset-pay-pass/PayPasswordInput';

export type CashierMethod = 'BALANCE' | 'ALIPAY_WEB';

interface Props {
  method: string;
  amountFen: number;
  /** More choices after 支付宝 (the order payment's 货到付款), and the methods that ask for the pay password. */
  extra?: ReactNode;
  passwordMethods?: string[];
}

export function PayMethodField({ method, amountFen, extra, passwordMethods = ['BALANCE'] }: Props) {
  const asksPassword = passwordMethods.includes(method);
  const location = useLocation();
  const here = encodeURIComponent(`${location.pathname}${location.search}`);
  const balance = useQuery({ queryKey: paymentsKeys.balance(), queryFn: paymentsApi.balance });
  const payPassword = useQuery({ queryKey: paymentsKeys.payPassword(), queryFn: paymentsApi.payPasswordStatus });
  const available = balance.data?.available ?? 0;
  const short = amountFen > available;
  // When the balance cannot pay, start on Alipay (once: the seller's own choice is never overridden).
  const form = Form.useFormInstance();
  const chosen = useRef(false);
  useEffect(() => {
    if (chosen.current || !balance.data || amountFen === 0) return;
    chosen.current = true;
    if (short && method === 'BALANCE') form.setFieldValue('payMethod', 'ALIPAY_WEB');
  }, [balance.data, amountFen, short, method, form]);
  return (
    <>
      <Form.Item name="payMethod" label="支付方式">
        <Radio.Group>
          <Space direction="vertical">
            <Radio value="BALANCE" disabled={short && method !== 'BALANCE'}>
              余额支付 <Typography.Text type="secondary">（可用 ¥{fenToYuan(available)}）</Typography.Text>
              {short && (
                <Link to="/funds/rechargeWithdraw?tab=recharge" style={{ marginLeft: 8 }}>
                  余额不足，去充值
                </Link>
              )}
            </Radio>
            <Radio value="ALIPAY_WEB">支付宝</Radio>
            {extra}
          </Space>
        </Radio.Group>
      </Form.Item>
      {asksPassword && payPassword.data && !payPassword.data.isSet && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="余额支付需要支付密码，请先设置"
          action={<Link to={`/funds/resetPayPass?back=${here}`}>去设置</Link>}
        />
      )}
      {asksPassword && (
        <Form.Item label="支付密码" required>
          <Space>
            <Form.Item name="payPassword" noStyle rules={payPasswordRules()}>
              <PayPasswordInput aria-label="支付密码" />
            </Form.Item>
            <Link to={`/funds/resetPayPass?back=${here}`}>忘记支付密码？</Link>
          </Space>
        </Form.Item>
      )}
    </>
  );
}
