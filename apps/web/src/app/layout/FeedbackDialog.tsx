/**
 * 意见反馈's dialog: stored for the operator to read. Loaded on the first click of the header's
 * button, so its form stays out of the first page load (decision 0040).
 */
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { shellApi } from '../api';

export default function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ content: string; contact?: string }>();

  // 提交 submits the form: onFinish runs only once the fields pass, and the form shows what is wrong.
  async function send(values: { content: string; contact?: string }) {
    setSaving(true);
    try {
      await shellApi.feedback(values);
      message.success('感谢您的反馈，我们会尽快处理');
      form.resetFields();
      onClose();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal title="意见反馈" open={open} onOk={() => form.submit()} okText="提交" confirmLoading={saving} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={send}>
        <Form.Item
          name="content"
          label="反馈内容"
          rules={[
            { required: true, message: '请输入反馈内容' },
            { min: 5, message: '反馈内容至少5个字' },
          ]}
        >
          <Input.TextArea rows={4} maxLength={1000} showCount placeholder="请描述您遇到的问题或建议" />
        </Form.Item>
        <Form.Item name="contact" label="联系方式（选填）">
          <Input maxLength={64} placeholder="手机号或微信" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
