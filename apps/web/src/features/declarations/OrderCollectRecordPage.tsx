/**
 * 报单记录 (/order/orderCollectRecord): every declared line with its order and take status,
 * filtered (报单号, 档口, 货号, 拿货状态, 日期) and paged through the address; the filtered set goes to Excel.
 */
import { DECLARATION_STATUS_NAMES, type DeclarationRecordRow, fenToYuan, TAKING_ITEM_STATUS_NAMES, type TakingStatusCode } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Table, type TableColumnsType, Tag } from 'antd';
import { formatDateTime } from '../../lib/date';
import { day, ExportButton, type FilterField, ListFilterForm, oneOf, text, useListPage } from '../../lib/list-page';
import { withColumnMinWidth } from '../../lib/table-defaults';
import { TakeStatusTag } from '../dropship-orders/components/StatusTag';
import { declarationApi, declarationKeys } from './api';

const TAKE_STATUSES = Object.keys(TAKING_ITEM_STATUS_NAMES) as TakingStatusCode[];
const LIST = { filters: { declarationNo: text(), stall: text(), artNo: text(), takeStatus: oneOf(TAKE_STATUSES), dateFrom: day(), dateTo: day() } };
const FIELDS: FilterField[] = [
  { kind: 'text', name: 'declarationNo', label: '报单号', width: 170 },
  { kind: 'text', name: 'stall', label: '档口', width: 130 },
  { kind: 'text', name: 'artNo', label: '货号', width: 120 },
  {
    kind: 'select',
    name: 'takeStatus',
    label: '拿货状态',
    width: 130,
    placeholder: '',
    options: TAKE_STATUSES.map((k) => ({ value: k, label: TAKING_ITEM_STATUS_NAMES[k] })),
  },
  { kind: 'dayRange', name: 'range', label: '报单日期', from: 'dateFrom', to: 'dateTo' },
];

const columns = withColumnMinWidth<TableColumnsType<DeclarationRecordRow>[number]>([
  { title: '报单号', dataIndex: 'declarationNo', width: 170 },
  { title: '状态', dataIndex: 'status', width: 80, render: (s: DeclarationRecordRow['status']) => <Tag>{DECLARATION_STATUS_NAMES[s]}</Tag> },
  { title: '档口', dataIndex: 'stall' },
  { title: '货号', dataIndex: 'artNo' },
  { title: '颜色', dataIndex: 'color', width: 70 },
  { title: '尺码', dataIndex: 'size', width: 70 },
  { title: '数量', dataIndex: 'quantity', width: 60 },
  { title: '单价（元）', dataIndex: 'unitPriceFen', render: (f: number) => fenToYuan(f) },
  { title: '收货人', dataIndex: 'receiverName' },
  { title: '手机号', dataIndex: 'receiverPhone' },
  { title: '代发订单号', dataIndex: 'orderNo', render: (v: string | null) => v ?? '—' },
  {
    title: '拿货状态',
    key: 'take',
    render: (_: unknown, r: DeclarationRecordRow) => (r.status === 'DRAFT' ? <Tag>未提交</Tag> : <TakeStatusTag status={r.takeStatus} />),
  },
  { title: '报单时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
]);

export default function OrderCollectRecordPage() {
  const list = useListPage(LIST);
  const filters = list.active;
  const { query } = list;
  const page = useQuery({ queryKey: declarationKeys.records(query), queryFn: () => declarationApi.records(query), placeholderData: keepPreviousData });
  return (
    <Card title="报单记录" extra={<ExportButton run={() => declarationApi.exportRecords(filters)} />}>
      <ListFilterForm fields={FIELDS} values={filters} onSearch={list.search} />
      <Table<DeclarationRecordRow>
        rowKey="id"
        size="small"
        loading={page.isFetching}
        dataSource={page.data?.list ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={list.pagination(page.data?.total ?? 0)}
      />
    </Card>
  );
}
