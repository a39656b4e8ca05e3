/** 角色: the organisation's roles, each with its permission tree (授权), editable and removable. */
import { PlusOutlined } from '@ant-design/icons';
import type { RoleRow } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../lib/date';
import { withColumnMinWidth } from '../../lib/table-defaults';
import { accountApi, accountKeys } from './api';
import { type RoleEditing, RoleModal } from './RoleModal';
import { RolePermissionDrawer } from './RolePermissionDrawer';

export function RolesTab() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const roles = useQuery({ queryKey: accountKeys.roles, queryFn: accountApi.roles });
  const [editing, setEditing] = useState<RoleEditing | null>(null);
  const [authorizing, setAuthorizing] = useState<RoleRow | null>(null);
  const remove = useMutation({
    mutationFn: accountApi.removeRole,
    onSuccess: () => {
      message.success('角色已删除');
      void qc.invalidateQueries({ queryKey: accountKeys.all });
    },
  });

  const columns = withColumnMinWidth<TableColumnsType<RoleRow>[number]>([
    { title: '角色名称', dataIndex: 'name' },
    { title: '备注', dataIndex: 'remark', ellipsis: true, render: (r: string) => r || '—' },
    { title: '权限数', dataIndex: 'permissionCount', width: 90 },
    { title: '子账号数', dataIndex: 'userCount', width: 90 },
    { title: '创建时间', dataIndex: 'createdAt', width: 170, render: (d: string) => formatDateTime(d) },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_: unknown, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setAuthorizing(r)}>
            设置权限
          </Button>
          <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', row: r })}>
            编辑
          </Button>
          <Popconfirm
            title={r.userCount > 0 ? `还有${r.userCount}个子账号在用该角色，不能删除` : `确定删除角色“${r.name}”吗？`}
            okButtonProps={{ disabled: r.userCount > 0 }}
            onConfirm={() => remove.mutateAsync(r.id)}
          >
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
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
          新增角色
        </Button>
      </Space>
      <Table<RoleRow>
        rowKey="id"
        columns={columns}
        dataSource={roles.data ?? []}
        loading={roles.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无角色，点“新增角色”后设置权限，再分配给子账号' }}
      />
      <RoleModal editing={editing} onClose={() => setEditing(null)} onCreated={(row) => setAuthorizing(row)} />
      <RolePermissionDrawer role={authorizing} onClose={() => setAuthorizing(null)} />
    </div>
  );
}
