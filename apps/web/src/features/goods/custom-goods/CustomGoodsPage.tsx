/**
 * 自定义商品 (/goods/customGoods): goods that come from no shop, for offline pick-up orders and
 * manual declarations. Add, edit, disable/enable, search, export; filters and paging in the URL.
 */
import { PlusOutlined } from '@ant-design/icons';
import { type CustomGoodsRow, ENABLE_STATUS_NAMES, type EnableStatus } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { formatDateTime } from '../../../lib/date';
import { type BarField, ExportButton, ListFilterBar, oneOf, optionsOf, text, useListPage } from '../../../lib/list-page';
import { withColumnMinWidth } from '../../../lib/table-defaults';
import { goodsApi, goodsKeys } from '../api';
import { yuanLabel } from '../components/price';
import { CustomGoodsModal } from './CustomGoodsModal';

const LIST = { filters: { keyword: text(60), status: oneOf(['ENABLED', 'DISABLED'] as const) }, dialogs: ['create', 'edit'] as const };
const BAR: BarField[] = [
  { kind: 'search', name: 'keyword', label: '搜索自定义商品', placeholder: '商品名称、货号、档口', maxLength: 60, width: 300 },
  { kind: 'select', name: 'status', label: '状态', all: '全部状态', options: optionsOf(ENABLE_STATUS_NAMES), width: 120 },
];

export default function CustomGoodsPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const list = useListPage(LIST);
  const { query } = list;
  const page = useQuery({ queryKey: goodsKeys.customGoods(query), queryFn: () => goodsApi.customGoods(query), placeholderData: keepPreviousData });
  const editing = list.isOpen('create') ? 'new' : (list.dialogRow('edit', page.data?.list) ?? null);
  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: number; status: EnableStatus }) => goodsApi.setCustomGoodsStatus([id], status),
    onSuccess: (_r, { status }) => {
      message.success(status === 'DISABLED' ? '已停用' : '已启用');
      void qc.invalidateQueries({ queryKey: goodsKeys.all });
    },
  });

  const columns = withColumnMinWidth<TableColumnsType<CustomGoodsRow>[number]>([
    { title: '商品名称', dataIndex: 'name' },
    { title: '档口', dataIndex: 'supplierName', render: (s: string) => s || '—' },
    { title: '货号', dataIndex: 'artNo' },
    { title: '颜色/尺码', key: 'cs', render: (_: unknown, r) => [r.color, r.size].filter(Boolean).join('/') || '—' },
    { title: '成本价', dataIndex: 'costFen', align: 'right', render: (f: number | null) => yuanLabel(f) },
    { title: '状态', dataIndex: 'status', render: (s: EnableStatus) => <Tag color={s === 'ENABLED' ? 'green' : 'default'}>{ENABLE_STATUS_NAMES[s]}</Tag> },
    { title: '备注', dataIndex: 'remark', ellipsis: true },
    { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (d: string) => formatDateTime(d) },
    {
      title: '操作',
      key: 'actions',
      render: (_: unknown, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => list.openDialog('edit', r.id)}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger={r.status === 'ENABLED'}
            onClick={() => setStatus.mutate({ id: r.id, status: r.status === 'ENABLED' ? 'DISABLED' : 'ENABLED' })}
          >
            {r.status === 'ENABLED' ? '停用' : '启用'}
          </Button>
        </Space>
      ),
    },
  ]);

  return (
    <div>
      <Typography.Title level={4}>自定义商品</Typography.Title>
      <ListFilterBar fields={BAR} values={list.filters} onChange={list.filter}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openDialog('create')}>
          新增自定义商品
        </Button>
        <ExportButton run={() => goodsApi.exportCustomGoods(list.active)} />
      </ListFilterBar>
      <Table<CustomGoodsRow>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无自定义商品' }}
        pagination={list.pagination(page.data?.total ?? 0)}
      />
      <CustomGoodsModal editing={editing} onClose={list.closeDialog} />
    </div>
  );
}
