/**
 * 支付宝分账 (/funds/aliLedger): the split records of paid orders to the authorized account. Orders
 * write them when their payment splits money; until then the list is honestly empty.
 */
import { fenToYuan } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Table, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date';
import { ListToolbar, useListPage } from '../../../lib/list-page';
import { withColumnMinWidth } from '../../../lib/table-defaults';
import { recordsApi, recordsKeys } from '../records-api';

type Row = Awaited<ReturnType<typeof recordsApi.royaltyRecords>>['list'][number];
const STATUS: Record<string, string> = { PROCESSING: '分账处理中', SUCCESS: '分账成功', FAIL: '分账失败' };

const LIST = { filters: {} };

export default function AliLedgerPage() {
  const list = useListPage(LIST);
  const { query } = list;
  const auth = useQuery({ queryKey: recordsKeys.royaltyAuth(), queryFn: recordsApi.royaltyAuth });
  const records = useQuery({ queryKey: recordsKeys.royaltyRecords(query), queryFn: () => recordsApi.royaltyRecords(query), placeholderData: keepPreviousData });
  const columns = withColumnMinWidth<TableColumnsType<Row>[number]>([
    { title: '创建时间', dataIndex: 'createdAt', width: 170, render: (d: string) => formatDateTime(d) },
    { title: '订单号', dataIndex: 'businessId' },
    { title: '分账金额', dataIndex: 'amountFen', align: 'right', render: (f: number) => `¥${fenToYuan(f)}` },
    { title: '收款账号', dataIndex: 'account' },
    { title: '状态', dataIndex: 'status', render: (s: string) => STATUS[s] ?? s },
    { title: '完成时间', dataIndex: 'settledAt', width: 170, render: (d: string | null) => formatDateTime(d) },
  ]);

  return (
    <div>
      <Typography.Title level={4}>支付宝分账</Typography.Title>
      {auth.data && !auth.data.current && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="尚未授权分账"
          action={
            <Link to="/funds/aliLedgerAuth">
              <Button size="small" type="primary">
                去授权
              </Button>
            </Link>
          }
        />
      )}
      {auth.data?.current && (
        <Typography.Paragraph type="secondary">
          分账账号：{auth.data.current.account}（{auth.data.current.name}） <Link to="/funds/aliLedgerAuth">管理授权</Link>
        </Typography.Paragraph>
      )}
      <ListToolbar exportExcel={recordsApi.exportRoyaltyRecords} />
      <Table<Row>
        rowKey="id"
        columns={columns}
        dataSource={records.data?.list ?? []}
        loading={records.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description="暂无分账记录：订单通过支付宝支付并完成分账后，记录会显示在这里" /> }}
        pagination={list.pagination(records.data?.total ?? 0)}
      />
    </div>
  );
}
