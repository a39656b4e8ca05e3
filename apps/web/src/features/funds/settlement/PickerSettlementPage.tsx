/**
 * 拿货员结算 (/funds/nahuoSettlement/nahuoyuanSettlement?pickerUserId=): one picker's settlement
 * lines over a day range (taken and returned items, goods money, commission), exportable.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { fenToYuan, SETTLEMENT_KIND_NAMES } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date';
import { ExportButton, positiveInt, useListPage } from '../../../lib/list-page';
import { withColumnMinWidth } from '../../../lib/table-defaults';
import { recordsApi, recordsKeys } from '../records-api';
import { DayRangeFilter } from '../transfer-record/DayRangeFilter';
import { SettlementTotalsBar } from './SettlementTotalsBar';
import { rangeFilters, SETTLEMENT_EMPTY } from './settlement-range';

type LineRow = Awaited<ReturnType<typeof recordsApi.pickerLines>>['list'][number];
const money = (f: number) => `¥${fenToYuan(f)}`;
const listDef = () => ({ filters: { pickerUserId: positiveInt(), ...rangeFilters() } });

export default function PickerSettlementPage() {
  const list = useListPage(useMemo(listDef, []));
  const v = list.filters;
  const pickerUserId = v.pickerUserId ?? 0;
  const query = { pickerUserId, dateFrom: v.dateFrom, dateTo: v.dateTo, pageNo: list.pageNo, pageSize: list.pageSize };
  const lines = useQuery({
    queryKey: recordsKeys.lines(query),
    queryFn: () => recordsApi.pickerLines(query),
    placeholderData: keepPreviousData,
    enabled: pickerUserId > 0,
  });
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
        <DayRangeFilter allowClear={false} from={v.dateFrom} to={v.dateTo} onChange={(dateFrom, dateTo) => list.filter({ dateFrom, dateTo })} />
        <ExportButton run={() => recordsApi.exportPickerLines(query)} />
      </Space>
      <SettlementTotalsBar totals={lines.data?.totals} />
      <Table<LineRow>
        rowKey="id"
        columns={columns}
        dataSource={lines.data?.list ?? []}
        loading={lines.isFetching}
        locale={{ emptyText: SETTLEMENT_EMPTY }}
        scroll={{ x: 'max-content' }}
        pagination={list.pagination(lines.data?.total ?? 0)}
      />
    </div>
  );
}
