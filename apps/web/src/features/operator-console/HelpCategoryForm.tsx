/** 新建分类: a help category's name and its place in the order. Opened as ?dialog=category. */
import { useMutation } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal } from 'antd';
import { helpAdminApi } from '../help-center/api';

export function HelpCategoryForm({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<{ name: string; sort: number }>();
  const save = useMutation({ mutationFn: helpAdminApi.saveCategory, onSuccess: onSaved });
  return (
    <Modal
      open
      title="新建分类"
      okText="保存"
      cancelText="取消"
      onCancel={onClose}
      confirmLoading={save.isPending}
      onOk={async () => save.mutateAsync(await form.validateFields())}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: '', sort: 50 }} preserve={false}>
        <Form.Item
          name="name"
          label="分类名称"
          rules={[
            { required: true, whitespace: true, message: '请输入分类名称' },
            { max: 30, message: '分类名称不能超过30个字符' },
          ]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="sort" label="排序" extra="数字小的排在前面">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
