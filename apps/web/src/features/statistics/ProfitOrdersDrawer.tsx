/**
 * The per-order profit of one shop (or every order) over the range: each paid order's sale, goods,
 * express, service, after-sale money back and profit, paged, with the sum and an Excel export.
 * No receiver: the call does not send one. Opened from a shop row of the 利润 tab.
 */
import type { ProfitFigures, ProfitOrderRow } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Grid, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ExportButton } from '../../lib/list-page';
import { withColumnMinWidth } from '../../lib/table-defaults';
import { profitStatisticsApi } from './api';
import { money, percent } from './StatisticsFilters';

const PAGE_SIZE = 20;

/** The parts of a profit and the profit itself, the same columns on the shop rows and the order rows. */
export const profitPartColumns = <
  T extends Pick<ProfitFigures, 'goodsFen' | 'expressFen' | 'serviceFen' | 'afterSaleBackFen' | 'profitFen' | 'margin'>,
>(): TableColumnsType<T> => [
  { title: '货款', dataIndex: 'goodsFen', align: 'right', render: money },
  { title: '快递费', dataIndex: 'expressFen', align: 'right', render: money },
  { title: '服务费', dataIndex: 'serviceFen', align: 'right', render: money },
  { title: '售后退回', dataIndex: 'afterSaleBackFen', align: 'right', render: money },
  { title: '利润', dataIndex: 'profitFen', align: 'right', render: money },
  { title: '利润率', dataIndex: 'margin', align: 'right', render: percent },
];

const columns = withColumnMinWidth<TableColumnsType<ProfitOrderRow>[number]>([
  {
    title: '代发订单号',
    dataIndex: 'orderNo',
    render: (no: string) => <Link to={`/order/daifaOrderList?${new URLSearchParams({ orderNo: no })}`}>{no}</Link>,
  },
  { title: '支付日期', dataIndex: 'paidDay' },
  { title: '店铺', dataIndex: 'shopName', render: (v: string) => v || '（无店铺）' },
  { title: '售价', dataIndex: 'saleFen', align: 'right', render: (f: number, r) => (r.noSale ? <Tag>无售价</Tag> : money(f)) },
  ...profitPartColumns<ProfitOrderRow>(),
]);

export function ProfitOrdersDrawer({
  open,
  title,
  startDay,
  endDay,
  shopId,
  shopIds,
  onClose,
}: {
  open: boolean;
  title: string;
  startDay: string;
  endDay: string;
  shopId: number | undefined;
  /** The page's shop picker choice. */
  shopIds?: number[];
  onClose: () => void;
}) {
  const [pageNo, setPageNo] = useState(1);
  const phone = !Grid.useBreakpoint().md;
  const base = { startDay, endDay, ...(shopId === undefined ? {} : { shopId }), ...(shopIds ? { shopIds } : {}) };
  const q = { ...base, pageNo, pageSize: PAGE_SIZE };
  const result = useQuery({
    queryKey: profitStatisticsApi.orderKeys(q),
    queryFn: () => profitStatisticsApi.orders(q),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const s = result.data?.sum;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={`订单利润：${title}`}
      size={phone ? '100%' : 960}
      destroyOnHidden
      extra={<ExportButton run={() => profitStatisticsApi.exportOrders(base)} />}
    >
      {s && (
        <Descriptions size="small" column={{ xs: 2, sm: 3, md: 4 }} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="订单数">{s.orders}</Descriptions.Item>
          <Descriptions.Item label="销售额">{money(s.saleFen)}</Descriptions.Item>
          <Descriptions.Item label="利润">{money(s.profitFen)}</Descriptions.Item>
          <Descriptions.Item label="利润率">{percent(s.margin)}</Descriptions.Item>
        </Descriptions>
      )}
      <Table<ProfitOrderRow>
        rowKey="orderId"
        size="small"
        columns={columns}
        dataSource={result.data?.list ?? []}
        loading={result.isFetching}
        locale={{ emptyText: '所选日期内暂无已支付订单' }}
        scroll={{ x: 'max-content' }}
        pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: result.data?.total ?? 0, showSizeChanger: false, onChange: setPageNo }}
      />
    </Drawer>
  );
}
