/**
 * 重发: the parcel's goods leave the warehouse in a new dropship order. The seller types the receiver
 * (the same fields as 修改收货信息), picks a courier with the quoted charge (express + service fee; the
 * goods were paid once), and confirms with the pay password: the order is placed and paid from the
 * balance in one step. The request key lives while the drawer is open, so a double click is one order.
 */
import { fenToYuan, type ProblemRow, ReceiverFields } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Form, Radio, Space, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { requestKey } from '../../../lib/request-key';
import { ReceiverFormItems } from '../../dropship-orders/components/ReceiverModal';
import { MONEY_QUERY_KEYS } from '../../funds/payments-api';
import { PayPasswordInput, payPasswordRules } from '../../funds/reset-pay-pass/PayPasswordInput';
import { problemApi, problemKeys } from '../api';
import { goodsText } from '../problem-list';

interface Values {
  name: string;
  phone: string;
  area: string[];
  address: string;
  expressCode: string;
  payPassword: string;
}

export function ReshipDrawer({ parcel, onClose }: { parcel: ProblemRow | null; onClose(): void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const area = Form.useWatch('area', form) as string[] | undefined;
  const expressCode = Form.useWatch('expressCode', form) as string | undefined;
  const province = area?.[0] ?? '';
  const id = parcel?.id ?? 0;
  const key = useRef(requestKey());
  useEffect(() => {
    if (parcel) key.current = requestKey();
  }, [parcel]);
  const quote = useQuery({
    queryKey: problemKeys.reshipQuote(id, province),
    queryFn: () => problemApi.reshipQuote(id, province),
    enabled: id > 0 && province !== '',
  });
  const chosen = quote.data?.find((q) => q.code === expressCode);
  const reship = useMutation({
    mutationFn: (v: Values) =>
      problemApi.reship({
        id,
        receiver: ReceiverFields.parse({ name: v.name, phone: v.phone, province: v.area[0], city: v.area[1], district: v.area[2] ?? '', address: v.address }),
        expressCode: v.expressCode,
        payPassword: v.payPassword,
        requestKey: key.current,
      }),
    onSuccess: (r) => {
      message.success(`已重发为代发订单 ${r.orderNo}，已支付 ¥${fenToYuan(r.totalFen)}`);
      void qc.invalidateQueries({ queryKey: problemKeys.all });
      for (const k of MONEY_QUERY_KEYS) void qc.invalidateQueries({ queryKey: k });
      onClose();
    },
  });
  return (
    <Drawer title={`重发 ${parcel?.barcodeNo ?? ''}`} open={parcel !== null} onClose={onClose} size="large" destroyOnHidden>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="包裹里的商品已在仓库，重发将新建一个代发订单直接发出：不再拿货，商品费用为0，只需支付快递费和服务费（从余额扣除）。"
      />
      <Typography.Paragraph>商品：{parcel ? goodsText(parcel) || '—' : '—'}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false} onFinish={(v) => reship.mutate(v)}>
        <ReceiverFormItems />
        <Form.Item name="expressCode" label="快递（费用按快递规则计算）" rules={[{ required: true, message: '请选择快递' }]}>
          {province ? (
            <Radio.Group>
              <Space direction="vertical">
                {(quote.data ?? []).map((q) => (
                  <Radio key={q.code} value={q.code}>
                    {q.name} 快递费 ¥{fenToYuan(q.expressFeeFen)} + 服务费 ¥{fenToYuan(q.serviceFeeFen)}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          ) : (
            <Typography.Text type="secondary">先选择省市区，再选择快递</Typography.Text>
          )}
        </Form.Item>
        <Form.Item name="payPassword" label="支付密码" rules={payPasswordRules()}>
          <PayPasswordInput aria-label="支付密码" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={reship.isPending}>
          确认重发{chosen ? `并支付 ¥${fenToYuan(chosen.totalFen)}` : ''}
        </Button>
      </Form>
    </Drawer>
  );
}
