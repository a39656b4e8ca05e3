/** 手工下单: a receiver and lines of custom goods (/goods/customGoods), priced by the server, then placed and paid. */
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { type CustomGoodsRow, fenToYuan, ReceiverFields } from '@dropship/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Result, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../app/api';
import { zodRule } from '../../../lib/zod-rule';
import { AreaCascader } from '../../area/AreaCascader';
import { dropshipApi, dropshipKeys } from '../api';
import { ExpressSelect } from './ExpressSelect';
import { PayDialog, type PayTarget } from './PayDialog';

interface Values {
  name: string;
  phone: string;
  area: string[];
  address: string;
  lines: { customGoodsId?: number; quantity?: number }[];
  expressCode: string;
  remark?: string;
  speedDelivery?: boolean;
}

const customGoods = () =>
  call<{ total: number; list: CustomGoodsRow[] }>({
    method: 'POST',
    url: '/api/b2/goods/customGoods/page',
    data: { pageNo: 1, pageSize: 200, status: 'ENABLED' },
  });

export function ManualOrderForm() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const goods = useQuery({ queryKey: ['goods', 'custom', 'enabled'], queryFn: customGoods });
  const speed = useQuery({ queryKey: dropshipKeys.speed(), queryFn: dropshipApi.speedTerms, staleTime: 60_000 });
  const speedOn = speed.data?.enabled === true;
  const [created, setCreated] = useState<PayTarget[] | null>(null);
  const [paying, setPaying] = useState<PayTarget[] | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const area = Form.useWatch('area', form) ?? [];
  const lines = (Form.useWatch('lines', form) ?? []).filter((l) => l?.customGoodsId && l.quantity) as { customGoodsId: number; quantity: number }[];
  const expressCode = Form.useWatch('expressCode', form) ?? '';
  const itemCount = lines.reduce((n, l) => n + l.quantity, 0);
  const urgent = (Form.useWatch('speedDelivery', form) ?? speed.data?.defaultOn ?? false) as boolean;
  // 加急发货 is sent only while the service is enabled (absent = not urgent).
  const speedField = speedOn ? { speedDelivery: urgent } : {};
  const draft = { items: lines, province: area[0] ?? '', expressCode, ...speedField };
  const cost = useQuery({
    queryKey: dropshipKeys.cost([draft]),
    queryFn: () => dropshipApi.cost([draft]),
    enabled: lines.length > 0 && !!draft.province && !!expressCode,
  });
  const priced = cost.data?.orders[0];

  async function submit(v: Values) {
    setSubmitting(true);
    try {
      const r = await dropshipApi.create({
        orders: [
          {
            items: lines,
            receiver: {
              name: v.name.trim(),
              phone: v.phone.trim(),
              province: v.area[0] ?? '',
              city: v.area[1] ?? '',
              district: v.area[2] ?? '',
              address: v.address.trim(),
            },
            expressCode: v.expressCode,
            remark: (v.remark ?? '').trim(),
            ...speedField,
          },
        ],
      });
      void qc.invalidateQueries({ queryKey: dropshipKeys.all });
      setCreated(r.orders.map((o) => ({ id: o.id, orderNo: o.orderNo, totalFen: o.totalFen })));
    } catch (e) {
      message.error(e instanceof Error ? e.message : '系统异常');
    } finally {
      setSubmitting(false);
    }
  }

  if (created) {
    return (
      <>
        <Result
          status="success"
          title={`已提交代发订单 ${created[0]?.orderNo}，待付款 ¥${fenToYuan(created[0]?.totalFen ?? 0)}`}
          extra={
            <Button type="primary" onClick={() => setPaying(created)}>
              去支付
            </Button>
          }
        />
        <PayDialog orders={paying} onClose={() => setPaying(null)} onPaid={() => navigate('/order/daifaOrderList')} />
      </>
    );
  }
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 720 }} initialValues={{ lines: [{ quantity: 1 }] }} onFinish={(v) => void submit(v)}>
      <Space wrap align="start">
        <Form.Item name="name" label="收货人" rules={[zodRule(ReceiverFields.shape.name)]}>
          <Input maxLength={30} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="phone" label="手机号" rules={[zodRule(ReceiverFields.shape.phone)]}>
          <Input maxLength={20} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="area" label="省市区" rules={[{ required: true, type: 'array', len: 3, message: '请选择省份、城市和区县' }]}>
          <AreaCascader aria-label="省市区" />
        </Form.Item>
      </Space>
      <Form.Item name="address" label="详细地址" rules={[zodRule(ReceiverFields.shape.address)]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.List name="lines">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Space key={f.key} align="baseline">
                <Form.Item name={[f.name, 'customGoodsId']} rules={[{ required: true, message: '请选择商品' }]}>
                  <Select
                    aria-label="自定义商品"
                    style={{ width: 360 }}
                    showSearch
                    optionFilterProp="label"
                    placeholder="选择自定义商品"
                    loading={goods.isLoading}
                    options={(goods.data?.list ?? []).map((g) => ({
                      value: g.id,
                      disabled: g.costFen === null,
                      label: `${g.name} ${g.artNo} ${g.color} ${g.size} ${g.costFen === null ? '（无成本价）' : `¥${fenToYuan(g.costFen)}`}`,
                    }))}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'quantity']} rules={[{ required: true, message: '请输入数量' }]}>
                  <InputNumber aria-label="数量" min={1} max={999} precision={0} />
                </Form.Item>
                {fields.length > 1 && <MinusCircleOutlined aria-label="删除商品" onClick={() => remove(f.name)} />}
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })} style={{ marginBottom: 16 }}>
              添加商品
            </Button>
          </>
        )}
      </Form.List>
      <Space wrap align="start">
        <Form.Item name="expressCode" label="快递" rules={[{ required: true, message: '请选择快递' }]}>
          <ExpressSelect province={area[0] ?? ''} itemCount={itemCount} value={expressCode} onChange={(c) => form.setFieldValue('expressCode', c)} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input maxLength={200} style={{ width: 320 }} />
        </Form.Item>
        {speedOn && (
          <Form.Item
            name="speedDelivery"
            label={`加急发货（+¥${fenToYuan(speed.data?.feeFen ?? 0)}）`}
            valuePropName="checked"
            initialValue={speed.data?.defaultOn}
          >
            <Switch aria-label="加急发货" />
          </Form.Item>
        )}
      </Space>
      {priced?.error && <Typography.Paragraph type="danger">{priced.error}</Typography.Paragraph>}
      {priced?.cost && (
        <Typography.Paragraph>
          货款 ¥{fenToYuan(priced.cost.goodsFen)} + 运费 ¥{fenToYuan(priced.cost.expressFeeFen)} + 服务费 ¥{fenToYuan(priced.cost.serviceFeeFen)}
          {priced.cost.speedFeeFen > 0 && ` + 加急费 ¥${fenToYuan(priced.cost.speedFeeFen)}`} ={' '}
          <Typography.Text strong>¥{fenToYuan(priced.cost.totalFen)}</Typography.Text>
        </Typography.Paragraph>
      )}
      <Button type="primary" htmlType="submit" loading={submitting}>
        提交订单
      </Button>
    </Form>
  );
}
