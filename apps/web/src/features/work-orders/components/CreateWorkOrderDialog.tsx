/** 新建工单: type, the number of the order / after-sale / parcel it is about (optional), title, text and images. */
import { WORK_ORDER_TYPE_LABELS, type WorkOrderCreateBody, type WorkOrderType } from '@dropship/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { optionsOf } from '../../../lib/list-page';
import { workOrderApi, workOrderKeys } from '../api';
import { ImagePicker } from './ImagePicker';

const LINK_HINT: Partial<Record<WorkOrderType, string>> = { ORDER: '代发订单号', AFTER_SALE: '售后单号', PARCEL: '包裹条码' };

export function CreateWorkOrderDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<WorkOrderCreateBody>();
  const type = Form.useWatch('type', form);
  const create = useMutation({
    mutationFn: (v: WorkOrderCreateBody) => workOrderApi.create({ ...v, linkNo: v.linkNo?.trim() || undefined, images: v.images ?? [] }),
    onSuccess: (r) => {
      message.success(`工单 ${r.workOrderNo} 已提交，客服会尽快处理`);
      form.resetFields();
      void qc.invalidateQueries({ queryKey: workOrderKeys.all });
      onCreated(r.id);
    },
  });
  return (
    <Modal
      title="新建工单"
      open={open}
      onCancel={onClose}
      okText="提交"
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" initialValues={{ type: 'ORDER', images: [] }} onFinish={(v) => create.mutate(v)}>
        <Form.Item name="type" label="问题类型" rules={[{ required: true, message: '请选择问题类型' }]}>
          <Select options={optionsOf(WORK_ORDER_TYPE_LABELS)} />
        </Form.Item>
        <Form.Item name="linkNo" label="关联单号" extra="选填：本账号的代发订单号、售后单号或包裹条码">
          <Input maxLength={64} placeholder={type && LINK_HINT[type] ? `请输入${LINK_HINT[type]}` : '代发订单号/售后单号/包裹条码'} allowClear />
        </Form.Item>
        <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请输入标题' }]}>
          <Input maxLength={60} showCount placeholder="一句话说明问题" />
        </Form.Item>
        <Form.Item name="content" label="问题描述" rules={[{ required: true, whitespace: true, message: '请输入问题描述' }]}>
          <Input.TextArea maxLength={2000} showCount rows={4} placeholder="请描述问题的经过和希望的处理方式" />
        </Form.Item>
        <Form.Item name="images" label="图片">
          <ImagePicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}
