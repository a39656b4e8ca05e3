/** The last twelve months at a glance; a click opens that month's statement. */
import { fenToYuan } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Table, type TableColumnsType } from 'antd';
import { withColumnMinWidth } from '../../../lib/table-defaults';
import { recordsApi, recordsKeys } from '../records-api';

type Row = Awaited<ReturnType<typeof recordsApi.overview>>[number];
const money = (f: number) => `¥${fenToYuan(f)}`;

export function StatementOverviewTable({ month, onPick }: { month: string; onPick(month: string): void }) {
  const overview = useQuery({ queryKey: recordsKeys.overview(), queryFn: recordsApi.overview });
  const columns = withColumnMinWidth<TableColumnsType<Row>[number]>([
    { title: '月份', dataIndex: 'month' },
    { title: '期初余额', dataIndex: 'openingFen', align: 'right', render: money },
    { title: '收入', dataIndex: 'incomeFen', align: 'right', render: money },
    { title: '支出', dataIndex: 'expenseFen', align: 'right', render: money },
    { title: '期末余额', dataIndex: 'closingFen', align: 'right', render: money },
    { title: '笔数', dataIndex: 'count', align: 'right' },
  ]);
  return (
    <Table<Row>
      size="small"
      rowKey="month"
      columns={columns}
      dataSource={overview.data ?? []}
      loading={overview.isFetching}
      pagination={false}
      scroll={{ x: 'max-content' }}
      rowClassName={(r) => (r.month === month ? 'ant-table-row-selected' : '')}
      onRow={(r) => ({ onClick: () => onPick(r.month), style: { cursor: 'pointer' } })}
    />
  );
}
