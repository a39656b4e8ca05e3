/** The list's filters: numbers, phone tail, express, order day range. 查询 writes them to the address. */
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { call } from '../../../app/api';
import type { FilterValues } from '../list-filters';

interface FormValues {
  orderNo?: string;
  platformOrderId?: string;
  phoneTail?: string;
  expressCode?: string;
  trackingNo?: string;
  speedDelivery?: string;
  created?: [Dayjs, Dayjs] | null;
}

const toForm = (f: FilterValues): FormValues => ({
  ...f,
  created: f.createdFrom && f.createdTo ? [dayjs(f.createdFrom), dayjs(f.createdTo)] : null,
});

export function DropshipFilterForm({ value, onSearch }: { value: FilterValues; onSearch(f: FilterValues): void }) {
  const [form] = Form.useForm<FormValues>();
  const express = useQuery({
    queryKey: ['express', 'all'],
    queryFn: () => call<{ code: string; name: string }[]>({ method: 'GET', url: '/api/b2/orders/expressAll' }),
    staleTime: 300_000,
  });
  useEffect(
    () =>
      form.setFieldsValue({
        orderNo: undefined,
        platformOrderId: undefined,
        phoneTail: undefined,
        expressCode: undefined,
        trackingNo: undefined,
        speedDelivery: undefined,
        ...toForm(value),
      }),
    [form, value],
  );
  const submit = (v: FormValues) => {
    const { created, ...rest } = v;
    const out: FilterValues = { ...(value.shopId ? { shopId: value.shopId } : {}) };
    for (const [k, x] of Object.entries(rest)) if (typeof x === 'string' && x.trim()) out[k as keyof FilterValues] = x.trim();
    if (created) {
      out.createdFrom = created[0].format('YYYY-MM-DD');
      out.createdTo = created[1].format('YYYY-MM-DD');
    }
    onSearch(out);
  };
  return (
    <Form form={form} layout="inline" onFinish={submit} style={{ marginBottom: 12, rowGap: 8 }}>
      <Form.Item name="orderNo" label="代发订单号">
        <Input allowClear maxLength={32} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="platformOrderId" label="店铺订单号">
        <Input allowClear maxLength={64} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="phoneTail" label="手机尾号" rules={[{ pattern: /^\d{4}$/, message: '请输入4位数字' }]}>
        <Input allowClear maxLength={4} style={{ width: 100 }} />
      </Form.Item>
      <Form.Item name="expressCode" label="快递">
        <Select allowClear style={{ width: 130 }} options={(express.data ?? []).map((e) => ({ value: e.code, label: e.name }))} />
      </Form.Item>
      <Form.Item name="trackingNo" label="快递单号">
        <Input allowClear maxLength={40} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="speedDelivery" label="加急">
        <Select
          allowClear
          style={{ width: 110 }}
          options={[
            { value: 'YES', label: '加急' },
            { value: 'NO', label: '非加急' },
          ]}
        />
      </Form.Item>
      <Form.Item name="created" label="下单日期">
        <DatePicker.RangePicker />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button onClick={() => onSearch({})}>重置</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
