/**
 * 问题件寄回发货, the scan station's mode for the warehouse: scan (or type) a paid send-back's label
 * number, type the courier and the waybill of the parcel going out, and ship it (待寄回 → 已寄回);
 * the seller then sees the waybill. The list shows every send-back waiting to go (receivers masked).
 */
import type { PurchaserSendBackRow } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { problemApi, problemKeys } from '../api';
import { goodsText } from '../problem-list';

export function SendBackShipCard() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [code, setCode] = useState('');
  const [chosen, setChosen] = useState<PurchaserSendBackRow | null>(null);
  const [form] = Form.useForm<{ courierName: string; waybillNo: string }>();
  const list = useQuery({ queryKey: problemKeys.sendBacks(code), queryFn: () => problemApi.sendBacks(code) });
  const ship = useMutation({
    mutationFn: (v: { courierName: string; waybillNo: string }) => problemApi.ship({ id: chosen?.id ?? 0, ...v }),
    onSuccess: () => {
      message.success(`问题件 ${chosen?.barcodeNo ?? ''} 已寄回`);
      setChosen(null);
      setCode('');
      form.resetFields();
      void qc.invalidateQueries({ queryKey: problemKeys.all });
    },
  });
  const scan = (raw: string) => {
    const c = raw.trim();
    setCode(c);
    void problemApi.sendBacks(c).then((r) => {
      if (r.list.length === 1) setChosen(r.list[0] ?? null);
      else if (c) message.warning(`没有编号为 ${c} 的待寄回问题件`);
    });
  };
  return (
    <Card title="问题件寄回发货" size="small" style={{ marginTop: 16 }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.Search aria-label="问题件编号" placeholder="扫描问题件编号或快递单号" enterButton="查找" allowClear onSearch={scan} maxLength={40} />
        {chosen && (
          <Form form={form} layout="inline" onFinish={(v) => ship.mutate(v)}>
            <Form.Item label="问题件">{chosen.barcodeNo}</Form.Item>
            <Form.Item name="courierName" label="寄回快递" initialValue={chosen.expressName ?? ''} rules={[{ required: true, message: '请输入寄回快递公司' }]}>
              <Input maxLength={30} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="waybillNo" label="快递单号" rules={[{ required: true, message: '请输入寄回快递单号' }]}>
              <Input aria-label="寄回快递单号" maxLength={40} style={{ width: 180 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={ship.isPending}>
              确认寄回
            </Button>
          </Form>
        )}
        <Table<PurchaserSendBackRow>
          size="small"
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          pagination={false}
          locale={{ emptyText: '没有待寄回的问题件' }}
          onRow={(r) => ({ onClick: () => setChosen(r) })}
          columns={[
            { title: '编号', dataIndex: 'barcodeNo' },
            { title: '卖家', dataIndex: 'sellerName' },
            { title: '商品', key: 'goods', render: (_, r) => goodsText(r) || '—' },
            { title: '快递', dataIndex: 'expressName' },
            { title: '收件人', key: 'receiver', render: (_, r) => `${r.receiverName ?? ''} ${r.receiverPhone ?? ''} ${r.receiverAddress ?? ''}` },
          ]}
        />
      </Space>
    </Card>
  );
}
