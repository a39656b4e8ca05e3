/** 充值记录 tab: the seller's recharges, filtered by status and days through the URL, exportable. */
import { DownloadOutlined } from '@ant-design/icons';
import { fenToYuan, PAYMENT_METHOD_NAMES, RECHARGE_STATUS_NAMES } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Button, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { formatDateTime } from '../../../lib/date';
import { urlPagination, withColumnMinWidth } from '../../../lib/table-defaults';
import { positiveInt, useUrlValues } from '../../../lib/url-state';
import { type RechargeRecordRow, recordsApi, recordsKeys } from '../records-api';
import { DayRangeFilter } from './DayRangeFilter';

const STATUS_COLORS: Record<string, string> = { PAID: 'green', WAITING_PAYMENT: 'orange', CLOSED: 'default' };
const label = (names: Record<string, string>, code: string) => names[code] ?? code;

export function RechargeRecordsTab() {
  const [v, set] = useUrlValues({ status: '', dateFrom: '', dateTo: '', pageNo: '1', pageSize: '20' });
  const filters = { ...(v.status ? { status: v.status } : {}), ...(v.dateFrom && v.dateTo ? { dateFrom: v.dateFrom, dateTo: v.dateTo } : {}) };
  const query = { pageNo: positiveInt(v.pageNo, 1, 100_000), pageSize: positiveInt(v.pageSize, 20, 100), ...filters };
  const page = useQuery({ queryKey: recordsKeys.recharges(query), queryFn: () => recordsApi.recharges(query), placeholderData: keepPreviousData });
  const exporting = useMutation({ mutationFn: () => recordsApi.exportRecharges(filters) });

  const columns = withColumnMinWidth<TableColumnsType<RechargeRecordRow>[number]>([
    { title: '充值时间', dataIndex: 'createdAt', width: 170, render: (d: string) => formatDateTime(d) },
    { title: '商户订单号', dataIndex: 'outTradeNo' },
    { title: '充值金额', dataIndex: 'amountFen', align: 'right', render: (f: number) => `¥${fenToYuan(f)}` },
    { title: '充值方式', dataIndex: 'method', render: (m: string) => label(PAYMENT_METHOD_NAMES, m) },
    { title: '状态', dataIndex: 'status', render: (s: string) => <Tag color={STATUS_COLORS[s]}>{label(RECHARGE_STATUS_NAMES, s)}</Tag> },
    { title: '到账时间', dataIndex: 'paidAt', width: 170, render: (d: string | null) => formatDateTime(d) },
  ]);

  return (
    <div>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          aria-label="充值状态"
          style={{ width: 140 }}
          value={v.status}
          onChange={(status) => set({ status, pageNo: 1 })}
          options={[{ value: '', label: '全部状态' }, ...Object.entries(RECHARGE_STATUS_NAMES).map(([value, l]) => ({ value, label: l }))]}
        />
        <DayRangeFilter from={v.dateFrom} to={v.dateTo} onChange={(dateFrom, dateTo) => set({ dateFrom, dateTo, pageNo: 1 })} />
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          导出Excel
        </Button>
      </Space>
      <Table<RechargeRecordRow>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无充值记录' }}
        pagination={urlPagination(query, page.data?.total ?? 0, set)}
      />
    </div>
  );
}
