/**
 * 线下拿货单 (/order/getOfflineList): the seller's offline pickup orders with their status, goods
 * and money; unpaid ones are paid here, any one opens the dropship order detail (take statuses).
 */
import { PlusOutlined } from '@ant-design/icons';
import { COMBINED_ORDER_STATUS_NAMES, fenToYuan, type OfflinePickupRow } from '@dropship/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date';
import { ExportButton, type FilterField, ListFilterForm, oneOf, text, useListPage } from '../../../lib/list-page';
import { PayDialog } from '../../dropship-orders/components/PayDialog';
import { MONEY_QUERY_KEYS } from '../../funds/payments-api';
import { offlineApi, offlineKeys } from '../api';

const STATUSES = ['WAITING_PAYMENT', 'WAITING_TAKING', 'TAKING', 'TOOK_PART', 'TOOK', 'E_LACK_TAKING', 'DELIVERED', 'CANCELED'] as const;
const LIST = { filters: { orderNo: text(40), status: oneOf(STATUSES) }, dialogs: ['pay'] as const };
const FIELDS: FilterField[] = [
  { kind: 'text', name: 'orderNo', label: '订单号', maxLength: 40 },
  { kind: 'select', name: 'status', label: '状态', width: 140, options: STATUSES.map((s) => ({ value: s, label: COMBINED_ORDER_STATUS_NAMES[s] })) },
];
const yuan = (fen: number) => `¥${fenToYuan(fen)}`;

export default function OfflinePickupListPage() {
  const qc = useQueryClient();
  const list = useListPage(LIST);
  const page = useQuery({ queryKey: offlineKeys.pickups(list.query), queryFn: () => offlineApi.pickups(list.query), placeholderData: keepPreviousData });
  const payRow = list.dialogRow('pay', page.data?.list);
  // One array per row: PayDialog starts a new payment (a new request key) when it changes.
  const paying = useMemo(() => (payRow ? [{ id: payRow.id, orderNo: payRow.orderNo, totalFen: payRow.totalFen }] : null), [payRow]);
  const paid = () => {
    list.closeDialog();
    void qc.invalidateQueries({ queryKey: offlineKeys.all });
    for (const k of MONEY_QUERY_KEYS) void qc.invalidateQueries({ queryKey: k });
  };

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>线下拿货单</Typography.Title>
        <Link to="/order/getOfflineCreate">
          <Button type="primary" icon={<PlusOutlined />}>
            新建线下拿货单
          </Button>
        </Link>
      </Space>
      <ListFilterForm
        fields={FIELDS}
        values={list.active}
        onSearch={list.search}
        extra={<ExportButton run={() => offlineApi.exportPickups(list.active)} style={{ marginLeft: 8 }} />}
      />
      <Table<OfflinePickupRow>
        rowKey="id"
        loading={page.isFetching}
        dataSource={page.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无线下拿货单' }}
        columns={[
          { title: '订单号', dataIndex: 'orderNo' },
          {
            title: '状态',
            dataIndex: 'combinedStatus',
            render: (s: string) => COMBINED_ORDER_STATUS_NAMES[s as keyof typeof COMBINED_ORDER_STATUS_NAMES] ?? s,
          },
          { title: '商品', dataIndex: 'summary', width: 320 },
          { title: '件数', dataIndex: 'itemCount' },
          { title: '合计', dataIndex: 'totalFen', render: yuan },
          { title: '提货人', render: (_, r) => `${r.contactName} ${r.contactPhone}` },
          { title: '创建时间', dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
          {
            title: '操作',
            render: (_, r) => (
              <Space size={4}>
                {r.status === 'WAITING_PAYMENT' && (
                  <Button type="link" size="small" onClick={() => list.openDialog('pay', r.id)}>
                    去支付
                  </Button>
                )}
                <Link to={`/order/daifaOrderList/daifaOrederListDetail?id=${r.id}`}>详情</Link>
              </Space>
            ),
          },
        ]}
        pagination={list.pagination(page.data?.total ?? 0)}
      />
      <PayDialog orders={paying} onClose={list.closeDialog} onPaid={paid} />
    </div>
  );
}
