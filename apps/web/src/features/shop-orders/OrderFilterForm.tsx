/** The list's filter form; submitting writes the filters into the URL (the page reads them from there). */
import {
  CHANNEL_NAMES,
  Channel,
  DROPSHIP_STATUS_NAMES,
  REMARK_FILTER_NAMES,
  SELLER_FLAG_NAMES,
  SHOP_ORDER_STATUS_NAMES,
  SHOP_REFUND_STATE_NAMES,
} from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { shopOrderKeys, shopOrdersApi } from './api';
import type { FilterValues } from './order-filters';

type FormValues = Omit<FilterValues, 'paidFrom' | 'paidTo'> & { paid?: [Dayjs, Dayjs] | null };

const optionsOf = (names: Record<string, string>) => Object.entries(names).map(([value, label]) => ({ value, label }));
const FIELD = { style: { width: 200 } } as const;

export function OrderFilterForm({ value, onSearch }: { value: FilterValues; onSearch(f: FilterValues): void }) {
  const [form] = Form.useForm<FormValues>();
  const shops = useQuery({ queryKey: shopOrderKeys.shopOptions(), queryFn: shopOrdersApi.shopOptions });

  useEffect(() => {
    const { paidFrom, paidTo, ...rest } = value;
    form.resetFields();
    form.setFieldsValue({ ...rest, paid: paidFrom && paidTo ? [dayjs(paidFrom), dayjs(paidTo)] : null });
  }, [value, form]);

  const submit = (v: FormValues) => {
    const { paid, ...rest } = v;
    const out: FilterValues = {};
    for (const [k, x] of Object.entries(rest)) if (x !== undefined && x !== null && String(x).trim() !== '') out[k as keyof FilterValues] = String(x).trim();
    if (paid?.[0] && paid[1]) {
      out.paidFrom = paid[0].format('YYYY-MM-DD');
      out.paidTo = paid[1].format('YYYY-MM-DD');
    }
    onSearch(out);
  };

  return (
    <Form form={form} layout="inline" onFinish={submit} style={{ rowGap: 12, marginBottom: 12 }}>
      <Form.Item name="shopId" label="店铺">
        <Select {...FIELD} allowClear placeholder="全部店铺" options={(shops.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))} />
      </Form.Item>
      <Form.Item name="channel" label="平台">
        <Select {...FIELD} allowClear placeholder="全部平台" options={Channel.options.map((c) => ({ value: c, label: CHANNEL_NAMES[c] }))} />
      </Form.Item>
      <Form.Item name="status" label="订单状态">
        <Select {...FIELD} allowClear placeholder="全部" options={optionsOf(SHOP_ORDER_STATUS_NAMES)} />
      </Form.Item>
      <Form.Item name="dropshipStatus" label="代发状态">
        <Select {...FIELD} allowClear placeholder="全部" options={optionsOf(DROPSHIP_STATUS_NAMES)} />
      </Form.Item>
      <Form.Item name="refundState" label="售后状态">
        <Select {...FIELD} allowClear placeholder="全部" options={optionsOf(SHOP_REFUND_STATE_NAMES)} />
      </Form.Item>
      <Form.Item name="paid" label="付款时间">
        <DatePicker.RangePicker style={{ width: 260 }} />
      </Form.Item>
      <Form.Item name="platformOrderId" label="订单编号">
        <Input {...FIELD} allowClear maxLength={64} />
      </Form.Item>
      <Form.Item name="buyerNick" label="买家昵称">
        <Input {...FIELD} allowClear maxLength={64} />
      </Form.Item>
      <Form.Item name="phoneTail" label="手机尾号" rules={[{ pattern: /^\d{4}$/, message: '请输入手机号后4位数字' }]}>
        <Input {...FIELD} allowClear maxLength={4} placeholder="后4位" />
      </Form.Item>
      <Form.Item name="sku" label="商品编码">
        <Input {...FIELD} allowClear maxLength={64} placeholder="商家编码 / SKU ID" />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Select {...FIELD} allowClear placeholder="全部" options={optionsOf(REMARK_FILTER_NAMES)} />
      </Form.Item>
      <Form.Item name="sellerFlag" label="旗帜">
        <Select {...FIELD} allowClear placeholder="全部" options={optionsOf(SELLER_FLAG_NAMES)} />
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
