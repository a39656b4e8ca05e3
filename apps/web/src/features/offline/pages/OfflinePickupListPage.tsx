/**
 * 线下拿货单 (/order/getOfflineList): the seller's offline pickup orders with their status, goods
 * and money; unpaid ones are paid here, any one opens the dropship order detail (take statuses).
 */
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { COMBINED_ORDER_STATUS_NAMES, fenToYuan, type OfflinePickupRow } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date';
import { paginationDefaults } from '../../../lib/table-defaults';
import { PayDialog, type PayTarget } from '../../dropship-orders/components/PayDialog';
import { MONEY_QUERY_KEYS } from '../../funds/payments-api';
import { offlineApi, offlineKeys } from '../api';
import { useListUrl } from '../use-list-url';

const KEYS = ['orderNo', 'status'] as const;
const STATUS_OPTIONS = (['WAITING_PAYMENT', 'WAITING_TAKING', 'TAKING', 'TOOK_PART', 'TOOK', 'E_LACK_TAKING', 'DELIVERED', 'CANCELED'] as const).map((s) => ({
  value: s,
  label: COMBINED_ORDER_STATUS_NAMES[s],
}));
const yuan = (fen: number) => `¥${fenToYuan(fen)}`;

export default function OfflinePickupListPage() {
  const qc = useQueryClient();
  const url = useListUrl(KEYS);
  const page = useQuery({ queryKey: offlineKeys.pickups(url.query), queryFn: () => offlineApi.pickups(url.query), placeholderData: keepPreviousData });
  const exporting = useMutation({ mutationFn: () => offlineApi.exportPickups(url.filters as Record<string, string>) });
  const [paying, setPaying] = useState<PayTarget[] | null>(null);
  const paid = () => {
    setPaying(null);
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
      <Form layout="inline" key={JSON.stringify(url.filters)} initialValues={url.filters} onFinish={(v) => url.search(v)} style={{ marginBottom: 12 }}>
        <Form.Item name="orderNo" label="订单号">
          <Input allowClear maxLength={40} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select allowClear style={{ width: 140 }} options={STATUS_OPTIONS} placeholder="全部" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()} style={{ marginLeft: 8 }}>
          导出Excel
        </Button>
      </Form>
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
                  <Button type="link" size="small" onClick={() => setPaying([{ id: r.id, orderNo: r.orderNo, totalFen: r.totalFen }])}>
                    去支付
                  </Button>
                )}
                <Link to={`/order/daifaOrderList/daifaOrederListDetail?id=${r.id}`}>详情</Link>
              </Space>
            ),
          },
        ]}
        pagination={{ ...paginationDefaults, current: url.pageNo, pageSize: url.pageSize, total: page.data?.total ?? 0, onChange: url.page }}
      />
      <PayDialog orders={paying} onClose={() => setPaying(null)} onPaid={paid} />
    </div>
  );
}
