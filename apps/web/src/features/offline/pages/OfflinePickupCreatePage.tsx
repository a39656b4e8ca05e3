/**
 * 新建线下拿货单 (/order/getOfflineCreate): stalls, 货号, colour, size, quantity and price of goods
 * the seller collects at the purchaser's warehouse (no courier). Submitting makes a waiting-for-
 * payment order; the pay dialog of dropship orders pays it, and then the purchaser's pickers fetch it.
 */
import { fenToYuan, OfflinePickupCreateBody } from '@dropship/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { zodRule } from '../../../lib/zod-rule';
import { PayDialog, type PayTarget } from '../../dropship-orders/components/PayDialog';
import { MONEY_QUERY_KEYS } from '../../funds/payments-api';
import { offlineApi, offlineKeys } from '../api';
import { EMPTY_LINE, LinesEditor, type LineValues, toLineInputs } from '../components/LinesEditor';

interface Values {
  contactName: string;
  contactPhone: string;
  remark?: string;
  lines: LineValues[];
}

export default function OfflinePickupCreatePage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [paying, setPaying] = useState<PayTarget[] | null>(null);
  const create = useMutation({
    mutationFn: (v: Values) =>
      offlineApi.createPickup({ contactName: v.contactName, contactPhone: v.contactPhone, remark: v.remark ?? '', lines: toLineInputs(v.lines) }),
    onSuccess: (r) => {
      message.success(`已创建线下拿货单 ${r.orderNo}，待付款 ¥${fenToYuan(r.totalFen)}`);
      void qc.invalidateQueries({ queryKey: offlineKeys.all });
      setPaying([{ id: r.id, orderNo: r.orderNo, totalFen: r.totalFen }]);
    },
  });
  const done = () => {
    setPaying(null);
    for (const k of MONEY_QUERY_KEYS) void qc.invalidateQueries({ queryKey: k });
    navigate('/order/getOfflineList');
  };

  return (
    <div>
      <Typography.Title level={4}>新建线下拿货单</Typography.Title>
      <Typography.Paragraph type="secondary">
        拿货员到档口拿货后放在仓库，由提货人到仓库自提，不走快递、不收运费；每件收取拿货服务费。提交后需支付，支付后开始拿货。
      </Typography.Paragraph>
      <Card>
        <Form<Values> form={form} layout="vertical" initialValues={{ lines: [{ ...EMPTY_LINE }] }} onFinish={(v) => create.mutate(v)}>
          <Form.Item label="提货人" name="contactName" rules={[zodRule(OfflinePickupCreateBody.shape.contactName)]}>
            <Input maxLength={30} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item label="提货人手机号" name="contactPhone" rules={[zodRule(OfflinePickupCreateBody.shape.contactPhone)]}>
            <Input maxLength={11} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item label="商品" required>
            <LinesEditor />
          </Form.Item>
          <Form.Item label="备注" name="remark">
            <Input.TextArea maxLength={200} rows={2} style={{ maxWidth: 560 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            提交并支付
          </Button>
        </Form>
      </Card>
      <PayDialog orders={paying} onClose={done} onPaid={done} />
    </div>
  );
}
