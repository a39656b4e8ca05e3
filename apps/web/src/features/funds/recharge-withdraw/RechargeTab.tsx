/** 充值: an amount in yuan, then Alipay's cashier; paying there brings the seller back to 余额 (payCallback=recharge). */
import { type AlipayPayMethod, MAX_AMOUNT_FEN } from '@dropship/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Radio, Space, Typography } from 'antd';
import { paymentsApi } from '../payments-api';
import { fenOf, normalizeYuan, yuanRules } from './yuan-field';

const QUICK = ['100', '500', '1000', '5000'];

export function RechargeTab() {
  const [form] = Form.useForm<{ amount: string; payMethod: AlipayPayMethod }>();
  const recharge = useMutation({
    mutationFn: (v: { amount: string; payMethod: AlipayPayMethod }) => paymentsApi.recharge({ amount: fenOf(v.amount), payMethod: v.payMethod }),
    onSuccess: (r) => {
      // Alipay's cashier is a page of its own: the whole window goes there and comes back by return_url.
      if (r.payUrl) window.location.assign(r.payUrl);
    },
  });
  return (
    <Form form={form} labelCol={{ flex: '100px' }} style={{ maxWidth: 560 }} initialValues={{ payMethod: 'ALIPAY_WEB' }} onFinish={(v) => recharge.mutate(v)}>
      <Form.Item label="充值金额" required>
        <Space direction="vertical">
          <Form.Item name="amount" noStyle normalize={normalizeYuan} rules={yuanRules('充值金额', 1, MAX_AMOUNT_FEN)}>
            <Input prefix="¥" suffix="元" placeholder="最多两位小数" style={{ width: 220 }} aria-label="充值金额" inputMode="decimal" />
          </Form.Item>
          <Space wrap>
            {QUICK.map((q) => (
              <Button key={q} size="small" onClick={() => form.setFieldsValue({ amount: q })}>
                ¥{q}
              </Button>
            ))}
          </Space>
        </Space>
      </Form.Item>
      <Form.Item name="payMethod" label="支付方式">
        <Radio.Group
          options={[
            { value: 'ALIPAY_WEB', label: '支付宝（电脑网页）' },
            { value: 'ALIPAY_WAP', label: '支付宝（手机网页）' },
          ]}
        />
      </Form.Item>
      <Form.Item label=" " colon={false} extra="将跳转到支付宝收银台，支付完成后自动返回余额页查看到账情况。">
        <Button type="primary" htmlType="submit" loading={recharge.isPending || recharge.isSuccess}>
          {recharge.isSuccess ? '正在前往支付宝…' : '去支付宝充值'}
        </Button>
      </Form.Item>
      <Typography.Paragraph type="secondary" style={{ marginLeft: 100 }}>
        充值到账后可用于支付代发订单、补款等；单笔最多1000万元。
      </Typography.Paragraph>
    </Form>
  );
}
