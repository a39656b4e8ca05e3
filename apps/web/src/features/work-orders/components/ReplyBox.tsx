/** A reply with images; cleared after it is sent. */
import { Button, Form, Input, Space } from 'antd';
import { ImagePicker } from './ImagePicker';

export function ReplyBox({ sending, onSend }: { sending: boolean; onSend: (content: string, images: string[]) => Promise<unknown> }) {
  const [form] = Form.useForm<{ content: string; images: string[] }>();
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ images: [] }}
      onFinish={async (v) => {
        await onSend(v.content.trim(), v.images ?? []);
        form.resetFields();
      }}
    >
      <Form.Item name="content" label="回复" rules={[{ required: true, whitespace: true, message: '请输入回复内容' }]}>
        <Input.TextArea rows={3} maxLength={2000} showCount placeholder="请输入回复内容" />
      </Form.Item>
      <Form.Item name="images">
        <ImagePicker />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={sending}>
          发送回复
        </Button>
      </Space>
    </Form>
  );
}
