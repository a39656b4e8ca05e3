/**
 * 供应商管理 (/basicSet/supplierManagement, sellers and purchasers): the organisation's stalls with
 * their codes and notes; add (from the shared directory or by hand), edit, disable/enable, search,
 * Excel export and import. Filters and paging live in the URL.
 */
import { PlusOutlined } from '@ant-design/icons';
import { ENABLE_STATUS_NAMES, type EnableStatus, maskName, maskPhone, type SupplierRow } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/date';
import { type BarField, ExportButton, ListFilterBar, oneOf, optionsOf, text, useListPage } from '../../../lib/list-page';
import { rowSelectionDefaults, withColumnMinWidth } from '../../../lib/table-defaults';
import { fileToBase64, goodsApi, goodsKeys } from '../api';
import { ImportExcelButton } from '../components/ImportExcelButton';
import { SupplierModal } from './SupplierModal';

const stall = (r: SupplierRow) => [r.market, r.building, r.floor, r.stallNo].filter(Boolean).join(' ') || '—';

const LIST = { filters: { keyword: text(60), status: oneOf(['ENABLED', 'DISABLED'] as const), marketArea: text(40) }, dialogs: ['create', 'edit'] as const };
const BAR: BarField[] = [
  { kind: 'search', name: 'keyword', label: '搜索供应商', placeholder: '档口名称、编码、档口号、市场、联系人', maxLength: 60, width: 320 },
  { kind: 'select', name: 'status', label: '状态', all: '全部状态', options: optionsOf(ENABLE_STATUS_NAMES), width: 120 },
  { kind: 'search', name: 'marketArea', label: '拿货区域', placeholder: '拿货区域', maxLength: 40, width: 180, enterButton: false },
];

export default function SupplierManagementPage() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const list = useListPage(LIST);
  const { query } = list;
  const page = useQuery({ queryKey: goodsKeys.suppliers(query), queryFn: () => goodsApi.suppliers(query), placeholderData: keepPreviousData });
  const [selected, setSelected] = useState<number[]>([]);
  const editRow = list.dialogRow('edit', page.data?.list);
  const editing = list.isOpen('create') ? ({ mode: 'create' } as const) : editRow ? ({ mode: 'edit', row: editRow } as const) : null;

  const setStatus = useMutation({
    mutationFn: ({ ids, status }: { ids: number[]; status: EnableStatus }) => goodsApi.setSupplierStatus(ids, status),
    onSuccess: (_r, { status }) => {
      message.success(status === 'DISABLED' ? '已停用' : '已启用');
      setSelected([]);
      void qc.invalidateQueries({ queryKey: goodsKeys.all });
    },
  });
  const importing = useMutation({
    mutationFn: async (file: File) => goodsApi.importSuppliers(file.name, await fileToBase64(file)),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: goodsKeys.all });
      void qc.invalidateQueries({ queryKey: ['shell', 'supplierExists'] });
      modal.success({ title: '导入完成', content: `新增 ${r.created} 个，更新 ${r.updated} 个，未变化 ${r.unchanged} 个` });
    },
  });

  const columns = withColumnMinWidth<TableColumnsType<SupplierRow>[number]>([
    {
      title: '档口',
      key: 'name',
      render: (_: unknown, r) => (
        <Space orientation="vertical" size={0}>
          <span>{r.name}</span>
          {r.code && <Typography.Text type="secondary">编码 {r.code}</Typography.Text>}
        </Space>
      ),
    },
    { title: '市场 / 楼层 / 档口号', key: 'stall', render: (_: unknown, r) => stall(r) },
    { title: '拿货区域', dataIndex: 'marketArea', render: (a: string) => a || '—' },
    { title: '联系人', dataIndex: 'contact', render: (c: string) => maskName(c) || '—' },
    { title: '联系电话', dataIndex: 'phone', render: (p: string) => maskPhone(p) || '—' },
    { title: '状态', dataIndex: 'status', render: (s: EnableStatus) => <Tag color={s === 'ENABLED' ? 'green' : 'default'}>{ENABLE_STATUS_NAMES[s]}</Tag> },
    { title: '备注', dataIndex: 'remark', ellipsis: true },
    { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (d: string) => formatDateTime(d) },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_: unknown, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => list.openDialog('edit', r.id)}>
            编辑
          </Button>
          {r.status === 'ENABLED' ? (
            <Popconfirm
              title="停用后不能再关联到该档口，已有关联的订单会进入异常订单。确定停用吗？"
              onConfirm={() => setStatus.mutateAsync({ ids: [r.id], status: 'DISABLED' })}
            >
              <Button type="link" size="small" danger>
                停用
              </Button>
            </Popconfirm>
          ) : (
            <Button type="link" size="small" onClick={() => setStatus.mutate({ ids: [r.id], status: 'ENABLED' })}>
              启用
            </Button>
          )}
        </Space>
      ),
    },
  ]);

  return (
    <div>
      <Typography.Title level={4}>供应商管理</Typography.Title>
      <ListFilterBar fields={BAR} values={list.filters} onChange={list.filter} />
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openDialog('create')}>
          新增供应商
        </Button>
        <Button disabled={selected.length === 0} onClick={() => setStatus.mutate({ ids: selected, status: 'ENABLED' })}>
          批量启用
        </Button>
        <Popconfirm
          title={`确定停用选中的 ${selected.length} 个供应商吗？`}
          disabled={selected.length === 0}
          onConfirm={() => setStatus.mutateAsync({ ids: selected, status: 'DISABLED' })}
        >
          <Button disabled={selected.length === 0}>批量停用</Button>
        </Popconfirm>
        <ExportButton run={() => goodsApi.exportSuppliers(list.active)} />
        <ImportExcelButton loading={importing.isPending} onFile={(f) => importing.mutate(f)} />
      </Space>
      <Table<SupplierRow>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无供应商，点“新增供应商”从档口库添加' }}
        rowSelection={{ ...rowSelectionDefaults, selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={list.pagination(page.data?.total ?? 0)}
      />
      <SupplierModal editing={editing} onClose={list.closeDialog} />
    </div>
  );
}
