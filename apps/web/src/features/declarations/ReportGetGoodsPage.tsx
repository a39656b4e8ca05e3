/**
 * 报单拿货 (/e3hReportGetGoods): the submitted declared goods grouped by stall, with how many
 * pieces are waiting for payment, waiting, taken, out of stock…; each stall opens to its lines.
 * Dates and stall in the address.
 */

import { type DeclarationStallGoods, fenToYuan, TAKING_ITEM_STATUS_NAMES, type TakingStatusCode } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Progress, Space, Table, type TableColumnsType, Tag } from 'antd';
import { day, ExportButton, type FilterField, ListFilterForm, text, useListPage } from '../../lib/list-page';
import { withColumnMinWidth } from '../../lib/table-defaults';
import { TakeStatusTag } from '../dropship-orders/components/StatusTag';
import { declarationApi, declarationKeys } from './api';

// Every stall on one page (no paging): the list keeps only its filters in the address.
const LIST = { filters: { stall: text(), dateFrom: day(), dateTo: day() } };
const FIELDS: FilterField[] = [
  { kind: 'text', name: 'stall', label: '档口', width: 150 },
  { kind: 'dayRange', name: 'range', label: '报单日期', from: 'dateFrom', to: 'dateTo' },
];
const EXTRA: Record<string, string> = { UNPAID: '待付款', CANCELED: '已取消' };
const statusName = (k: string) => EXTRA[k] ?? TAKING_ITEM_STATUS_NAMES[k as TakingStatusCode] ?? k;
const TOOK = new Set(['TOOK']);

const columns = withColumnMinWidth<TableColumnsType<DeclarationStallGoods>[number]>([
  { title: '档口', key: 'stall', render: (_: unknown, s: DeclarationStallGoods) => `${s.stall}${s.stallNo ? `（${s.market} ${s.stallNo}）` : ''}` },
  { title: '行数', dataIndex: 'lines', width: 70 },
  { title: '件数', dataIndex: 'quantity', width: 70 },
  { title: '货款（元）', dataIndex: 'goodsFen', render: (f: number) => fenToYuan(f) },
  {
    title: '拿货进度',
    key: 'progress',
    width: 160,
    render: (_: unknown, s: DeclarationStallGoods) => {
      const took = Object.entries(s.byStatus).reduce((n, [k, q]) => n + (TOOK.has(k) ? q : 0), 0);
      return <Progress size="small" percent={s.quantity ? Math.round((took * 100) / s.quantity) : 0} />;
    },
  },
  {
    title: '各状态件数',
    key: 'byStatus',
    render: (_: unknown, s: DeclarationStallGoods) => (
      <Space size={4} wrap>
        {Object.entries(s.byStatus).map(([k, q]) => (
          <Tag key={k}>
            {statusName(k)} {q}
          </Tag>
        ))}
      </Space>
    ),
  },
]);

export default function ReportGetGoodsPage() {
  const list = useListPage(LIST);
  const query = list.active;
  const goods = useQuery({ queryKey: declarationKeys.goods(query), queryFn: () => declarationApi.goods(query), placeholderData: keepPreviousData });
  return (
    <Card title="报单拿货" extra={<ExportButton run={() => declarationApi.exportGoods(query)} />}>
      <ListFilterForm fields={FIELDS} values={query} onSearch={list.search} />
      <Table<DeclarationStallGoods>
        rowKey={(s) => `${s.supplierId ?? s.stall}`}
        size="small"
        loading={goods.isFetching}
        dataSource={goods.data?.stalls ?? []}
        columns={columns}
        pagination={false}
        expandable={{
          expandedRowRender: (s) => (
            <Table
              rowKey={(_, i) => String(i)}
              size="small"
              pagination={false}
              dataSource={s.items}
              columns={[
                { title: '报单号', dataIndex: 'declarationNo' },
                { title: '代发订单号', dataIndex: 'orderNo' },
                { title: '货号', dataIndex: 'artNo' },
                { title: '颜色', dataIndex: 'color' },
                { title: '尺码', dataIndex: 'size' },
                { title: '数量', dataIndex: 'quantity' },
                { title: '拿货状态', dataIndex: 'takeStatus', render: (t: TakingStatusCode | null) => <TakeStatusTag status={t} /> },
              ]}
            />
          ),
        }}
      />
    </Card>
  );
}
