/**
 * 拿货员结算 (/funds/nahuoSettlement/nahuoyuanSettlement?pickerUserId=): one picker's settlement
 * lines over a day range (taken and returned items, goods money, commission), exportable.
 */
import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { fenToYuan, SETTLEMENT_KIND_NAMES } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Button, Empty, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date';
import { urlPagination, withColumnMinWidth } from '../../../lib/table-defaults';
import { positiveInt, useUrlValues } from '../../../lib/url-state';
import { recordsApi, recordsKeys } from '../records-api';
import { DayRangeFilter } from '../transfer-record/DayRangeFilter';
import { SettlementTotalsBar } from './SettlementTotalsBar';
import { defaultRange, SETTLEMENT_EMPTY } from './settlement-range';

type LineRow = Awaited<ReturnType<typeof recordsApi.pickerLines>>['list'][number];
const money = (f: number) => `¥${fenToYuan(f)}`;

export default function PickerSettlementPage() {
  const [v, set] = useUrlValues({ pickerUserId: '', ...defaultRange(), pageNo: '1', pageSize: '20' });
  const pickerUserId = positiveInt(v.pickerUserId, 0, 2_147_483_647);
  const query = { pickerUserId, dateFrom: v.dateFrom, dateTo: v.dateTo, pageNo: positiveInt(v.pageNo, 1, 100_000), pageSize: positiveInt(v.pageSize, 20, 100) };
  const lines = useQuery({
    queryKey: recordsKeys.lines(query),
    queryFn: () => recordsApi.pickerLines(query),
    placeholderData: keepPreviousData,
    enabled: pickerUserId > 0,
  });
  const exporting = useMutation({ mutationFn: () => recordsApi.exportPickerLines(query) });
  const back = `/funds/nahuoSettlement?tab=pickers&dateFrom=${v.dateFrom}&dateTo=${v.dateTo}`;

  const columns = withColumnMinWidth<TableColumnsType<LineRow>[number]>([
    { title: '时间', dataIndex: 'occurredAt', width: 170, render: (d: string) => formatDateTime(d) },
    { title: '类型', dataIndex: 'kind', render: (k: LineRow['kind']) => <Tag color={k === 'RETURN' ? 'orange' : 'blue'}>{SETTLEMENT_KIND_NAMES[k]}</Tag> },
    { title: '档口', dataIndex: 'supplierName' },
    { title: '拿货项', dataIndex: 'businessId' },
    { title: '档口货款', dataIndex: 'goodsFen', align: 'right', render: money },
    { title: '佣金', dataIndex: 'commissionFen', align: 'right', render: money },
  ]);

  if (pickerUserId === 0) {
    return <Empty description={<Link to="/funds/nahuoSettlement?tab=pickers">请从拿货结算的“按拿货员”中选择拿货员</Link>} />;
  }
  return (
    <div>
      <Space style={{ marginBottom: 8 }}>
        <Link to={back}>
          <ArrowLeftOutlined /> 返回拿货结算
        </Link>
      </Space>
      <Typography.Title level={4}>拿货员结算{lines.data ? `：${lines.data.pickerName}` : ''}</Typography.Title>
      <Space style={{ marginBottom: 12 }} wrap>
        <DayRangeFilter allowClear={false} from={v.dateFrom} to={v.dateTo} onChange={(dateFrom, dateTo) => set({ dateFrom, dateTo, pageNo: 1 })} />
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          导出Excel
        </Button>
      </Space>
      <SettlementTotalsBar totals={lines.data?.totals} />
      <Table<LineRow>
        rowKey="id"
        columns={columns}
        dataSource={lines.data?.list ?? []}
        loading={lines.isFetching}
        locale={{ emptyText: SETTLEMENT_EMPTY }}
        scroll={{ x: 'max-content' }}
        pagination={urlPagination(query, lines.data?.total ?? 0, set)}
      />
    </div>
  );
}
