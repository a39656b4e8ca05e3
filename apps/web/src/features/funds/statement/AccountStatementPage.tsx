/**
 * 对账单 (/funds/accountStatement): a month's opening balance, its money in and out per transaction
 * type (Chinese names of the SPEC's codes), and its closing balance, all read from the ledger;
 * the twelve-month overview below. ?month=YYYY-MM; the month exports to Excel.
 */
import { fenToYuan, TRANSACTION_TYPE_NAMES } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Row, Space, Statistic, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { toDisplayZone } from '../../../lib/date';
import { ExportButton, month as monthParam, useUrlParams } from '../../../lib/list-page';
import { withColumnMinWidth } from '../../../lib/table-defaults';
import { recordsApi, recordsKeys } from '../records-api';
import { StatementOverviewTable } from './StatementOverviewTable';

type Group = Awaited<ReturnType<typeof recordsApi.statement>>['groups'][number];
const money = (f: number) => `¥${fenToYuan(f)}`;
const thisMonth = () => toDisplayZone(Date.now())?.format('YYYY-MM') ?? dayjs().format('YYYY-MM');

export default function AccountStatementPage() {
  const current = thisMonth();
  const [v, set] = useUrlParams({ month: monthParam().or(current) });
  // A month ahead of this one (a hand-edited address) shows this one.
  // biome-ignore lint/complexity/useMathMinMax: months are YYYY-MM text, compared as text
  const month = v.month > current ? current : v.month;
  const s = useQuery({ queryKey: recordsKeys.statement(month), queryFn: () => recordsApi.statement(month) });
  const d = s.data;

  const columns = withColumnMinWidth<TableColumnsType<Group>[number]>([
    { title: '交易类型', dataIndex: 'transactionType', render: (t: Group['transactionType']) => TRANSACTION_TYPE_NAMES[t] ?? t },
    { title: '笔数', dataIndex: 'count', align: 'right' },
    { title: '收入', dataIndex: 'incomeFen', align: 'right', render: money },
    { title: '支出', dataIndex: 'expenseFen', align: 'right', render: money },
    { title: '冻结变动', dataIndex: 'frozenChangeFen', align: 'right', render: money },
  ]);

  return (
    <div>
      <Typography.Title level={4}>对账单</Typography.Title>
      <Space style={{ marginBottom: 12 }} wrap>
        <DatePicker
          picker="month"
          aria-label="月份"
          allowClear={false}
          value={dayjs(`${month}-01`)}
          disabledDate={(m) => m.format('YYYY-MM') > current}
          onChange={(m) => m && set({ month: m.format('YYYY-MM') })}
        />
        <ExportButton run={() => recordsApi.exportStatement(month)} />
      </Space>
      <Row gutter={12} style={{ marginBottom: 12 }}>
        {[
          ['期初可用余额', d?.opening.availableFen],
          ['本月收入', d?.totals.incomeFen],
          ['本月支出', d?.totals.expenseFen],
          ['期末可用余额', d?.closing.availableFen],
          ['期末冻结金额', d?.closing.frozenFen],
        ].map(([title, fen]) => (
          <Col key={String(title)} xs={12} md={8} xl={4}>
            <Card size="small">
              <Statistic title={title} value={fenToYuan(Number(fen ?? 0))} prefix="¥" loading={s.isLoading} />
            </Card>
          </Col>
        ))}
      </Row>
      <Table<Group>
        rowKey="transactionType"
        columns={columns}
        dataSource={d?.groups ?? []}
        loading={s.isFetching}
        pagination={false}
        locale={{ emptyText: `${month} 没有资金变动` }}
        scroll={{ x: 'max-content' }}
        summary={() =>
          d && d.groups.length > 0 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {d.totals.count}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {money(d.totals.incomeFen)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {money(d.totals.expenseFen)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {money(d.totals.frozenChangeFen)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        期初可用余额 + 本月收入 − 本月支出 = 期末可用余额；提现审核中的金额计入冻结金额。
      </Typography.Paragraph>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        近12个月
      </Typography.Title>
      <StatementOverviewTable month={month} onPick={(m) => set({ month: m })} />
    </div>
  );
}
