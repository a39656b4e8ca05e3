/** The main account sets a new password for a sub-account; its open sessions end. */
import { SubPassword, type SubUserRow } from '@dropship/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { zodRule } from '../../lib/zod-rule';
import { accountApi } from './api';

export function ResetPasswordModal({ user, onClose }: { user: SubUserRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const save = useMutation({
    mutationFn: (password: string) => accountApi.resetPassword(user?.id ?? 0, password),
    onSuccess: () => {
      message.success('密码已重置，该子账号需要用新密码重新登录');
      onClose();
    },
  });
  return (
    <Modal
      title={user ? `重置密码：${user.username}` : '重置密码'}
      open={user !== null}
      onCancel={onClose}
      okText="确定"
      confirmLoading={save.isPending}
      onOk={() =>
        form.validateFields().then(
          (v) => save.mutate(v.password),
          () => undefined,
        )
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="password" label="新密码" rules={[zodRule(SubPassword)]} extra="8到32位，同时包含字母和数字">
          <Input.Password maxLength={32} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
