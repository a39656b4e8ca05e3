/** Choose the picker for an assignment (selected items, market areas or stalls). */
import type { TakePicker } from '@dropship/contract';
import { Form, Modal, Select, Typography } from 'antd';
import { useEffect } from 'react';

export interface PickerTarget {
  title: string;
  description: string;
  /** By area: the areas are chosen (or typed) in the dialog. */
  askAreas?: string[];
}

export function PickerModal(props: {
  target: PickerTarget | null;
  pickers: TakePicker[];
  loading: boolean;
  onOk(v: { pickerId: number; areas: string[] }): void;
  onClose(): void;
}) {
  const [form] = Form.useForm<{ pickerId?: number; areas?: string[] }>();
  useEffect(() => {
    if (props.target) form.resetFields();
  }, [form, props.target]);
  const t = props.target;
  return (
    <Modal
      open={!!t}
      title={t?.title}
      okText="确定分配"
      cancelText="取消"
      confirmLoading={props.loading}
      onCancel={props.onClose}
      onOk={() => form.validateFields().then((v) => props.onOk({ pickerId: v.pickerId as number, areas: v.areas ?? [] }))}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t?.description}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        {t?.askAreas && (
          <Form.Item name="areas" label="拿货区域" rules={[{ required: true, message: '请选择或输入拿货区域' }]}>
            <Select mode="tags" aria-label="拿货区域" options={t.askAreas.map((a) => ({ value: a, label: a }))} placeholder="选择区域，或输入后回车" />
          </Form.Item>
        )}
        <Form.Item name="pickerId" label="拿货员" rules={[{ required: true, message: '请选择拿货员' }]}>
          <Select
            aria-label="选择拿货员"
            showSearch
            optionFilterProp="label"
            options={props.pickers.map((p) => ({ value: p.id, label: p.isMain ? `${p.name}（主账号）` : p.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
