/** Adds or renames a role; a new role goes straight on to its permissions. */
import { RoleAddBody, type RoleRow } from '@dropship/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { zodRule } from '../../lib/zod-rule';
import { accountApi, accountKeys } from './api';

export type RoleEditing = { mode: 'create' } | { mode: 'edit'; row: RoleRow };
type Values = { name: string; remark?: string };

export function RoleModal({ editing, onClose, onCreated }: { editing: RoleEditing | null; onClose: () => void; onCreated: (row: RoleRow) => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (editing?.mode === 'edit') form.setFieldsValue({ name: editing.row.name, remark: editing.row.remark });
    else if (editing) form.resetFields();
  }, [editing, form]);

  const save = useMutation({
    mutationFn: async (v: Values) => {
      if (editing?.mode === 'edit') {
        await accountApi.editRole({ id: editing.row.id, ...v });
        return null;
      }
      return accountApi.addRole(v);
    },
    onSuccess: (created, v) => {
      message.success('角色已保存');
      void qc.invalidateQueries({ queryKey: accountKeys.all });
      onClose();
      if (created) onCreated({ id: created.id, name: v.name, remark: v.remark ?? '', userCount: 0, permissionCount: 0, createdAt: new Date().toISOString() });
    },
  });

  return (
    <Modal
      title={editing?.mode === 'edit' ? '编辑角色' : '新增角色'}
      open={editing !== null}
      onCancel={onClose}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() =>
        form.validateFields().then(
          (v) => save.mutate(v),
          () => undefined,
        )
      }
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item name="name" label="角色名称" rules={[zodRule(RoleAddBody.shape.name)]}>
          <Input maxLength={20} showCount placeholder="如 拿货员、打包员、客服" />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={100} showCount rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
