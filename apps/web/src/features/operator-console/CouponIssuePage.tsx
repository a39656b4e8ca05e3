/**
 * 优惠券发放 (/operator/coupons): issues a coupon to every seller or to the sellers named by their
 * organisation numbers (机构管理 shows them). Amounts are typed in yuan and sent as fen.
 */
import { type CouponIssueBody, yuanToFen } from '@dropship/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Radio, Typography } from 'antd';
import type { z } from 'zod';
import { call } from '../../app/api';
import { priceRule } from '../../lib/price';

interface Values {
  name: string;
  target: 'all' | 'some';
  orgIds?: string;
  amount: string;
  threshold?: string;
  validDays: number;
}

const issue = (body: z.input<typeof CouponIssueBody>) =>
  call<{ issued: number; batchNo: string }>({ method: 'POST', url: '/api/operator/coupons/issue', data: body });

/** "12, 15 18" → [12, 15, 18]; null when anything else is in it. */
function parseOrgIds(text: string): number[] | null {
  const parts = text.split(/[\s,，]+/).filter(Boolean);
  if (!parts.length || parts.some((p) => !/^\d{1,10}$/.test(p))) return null;
  return [...new Set(parts.map(Number))];
}

export default function CouponIssuePage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const target = Form.useWatch('target', form);
  const send = useMutation({
    mutationFn: issue,
    onSuccess: (r) => {
      message.success(`已发放 ${r.issued} 张（批次 ${r.batchNo}）`);
      form.resetFields();
    },
  });
  function submit(v: Values) {
    const orgIds = v.target === 'some' ? parseOrgIds(v.orgIds ?? '') : null;
    send.mutate({
      name: v.name,
      ...(v.target === 'all' ? { all: true } : { orgIds: orgIds ?? [] }),
      amountFen: yuanToFen(v.amount) ?? 0,
      thresholdFen: v.threshold ? (yuanToFen(v.threshold) ?? 0) : 0,
      validDays: v.validDays,
    });
  }
  return (
    <div>
      <Typography.Title level={4}>优惠券发放</Typography.Title>
      <Card>
        <Form form={form} layout="vertical" onFinish={submit} initialValues={{ target: 'all', validDays: 30 }} style={{ maxWidth: 560 }}>
          <Form.Item name="name" label="优惠券名称" rules={[{ required: true, whitespace: true, message: '请输入优惠券名称' }]}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="target" label="发放对象">
            <Radio.Group
              options={[
                { value: 'all', label: '全部卖家' },
                { value: 'some', label: '指定卖家' },
              ]}
            />
          </Form.Item>
          {target === 'some' && (
            <Form.Item
              name="orgIds"
              label="卖家机构编号"
              rules={[
                {
                  validator: async (_, v: string | undefined) =>
                    parseOrgIds(v ?? '') ? undefined : Promise.reject(new Error('请输入机构编号，多个用逗号或空格分隔')),
                },
              ]}
            >
              <Input.TextArea rows={2} placeholder="如 12, 15, 18" />
            </Form.Item>
          )}
          <Form.Item name="amount" label="优惠金额（元）" rules={[{ required: true, message: '请输入优惠金额' }, priceRule]}>
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="threshold" label="使用门槛（元，0或不填为无门槛）" rules={[priceRule]}>
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="validDays" label="有效天数" rules={[{ required: true, message: '请输入有效天数' }]}>
            <InputNumber min={1} max={365} precision={0} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            发放
          </Button>
        </Form>
      </Card>
    </div>
  );
}
