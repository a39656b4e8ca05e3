/**
 * 支付宝分账 (/funds/aliLedger): the service fee of orders paid through Alipay, split to the
 * authorized account (decision 0030): status 处理中 / 成功 / 失败 / 已退回 with the reason, filters
 * by date, status and number in the URL, the totals of what is filtered, and the Excel export.
 */
import { fenToYuan, ROYALTY_SETTLEMENT_STATUS_NAMES, type RoyaltySettlementStatus } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Statistic, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date';
import { type BarField, day, ExportButton, ListFilterBar, oneOf, optionsOf, text, useListPage } from '../../../lib/list-page';
import { withColumnMinWidth } from '../../../lib/table-defaults';
import { recordsApi, recordsKeys } from '../records-api';
import { DayRangeFilter } from '../transfer-record/DayRangeFilter';

type SplitRow = Awaited<ReturnType<typeof recordsApi.royaltyRecords>>['list'][number];
const STATUSES = Object.keys(ROYALTY_SETTLEMENT_STATUS_NAMES) as RoyaltySettlementStatus[];
const STATUS_COLORS: Record<RoyaltySettlementStatus, string> = { PROCESSING: 'processing', SUCCESS: 'success', FAIL: 'error', REVERSED: 'default' };
const money = (f: number) => `¥${fenToYuan(f)}`;

const listDef = () => ({ filters: { status: oneOf(STATUSES), tradeNo: text(64), createdFrom: day(), createdTo: day() } });
const BAR: BarField[] = [
  { kind: 'select', name: 'status', label: '分账状态', all: '全部状态', options: optionsOf(ROYALTY_SETTLEMENT_STATUS_NAMES), width: 130 },
  { kind: 'search', name: 'tradeNo', label: '交易号', placeholder: '交易号 / 支付宝交易号 / 订单号', width: 260, maxLength: 64 },
];

export default function AliLedgerPage() {
  const list = useListPage(useMemo(listDef, []));
  const v = list.filters;
  const filter = {
    ...(v.status ? { status: v.status } : {}),
    ...(v.tradeNo ? { tradeNo: v.tradeNo } : {}),
    ...(v.createdFrom ? { createdFrom: v.createdFrom } : {}),
    ...(v.createdTo ? { createdTo: v.createdTo } : {}),
  };
  const query = { ...filter, pageNo: list.pageNo, pageSize: list.pageSize };
  const auth = useQuery({ queryKey: recordsKeys.royaltyAuth(), queryFn: recordsApi.royaltyAuth });
  const records = useQuery({ queryKey: recordsKeys.royaltyRecords(query), queryFn: () => recordsApi.royaltyRecords(query), placeholderData: keepPreviousData });
  const totals = records.data?.totals;
  const columns = withColumnMinWidth<TableColumnsType<SplitRow>[number]>([
    { title: '创建时间', dataIndex: 'createdAt', width: 170, render: (d: string) => formatDateTime(d) },
    { title: '交易号', dataIndex: 'businessId' },
    { title: '订单号', dataIndex: 'orderNos', render: (nos: string[]) => nos.join('、') },
    { title: '分账金额', dataIndex: 'amountFen', align: 'right', render: money },
    { title: '收款账号', dataIndex: 'account' },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: RoyaltySettlementStatus) => <Tag color={STATUS_COLORS[s]}>{ROYALTY_SETTLEMENT_STATUS_NAMES[s]}</Tag>,
    },
    { title: '原因', dataIndex: 'reason', render: (r: string | null) => r ?? '' },
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
      <ListFilterBar fields={BAR} values={v} onChange={list.filter}>
        <DayRangeFilter from={v.createdFrom} to={v.createdTo} onChange={(createdFrom, createdTo) => list.filter({ createdFrom, createdTo })} />
        <ExportButton run={() => recordsApi.exportRoyaltyRecords(filter)} />
      </ListFilterBar>
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="分账成功" value={fenToYuan(totals?.successFen ?? 0)} prefix="¥" />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="处理中" value={fenToYuan(totals?.processingFen ?? 0)} prefix="¥" />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="分账失败" value={fenToYuan(totals?.failFen ?? 0)} prefix="¥" />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title="已退回" value={fenToYuan(totals?.reversedFen ?? 0)} prefix="¥" />
          </Card>
        </Col>
      </Row>
      <Table<SplitRow>
        rowKey="id"
        columns={columns}
        dataSource={records.data?.list ?? []}
        loading={records.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description="暂无分账记录：授权分账后，订单通过支付宝支付时平台服务费会分账到授权账号，记录显示在这里" /> }}
        pagination={list.pagination(records.data?.total ?? 0)}
      />
    </div>
  );
}
