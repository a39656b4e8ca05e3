/**
 * 自定义商品 (/goods/customGoods): goods that come from no shop, for offline pick-up orders and
 * manual declarations. Add, edit, disable/enable, search, export; filters and paging in the URL.
 */
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { type CustomGoodsRow, ENABLE_STATUS_NAMES, type EnableStatus } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/date';
import { urlPagination, withColumnMinWidth } from '../../../lib/table-defaults';
import { nonEmpty, positiveInt, useUrlValues } from '../../../lib/url-state';
import { goodsApi, goodsKeys } from '../api';
import { yuanLabel } from '../components/price';
import { CustomGoodsModal } from './CustomGoodsModal';

export default function CustomGoodsPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [v, set] = useUrlValues({ keyword: '', status: '', pageNo: '1', pageSize: '20' });
  const filters = nonEmpty({ keyword: v.keyword, status: v.status }) as { keyword?: string; status?: EnableStatus };
  const query = { ...filters, pageNo: positiveInt(v.pageNo, 1), pageSize: positiveInt(v.pageSize, 20, 100) };
  const page = useQuery({ queryKey: goodsKeys.customGoods(query), queryFn: () => goodsApi.customGoods(query), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<CustomGoodsRow | 'new' | null>(null);
  const exporting = useMutation({ mutationFn: () => goodsApi.exportCustomGoods(filters) });
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
          <Button type="link" size="small" onClick={() => setEditing(r)}>
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
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          aria-label="搜索自定义商品"
          placeholder="商品名称、货号、档口"
          allowClear
          enterButton="搜索"
          defaultValue={v.keyword}
          maxLength={60}
          style={{ width: 300 }}
          onSearch={(keyword) => set({ keyword: keyword.trim(), pageNo: 1 })}
        />
        <Select
          aria-label="状态"
          style={{ width: 120 }}
          value={v.status}
          onChange={(status) => set({ status, pageNo: 1 })}
          options={[{ value: '', label: '全部状态' }, ...Object.entries(ENABLE_STATUS_NAMES).map(([value, label]) => ({ value, label }))]}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          新增自定义商品
        </Button>
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          导出Excel
        </Button>
      </Space>
      <Table<CustomGoodsRow>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无自定义商品' }}
        pagination={urlPagination(query, page.data?.total ?? 0, set)}
      />
      <CustomGoodsModal editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
