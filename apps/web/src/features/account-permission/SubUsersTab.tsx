/**
 * 子账号: the organisation's sub-accounts (names and phones masked), searched by name, phone and
 * state from the URL (lib/list-page); add/edit in a drawer, enable/disable, reset password (the open
 * drawer or dialog in the URL too), delete, Excel export.
 */
import { PlusOutlined } from '@ant-design/icons';
import { ENABLE_STATUS_NAMES, type EnableStatus, type SubUserRow } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Switch, Table, type TableColumnsType, Tag } from 'antd';
import { useMemo } from 'react';
import { formatDateTime } from '../../lib/date';
import { type BarField, ListFilterBar, ListToolbar, oneOf, optionsOf, text, useListPage } from '../../lib/list-page';
import { withColumnMinWidth } from '../../lib/table-defaults';
import { accountApi, accountKeys } from './api';
import { ResetPasswordModal } from './ResetPasswordModal';
import { SubUserDrawer, type UserEditing } from './SubUserDrawer';

const LIST = {
  filters: { name: text(20), phone: text(11), state: oneOf(Object.keys(ENABLE_STATUS_NAMES) as EnableStatus[]) },
  dialogs: ['create', 'edit', 'resetPassword'] as const,
};
const BAR: BarField[] = [
  { kind: 'search', name: 'name', label: '姓名', placeholder: '姓名', width: 180, maxLength: 20, enterButton: false },
  { kind: 'search', name: 'phone', label: '手机号', placeholder: '手机号', width: 180, maxLength: 11, enterButton: false },
  { kind: 'select', name: 'state', label: '状态', all: '全部状态', options: optionsOf(ENABLE_STATUS_NAMES), width: 120 },
];

export function SubUsersTab() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const list = useListPage(LIST);
  const page = useQuery({ queryKey: accountKeys.users(list.query), queryFn: () => accountApi.users(list.query), placeholderData: keepPreviousData });
  const rows = page.data?.list;
  const creating = list.isOpen('create');
  const editRow = list.dialogRow('edit', rows);
  // One object per open drawer: the drawer starts its form afresh when this changes.
  const editing = useMemo<UserEditing | null>(() => (creating ? { mode: 'create' } : editRow ? { mode: 'edit', row: editRow } : null), [creating, editRow]);
  const refresh = () => qc.invalidateQueries({ queryKey: accountKeys.all });

  const setState = useMutation({
    mutationFn: ({ id, state }: { id: number; state: EnableStatus }) => accountApi.setState(id, state),
    onSuccess: (_r, { state }) => {
      message.success(state === 'DISABLED' ? '已停用，该子账号已被退出登录' : '已启用');
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: accountApi.deleteUser,
    onSuccess: () => {
      message.success('子账号已删除');
      void refresh();
    },
  });

  const columns = withColumnMinWidth<TableColumnsType<SubUserRow>[number]>([
    { title: '账号', dataIndex: 'username' },
    { title: '姓名', dataIndex: 'name', render: (n: string) => n || '—' },
    { title: '手机号', dataIndex: 'phone', render: (p: string) => p || '—' },
    { title: '角色', key: 'roles', render: (_: unknown, r) => r.roles.map((x) => <Tag key={x.id}>{x.name}</Tag>) },
    {
      title: '状态',
      dataIndex: 'state',
      width: 100,
      render: (s: EnableStatus, r) => (
        <Switch
          aria-label={`启用 ${r.username}`}
          checked={s === 'ENABLED'}
          checkedChildren="启用"
          unCheckedChildren="停用"
          loading={setState.isPending && setState.variables?.id === r.id}
          onChange={(on) => setState.mutate({ id: r.id, state: on ? 'ENABLED' : 'DISABLED' })}
        />
      ),
    },
    { title: '创建时间', dataIndex: 'createdAt', width: 170, render: (d: string) => formatDateTime(d) },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_: unknown, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => list.openDialog('edit', r.id)}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => list.openDialog('resetPassword', r.id)}>
            重置密码
          </Button>
          <Popconfirm title={`确定删除子账号“${r.username}”吗？删除后不能再登录，账号名也不能再用。`} onConfirm={() => remove.mutateAsync(r.id)}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ]);

  return (
    <div>
      <ListFilterBar fields={BAR} values={list.filters} onChange={list.filter} />
      <ListToolbar
        actions={[{ label: '新增子账号', primary: true, icon: <PlusOutlined />, onClick: () => list.openDialog('create') }]}
        exportExcel={() => accountApi.exportUsers(list.active)}
      />
      <Table<SubUserRow>
        rowKey="id"
        columns={columns}
        dataSource={rows ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无子账号，先在“角色”里建好角色，再点“新增子账号”' }}
        pagination={list.pagination(page.data?.total ?? 0)}
      />
      <SubUserDrawer editing={editing} onClose={list.closeDialog} />
      <ResetPasswordModal user={list.dialogRow('resetPassword', rows) ?? null} onClose={list.closeDialog} />
    </div>
  );
}
