/** 保存模板: the name, 设为默认, and for a saved template whether to save a copy instead. */
import { Checkbox, Form, Input, Modal } from 'antd';

export interface SaveTemplateValues {
  name: string;
  isDefault: boolean;
  asNew: boolean;
}

interface Props {
  open: boolean;
  saving: boolean;
  /** Whether the template being edited is already saved (then 另存为新模板 is offered). */
  saved: boolean;
  initial: Omit<SaveTemplateValues, 'asNew'>;
  onCancel(): void;
  onSave(values: SaveTemplateValues): void;
}

export function SaveTemplateModal({ open, saving, saved, initial, onCancel, onSave }: Props) {
  const [form] = Form.useForm<SaveTemplateValues>();
  return (
    <Modal title="保存模板" open={open} confirmLoading={saving} onCancel={onCancel} onOk={() => form.submit()} okText="保存" destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={onSave} initialValues={{ ...initial, asNew: false }} preserve={false}>
        <Form.Item
          name="name"
          label="模板名称"
          rules={[
            { required: true, whitespace: true, message: '请输入模板名称' },
            { max: 30, message: '模板名称最多30个字' },
          ]}
        >
          <Input placeholder="请输入模板名称" maxLength={30} />
        </Form.Item>
        <Form.Item name="isDefault" valuePropName="checked">
          <Checkbox>设为默认</Checkbox>
        </Form.Item>
        {saved ? (
          <Form.Item name="asNew" valuePropName="checked">
            <Checkbox>另存为新模板</Checkbox>
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
