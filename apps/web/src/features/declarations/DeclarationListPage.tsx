/**
 * 我的报单 (/myDeclaration, drafts: edit, submit and pay, delete) and 报单历史 (/declarationHistory,
 * submitted: the orders each became with their statuses, unpaid ones payable here). Filters and
 * paging live in the address.
 */

import { DownloadOutlined } from '@ant-design/icons';
import { DECLARATION_DELIVERY_NAMES, type DeclarationRow, fenToYuan } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/date';
import { urlPagination, withColumnMinWidth } from '../../lib/table-defaults';
import { nonEmpty, positiveInt, useUrlValues } from '../../lib/url-state';
import { detailPath } from '../dropship-orders/components/list-columns';
import { PayDialog, type PayTarget } from '../dropship-orders/components/PayDialog';
import { StatusTag } from '../dropship-orders/components/StatusTag';
import { declarationApi, declarationKeys } from './api';

const DEFAULTS = { declarationNo: '', dateFrom: '', dateTo: '', pageNo: '1', pageSize: '20' };

export function DeclarationListPage({ kind }: { kind: 'drafts' | 'history' }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [v, setV] = useUrlValues(DEFAULTS);
  const filters = nonEmpty({ declarationNo: v.declarationNo, dateFrom: v.dateFrom, dateTo: v.dateTo });
  const query = {
    ...filters,
    pageNo: positiveInt(v.pageNo, 1),
    pageSize: positiveInt(v.pageSize, 20, 100),
  };
  const page = useQuery({
    queryKey: kind === 'drafts' ? declarationKeys.drafts(query) : declarationKeys.history(query),
    queryFn: () => (kind === 'drafts' ? declarationApi.drafts(query) : declarationApi.history(query)),
    placeholderData: keepPreviousData,
  });
  const exporting = useMutation({ mutationFn: () => declarationApi.exportList(kind, filters) });
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
          <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
            导出Excel
          </Button>
          <Link to="/order/orderCollect">新建报单</Link>
        </Space>
      }
    >
      <Form
        layout="inline"
        style={{ marginBottom: 12 }}
        key={`${v.declarationNo}|${v.dateFrom}|${v.dateTo}`}
        initialValues={{ declarationNo: v.declarationNo, range: v.dateFrom && v.dateTo ? [dayjs(v.dateFrom), dayjs(v.dateTo)] : undefined }}
        onFinish={(f: { declarationNo?: string; range?: [dayjs.Dayjs, dayjs.Dayjs] }) =>
          setV({ declarationNo: f.declarationNo?.trim(), dateFrom: f.range?.[0].format('YYYY-MM-DD'), dateTo: f.range?.[1].format('YYYY-MM-DD'), pageNo: 1 })
        }
      >
        <Form.Item name="declarationNo" label="报单号">
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="range" label="日期">
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form>
      <Table<DeclarationRow>
        rowKey="id"
        size="small"
        loading={page.isFetching}
        dataSource={page.data?.list ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={urlPagination({ pageNo: query.pageNo, pageSize: query.pageSize }, page.data?.total ?? 0, (p) => setV(p))}
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
