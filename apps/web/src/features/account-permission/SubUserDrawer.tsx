/**
 * Adds a sub-account (account, name, phone, password, roles) or edits one. The list shows name and
 * phone masked, so editing leaves them empty: empty keeps what is stored.
 */
import { SubPassword, SubUsername, type SubUserRow, UserAddBody, UserEditBody } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Input, Select, Space } from 'antd';
import { useEffect } from 'react';
import { zodRule } from '../../lib/zod-rule';
import { accountApi, accountKeys } from './api';

export type UserEditing = { mode: 'create' } | { mode: 'edit'; row: SubUserRow };
type Values = { username: string; name: string; phone?: string; password: string; roleIds: number[] };

export function SubUserDrawer({ editing, onClose }: { editing: UserEditing | null; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const roles = useQuery({ queryKey: accountKeys.roles, queryFn: accountApi.roles, enabled: editing !== null });
  const row = editing?.mode === 'edit' ? editing.row : null;
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (row) form.setFieldsValue({ roleIds: row.roles.map((r) => r.id) });
  }, [editing, row, form]);

  const save = useMutation({
    mutationFn: async (v: Values) => {
      if (row) return accountApi.editUser({ id: row.id, name: v.name?.trim() || undefined, phone: v.phone?.trim() || undefined, roleIds: v.roleIds });
      return accountApi.addUser({ ...v, phone: v.phone?.trim() || undefined });
    },
    onSuccess: () => {
      message.success('子账号已保存');
      void qc.invalidateQueries({ queryKey: accountKeys.all });
      onClose();
    },
  });

  return (
    <Drawer
      title={row ? `编辑子账号：${row.username}` : '新增子账号'}
      open={editing !== null}
      onClose={onClose}
      size={460}
      forceRender
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() =>
              form.validateFields().then(
                (v) => save.mutate(v),
                () => undefined,
              )
            }
          >
            保存
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical">
        {!row && (
          <Form.Item name="username" label="账号" rules={[zodRule(SubUsername)]} extra="登录用，4到32位字母、数字或 _ @ . -，可以用手机号；保存后不能修改">
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item name="name" label="姓名" rules={[zodRule(row ? UserEditBody.shape.name : UserAddBody.shape.name)]}>
          <Input maxLength={20} placeholder={row ? `${row.name || '未填写'}（不修改请留空）` : undefined} />
        </Form.Item>
        <Form.Item name="phone" label="手机号" rules={[zodRule(UserAddBody.shape.phone)]}>
          <Input maxLength={11} placeholder={row ? `${row.phone || '未填写'}（不修改请留空）` : '选填'} />
        </Form.Item>
        {!row && (
          <Form.Item name="password" label="登录密码" rules={[zodRule(SubPassword)]} extra="8到32位，同时包含字母和数字">
            <Input.Password maxLength={32} autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="roleIds" label="角色" rules={[zodRule(UserAddBody.shape.roleIds)]}>
          <Select
            mode="multiple"
            aria-label="角色"
            placeholder="选择角色，子账号能使用这些角色的全部权限"
            loading={roles.isLoading}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            notFoundContent="暂无角色，请先到“角色”页签新增"
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
