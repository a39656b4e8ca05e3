/** The ledger entries table: signed amounts in yuan, type and purpose in Chinese, time at +8. */
import { type EntryRow, fenToYuan, PAYMENT_PURPOSE_NAMES, TRANSACTION_TYPE_NAMES } from '@dropship/contract';
import { Table, type TableColumnsType, type TablePaginationConfig, Typography } from 'antd';
import { formatDateTime } from '../../../lib/date';
import { withColumnMinWidth } from '../../../lib/table-defaults';

const name = (names: Record<string, string>, code: string) => names[code] ?? code;
const signed = (fen: number) => (fen > 0 ? `+${fenToYuan(fen)}` : fenToYuan(fen));

const columns = withColumnMinWidth<TableColumnsType<EntryRow>[number]>([
  { title: '时间', dataIndex: 'createdAt', width: 170, render: (d: string) => formatDateTime(d) },
  { title: '交易类型', dataIndex: 'transactionType', render: (c: string) => name(TRANSACTION_TYPE_NAMES, c) },
  { title: '用途', dataIndex: 'purpose', render: (c: string) => name(PAYMENT_PURPOSE_NAMES, c) },
  {
    title: '可用余额变动（元）',
    dataIndex: 'amount',
    align: 'right',
    render: (f: number) => (f === 0 ? '0.00' : <Typography.Text type={f > 0 ? 'success' : 'danger'}>{signed(f)}</Typography.Text>),
  },
  { title: '冻结变动（元）', dataIndex: 'frozenAmount', align: 'right', render: (f: number) => (f === 0 ? '—' : signed(f)) },
  { title: '变动后可用（元）', dataIndex: 'availableAfter', align: 'right', render: (f: number) => fenToYuan(f) },
  { title: '变动后冻结（元）', dataIndex: 'frozenAfter', align: 'right', render: (f: number) => fenToYuan(f) },
  { title: '业务单号', dataIndex: 'businessId', render: (b: string | null) => b ?? '—' },
  { title: '备注', dataIndex: 'remark', render: (r: string | null) => r ?? '' },
]);

export function EntryTable(props: { rows: EntryRow[]; total: number; loading: boolean; pagination: TablePaginationConfig }) {
  return (
    <Table<EntryRow>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      scroll={{ x: 'max-content' }}
      pagination={props.pagination}
    />
  );
}
