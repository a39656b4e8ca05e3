/** The list's filters; 查询 writes them to the address (the page reads them back from there). */
import { TAKING_ITEM_STATUS_NAMES, type TakePicker } from '@dropship/contract';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import type { FilterValues } from '../filters';

type FormValues = Omit<FilterValues, 'createdFrom' | 'createdTo'> & { created?: [Dayjs, Dayjs] | null };

export function TakeFilterForm({ value, pickers, onSearch }: { value: FilterValues; pickers: TakePicker[]; onSearch(f: FilterValues): void }) {
  const [form] = Form.useForm<FormValues>();
  useEffect(() => {
    const { createdFrom, createdTo, ...rest } = value;
    form.resetFields();
    form.setFieldsValue({ ...rest, created: createdFrom && createdTo ? [dayjs(createdFrom), dayjs(createdTo)] : null });
  }, [form, value]);
  const submit = (v: FormValues) => {
    const { created, ...rest } = v;
    const out: FilterValues = {};
    for (const [k, x] of Object.entries(rest)) if (typeof x === 'string' && x.trim()) out[k as keyof FilterValues] = x.trim();
    if (created) {
      out.createdFrom = created[0].format('YYYY-MM-DD');
      out.createdTo = created[1].format('YYYY-MM-DD');
    }
    onSearch(out);
  };
  return (
    <Form form={form} layout="inline" onFinish={submit} style={{ marginBottom: 12, rowGap: 8 }}>
      <Form.Item name="takeCode" label="拿货码" rules={[{ pattern: /^\d{12}$/, message: '拿货码是12位数字' }]}>
        <Input allowClear maxLength={12} style={{ width: 150 }} />
      </Form.Item>
      <Form.Item name="marketArea" label="拿货区域">
        <Input allowClear maxLength={40} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="market" label="市场">
        <Input allowClear maxLength={60} style={{ width: 130 }} />
      </Form.Item>
      <Form.Item name="stallName" label="档口">
        <Input allowClear maxLength={60} style={{ width: 130 }} />
      </Form.Item>
      <Form.Item name="pickerId" label="拿货员">
        <Select
          allowClear
          aria-label="拿货员筛选"
          style={{ width: 130 }}
          options={[{ value: '0', label: '未分配' }, ...pickers.map((p) => ({ value: String(p.id), label: p.name }))]}
        />
      </Form.Item>
      <Form.Item name="takingStatus" label="拿货状态">
        <Select allowClear style={{ width: 120 }} options={Object.entries(TAKING_ITEM_STATUS_NAMES).map(([value, label]) => ({ value, label }))} />
      </Form.Item>
      <Form.Item name="sellerName" label="卖家">
        <Input allowClear maxLength={60} style={{ width: 130 }} />
      </Form.Item>
      <Form.Item name="printed" label="打印">
        <Select
          allowClear
          style={{ width: 100 }}
          options={[
            { value: 'NO', label: '未打印' },
            { value: 'YES', label: '已打印' },
          ]}
        />
      </Form.Item>
      <Form.Item name="created" label="创建日期">
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
