/** 仓库设置: the sorting-slot range, the sender phone/address a waybill uses when the seller set none, and each shop's waybill source. */
import type { WarehouseSettingBody } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { warehouseApi, warehouseKeys } from '../api';
import { WaybillSourceTable } from './WaybillSourceTable';

export function WarehouseSettingModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<WarehouseSettingBody>();
  const setting = useQuery({ queryKey: warehouseKeys.setting(), queryFn: warehouseApi.setting, enabled: open });
  useEffect(() => {
    if (setting.data) form.setFieldsValue(setting.data);
  }, [setting.data, form]);
  const save = useMutation({
    mutationFn: warehouseApi.saveSetting,
    onSuccess: () => {
      message.success('仓库设置已保存');
      void qc.invalidateQueries({ queryKey: warehouseKeys.setting() });
      onClose();
    },
  });
  return (
    <Modal title="仓库设置" open={open} onCancel={onClose} onOk={() => form.submit()} okText="保存" confirmLoading={save.isPending} destroyOnHidden width={720}>
      <Typography.Paragraph type="secondary">
        多件订单在商品到齐前放在分拣位里；卖家没有设置“自定义发货信息”时，面单的寄件电话和地址用这里的。正在使用的分拣位：{setting.data?.used ?? 0} 个。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
        <Form.Item label="分拣位范围" required style={{ marginBottom: 0 }}>
          <Form.Item name="slotFrom" rules={[{ required: true, message: '请输入起始分拣位' }]} style={{ display: 'inline-block', width: 140 }}>
            <InputNumber aria-label="起始分拣位" min={1} max={99999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <span style={{ display: 'inline-block', width: 24, textAlign: 'center', lineHeight: '32px' }}>至</span>
          <Form.Item name="slotTo" rules={[{ required: true, message: '请输入结束分拣位' }]} style={{ display: 'inline-block', width: 140 }}>
            <InputNumber aria-label="结束分拣位" min={1} max={99999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form.Item>
        <Form.Item label="发货电话" name="senderPhone" rules={[{ required: true, message: '请输入发货电话' }]}>
          <Input maxLength={20} placeholder="11位手机号或带区号的固定电话" />
        </Form.Item>
        <Form.Item label="发货地址" name="senderAddress" rules={[{ required: true, message: '请输入发货地址' }]}>
          <Input.TextArea maxLength={200} rows={2} placeholder="省市区和详细地址，如：广东省广州市越秀区十三行路1号" />
        </Form.Item>
      </Form>
      <WaybillSourceTable open={open} />
    </Modal>
  );
}
