/** The picker's outcome at the stall: refunded (amount, default the line's goods) or refused (reason), and assigning. */
import { fenToYuan, type OfflineReturnLineRow, yuanToFen } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { normalizePriceInput, priceRule } from '../../../lib/price';
import { offlineApi, offlineKeys } from '../api';

export function ReturnedDialog({
  line,
  loading,
  onOk,
  onClose,
}: {
  line: OfflineReturnLineRow | null;
  loading: boolean;
  onOk(refundFen: number): void;
  onClose(): void;
}) {
  const [form] = Form.useForm<{ refund: string }>();
  const goods = line ? line.quantity * line.unitPriceFen : 0;
  useEffect(() => form.setFieldsValue({ refund: fenToYuan(goods) }), [form, goods]);
  return (
    <Modal open={!!line} title="档口已退货退款" okText="确认" confirmLoading={loading} onOk={() => form.submit()} onCancel={onClose} forceRender>
      <Typography.Paragraph>
        {line?.stallText} {line?.artNo} ×{line?.quantity}，商品金额 ¥{fenToYuan(goods)}。退款扣除服务费后退回卖家余额。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => onOk(yuanToFen(v.refund) ?? 0)}>
        <Form.Item label="档口实际退款（元）" name="refund" normalize={normalizePriceInput} rules={[{ required: true, message: '请输入退款金额' }, priceRule]}>
          <Input prefix="¥" aria-label="档口实际退款" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function RefuseDialog({
  line,
  loading,
  onOk,
  onClose,
}: {
  line: OfflineReturnLineRow | null;
  loading: boolean;
  onOk(reason: string): void;
  onClose(): void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal open={!!line} title="档口拒退" okText="确认" confirmLoading={loading} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(v) => onOk(v.reason.trim())}>
        <Form.Item label="拒退原因" name="reason" rules={[{ required: true, whitespace: true, message: '请输入拒退原因' }]}>
          <Input maxLength={100} aria-label="拒退原因" placeholder="如：超过退货期、不是该档口的货" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function AssignDialog({ count, loading, onOk, onClose }: { count: number; loading: boolean; onOk(pickerUserId: number): void; onClose(): void }) {
  const [form] = Form.useForm<{ pickerUserId: number }>();
  const pickers = useQuery({ queryKey: offlineKeys.pickers(), queryFn: offlineApi.pickers, enabled: count > 0 });
  return (
    <Modal
      open={count > 0}
      title={`分配 ${count} 条退货给拿货员`}
      okText="分配"
      confirmLoading={loading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => onOk(v.pickerUserId)}>
        <Form.Item label="拿货员" name="pickerUserId" rules={[{ required: true, message: '请选择拿货员' }]}>
          <Select aria-label="拿货员" loading={pickers.isLoading} options={(pickers.data ?? []).map((p) => ({ value: p.id, label: p.name }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
