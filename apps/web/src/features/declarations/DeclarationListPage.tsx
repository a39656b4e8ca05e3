/**
 * 我的报单 (/myDeclaration, drafts: edit, submit and pay, delete) and 报单历史 (/declarationHistory,
 * submitted: the orders each became with their statuses, unpaid ones payable here). Filters and
 * paging live in the address.
 */

import { DECLARATION_DELIVERY_NAMES, type DeclarationRow, fenToYuan } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/date';
import { day, ExportButton, type FilterField, ListFilterForm, text, useListPage } from '../../lib/list-page';
import { withColumnMinWidth } from '../../lib/table-defaults';
import { detailPath } from '../dropship-orders/components/list-columns';
import { PayDialog, type PayTarget } from '../dropship-orders/components/PayDialog';
import { StatusTag } from '../dropship-orders/components/StatusTag';
import { declarationApi, declarationKeys } from './api';

const LIST = { filters: { declarationNo: text(), dateFrom: day(), dateTo: day() } };
const FIELDS: FilterField[] = [
  { kind: 'text', name: 'declarationNo', label: '报单号', width: 180 },
  { kind: 'dayRange', name: 'range', label: '日期', from: 'dateFrom', to: 'dateTo' },
];

export function DeclarationListPage({ kind }: { kind: 'drafts' | 'history' }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const list = useListPage(LIST);
  const filters = list.active;
  const { query } = list;
  const page = useQuery({
    queryKey: kind === 'drafts' ? declarationKeys.drafts(query) : declarationKeys.history(query),
    queryFn: () => (kind === 'drafts' ? declarationApi.drafts(query) : declarationApi.history(query)),
    placeholderData: keepPreviousData,
  });
  const [paying, setPaying] = useState<PayTarget[] | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: declarationKeys.all });
  const remove = useMutation({
    mutationFn: declarationApi.remove,
    onSuccess: () => {
      message.success('已删除草稿');
      refresh();
    },
  });
  const submit = useMutation({
    mutationFn: declarationApi.submit,
    onSuccess: (r) => {
      message.success(`报单 ${r.declarationNo} 已提交，生成 ${r.orders.length} 个代发订单`);
      refresh();
      setPaying(r.orders);
    },
  });

  const columns = withColumnMinWidth<TableColumnsType<DeclarationRow>[number]>([
    { title: '报单号', dataIndex: 'declarationNo', width: 170 },
    { title: '发货方式', dataIndex: 'delivery', render: (d: DeclarationRow['delivery']) => DECLARATION_DELIVERY_NAMES[d] },
    { title: '行数', dataIndex: 'lineCount', width: 70 },
    { title: '件数', dataIndex: 'quantity', width: 70 },
    { title: '货款（元）', dataIndex: 'goodsFen', render: (f: number) => fenToYuan(f) },
    ...(kind === 'history'
      ? [
          {
            title: '代发订单',
            key: 'orders',
            render: (_: unknown, r: DeclarationRow) => (
              <Space direction="vertical" size={2}>
                {r.orders.map((o) => (
                  <Space key={o.id} size={4}>
                    <Link to={detailPath(o.id)}>{o.orderNo}</Link>
                    <StatusTag status={o.combinedStatus} />
                  </Space>
                ))}
              </Space>
            ),
          },
        ]
      : []),
    { title: '备注', dataIndex: 'remark' },
    {
      title: kind === 'drafts' ? '创建时间' : '提交时间',
      key: 'at',
      width: 170,
      render: (_: unknown, r: DeclarationRow) => formatDateTime(r.submittedAt ?? r.createdAt),
    },
    {
      title: '操作',
      key: 'op',
      width: 170,
      render: (_: unknown, r: DeclarationRow) => {
        if (kind === 'history') {
          const unpaid = r.orders.filter((o) => o.combinedStatus === 'WAITING_PAYMENT');
          return unpaid.length > 0 ? (
            <Button type="link" size="small" onClick={() => setPaying(unpaid)}>
              支付
            </Button>
          ) : null;
        }
        return (
          <Space size={4}>
            <Link to={`/order/orderCollect?id=${r.id}`}>编辑</Link>
            <Button type="link" size="small" loading={submit.isPending && submit.variables === r.id} onClick={() => submit.mutate(r.id)}>
              提交
            </Button>
            <Popconfirm title="确定删除该草稿吗？" okText="删除" okButtonProps={{ danger: true }} onConfirm={() => remove.mutateAsync(r.id)}>
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ]);

  return (
    <Card
      title={kind === 'drafts' ? '我的报单' : '报单历史'}
      extra={
        <Space>
          <ExportButton run={() => declarationApi.exportList(kind, filters)} />
          <Link to="/order/orderCollect">新建报单</Link>
        </Space>
      }
    >
      <ListFilterForm fields={FIELDS} values={filters} onSearch={list.search} />
      <Table<DeclarationRow>
        rowKey="id"
        size="small"
        loading={page.isFetching}
        dataSource={page.data?.list ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={list.pagination(page.data?.total ?? 0)}
      />
      <PayDialog
        orders={paying}
        onClose={() => setPaying(null)}
        onPaid={() => {
          setPaying(null);
          refresh();
        }}
      />
    </Card>
  );
}
