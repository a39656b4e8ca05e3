/**
 * 子账号: the organisation's sub-accounts (names and phones masked), searched by name, phone and
 * state from the URL; add/edit in a drawer, enable/disable, reset password, delete, Excel export.
 */
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { ENABLE_STATUS_NAMES, type EnableStatus, type SubUserRow } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Popconfirm, Select, Space, Switch, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../lib/date';
import { paginationDefaults, withColumnMinWidth } from '../../lib/table-defaults';
import { nonEmpty, positiveInt, useUrlValues } from '../../lib/url-state';
import { accountApi, accountKeys, type UserFilters } from './api';
import { ResetPasswordModal } from './ResetPasswordModal';
import { SubUserDrawer, type UserEditing } from './SubUserDrawer';

export function SubUsersTab() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [v, set] = useUrlValues({ tab: 'users', name: '', phone: '', state: '', pageNo: '1', pageSize: '20' });
  const filters = nonEmpty({ name: v.name, phone: v.phone, state: v.state }) as UserFilters;
  const query = { ...filters, pageNo: positiveInt(v.pageNo, 1), pageSize: positiveInt(v.pageSize, 20, 100) };
  const page = useQuery({ queryKey: accountKeys.users(query), queryFn: () => accountApi.users(query), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<UserEditing | null>(null);
  const [resetting, setResetting] = useState<SubUserRow | null>(null);
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
  const exporting = useMutation({ mutationFn: () => accountApi.exportUsers(filters) });

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
          <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', row: r })}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => setResetting(r)}>
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
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          aria-label="姓名"
          placeholder="姓名"
          allowClear
          defaultValue={v.name}
          maxLength={20}
          style={{ width: 180 }}
          onSearch={(name) => set({ name: name.trim(), pageNo: 1 })}
        />
        <Input.Search
          aria-label="手机号"
          placeholder="手机号"
          allowClear
          defaultValue={v.phone}
          maxLength={11}
          style={{ width: 180 }}
          onSearch={(phone) => set({ phone: phone.trim(), pageNo: 1 })}
        />
        <Select
          aria-label="状态"
          style={{ width: 120 }}
          value={v.state}
          onChange={(state) => set({ state, pageNo: 1 })}
          options={[{ value: '', label: '全部状态' }, ...Object.entries(ENABLE_STATUS_NAMES).map(([value, label]) => ({ value, label }))]}
        />
      </Space>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
          新增子账号
        </Button>
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          导出Excel
        </Button>
      </Space>
      <Table<SubUserRow>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无子账号，先在“角色”里建好角色，再点“新增子账号”' }}
        pagination={{
          ...paginationDefaults,
          current: query.pageNo,
          pageSize: query.pageSize,
          total: page.data?.total ?? 0,
          pageSizeOptions: [10, 20, 50, 100],
          onChange: (p, s) => set({ pageNo: s !== query.pageSize ? 1 : p, pageSize: s }),
        }}
      />
      <SubUserDrawer editing={editing} onClose={() => setEditing(null)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </div>
  );
}
