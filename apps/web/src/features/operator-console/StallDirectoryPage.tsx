/**
 * 档口库 (/operator/stallDirectory): the shared stall directory sellers add suppliers from. The
 * operator searches it (disabled stalls too), adds and edits stalls in a dialog named in the address.
 */
import { ENABLE_STATUS_NAMES, type EnableStatus, type StallDirectoryAdminRow } from '@dropship/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Table, Tag, Typography } from 'antd';
import { formatDateTime } from '../../lib/date';
import { type BarField, ListFilterBar, oneOf, optionsOf, text, useListPage } from '../../lib/list-page';
import { consoleApi, consoleKeys } from './api';
import { StallDirectoryForm } from './StallDirectoryForm';

const LIST = { filters: { keyword: text(60), status: oneOf(['ENABLED', 'DISABLED'] as const) }, dialogs: ['edit'] as const };
const BAR: BarField[] = [
  { kind: 'search', name: 'keyword', label: '搜索档口', placeholder: '档口名称、档口号、市场、楼栋或拿货区域', width: 340, maxLength: 60 },
  { kind: 'select', name: 'status', label: '状态', all: '全部状态', options: optionsOf(ENABLE_STATUS_NAMES), width: 120 },
];

const place = (r: StallDirectoryAdminRow) => [r.market, r.building, r.floor, r.stallNo].filter(Boolean).join(' ') || '—';

export default function StallDirectoryPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useListPage(LIST);
  const page = useQuery({
    queryKey: consoleKeys.stallDirectory(list.query),
    queryFn: () => consoleApi.stallDirectory(list.query),
    placeholderData: keepPreviousData,
  });
  const editingId = list.isOpen('edit') ? list.dialog?.id : undefined;
  const editing = editingId ? (page.data?.list.find((r) => r.id === editingId) ?? null) : null;

  return (
    <div>
      <Typography.Title level={4}>档口库</Typography.Title>
      <ListFilterBar fields={BAR} values={list.filters} onChange={list.filter}>
        <Button type="primary" onClick={() => list.openDialog('edit')}>
          新增档口
        </Button>
      </ListFilterBar>
      <Table<StallDirectoryAdminRow>
        rowKey="id"
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={list.pagination(page.data?.total ?? 0)}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无档口' }}
        columns={[
          { title: '档口名称', dataIndex: 'name' },
          { title: '位置', key: 'place', render: (_, r) => place(r) },
          { title: '联系人', dataIndex: 'contact', render: (v: string) => v || '—' },
          { title: '联系电话', dataIndex: 'phone', render: (v: string) => v || '—' },
          { title: '拿货区域', dataIndex: 'marketArea', render: (v: string) => v || '—' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: EnableStatus) => <Tag color={s === 'ENABLED' ? 'green' : 'default'}>{ENABLE_STATUS_NAMES[s]}</Tag>,
          },
          { title: '更新时间', dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v) },
          {
            title: '操作',
            key: 'actions',
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => list.openDialog('edit', r.id)}>
                编辑
              </Button>
            ),
          },
        ]}
      />
      {list.isOpen('edit') && (editingId === undefined || editing) && (
        <StallDirectoryForm
          editing={editing}
          onClose={list.closeDialog}
          onSaved={() => {
            message.success('档口已保存');
            list.closeDialog();
            void queryClient.invalidateQueries({ queryKey: consoleKeys.all });
          }}
        />
      )}
    </div>
  );
}
