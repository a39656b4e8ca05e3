/** Today's kanban (by status and market area) and the pickers' briefing, above the list. */

import { fenToYuan } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Collapse, Row, Statistic, Table } from 'antd';
import { type BriefRow, takeApi, takeKeys } from '../api';

export function TakeDashboard() {
  const kanban = useQuery({ queryKey: takeKeys.kanban(), queryFn: takeApi.kanban });
  const briefing = useQuery({ queryKey: takeKeys.briefing(), queryFn: takeApi.briefing });
  const k = kanban.data;
  const a = k?.byAssignment ?? {};
  const cards: [string, number][] = [
    ['今日新增', k?.total ?? 0],
    ['待分配', a.WAITING_ASSIGNED ?? 0],
    ['拿货中', a.TAKING ?? 0],
    ['已拿货', (a.TOOK ?? 0) + (a.TOOK_PART ?? 0)],
    ['缺货/停产', (a.E_LACK_TAKING ?? 0) + (a.E_STOP_PRODUCTION ?? 0)],
    ['往日未完成', k?.carriedOver ?? 0],
  ];
  return (
    <Collapse
      style={{ marginBottom: 12 }}
      defaultActiveKey={['kanban']}
      items={[
        {
          key: 'kanban',
          label: `拿货看板 ${k?.date ?? ''}`,
          children: (
            <Row gutter={[12, 12]}>
              {cards.map(([title, value]) => (
                <Col key={title} xs={12} sm={8} md={4}>
                  <Card size="small">
                    <Statistic title={title} value={value} />
                  </Card>
                </Col>
              ))}
              <Col span={24}>
                <Table
                  size="small"
                  rowKey="marketArea"
                  pagination={false}
                  dataSource={k?.areas ?? []}
                  locale={{ emptyText: '今天还没有新的拿货项' }}
                  columns={[
                    { title: '拿货区域', dataIndex: 'marketArea', render: (v: string) => v || '未设置区域' },
                    { title: '合计', dataIndex: 'total' },
                    { title: '待分配', dataIndex: 'waiting' },
                    { title: '拿货中', dataIndex: 'taking' },
                    { title: '已拿货', dataIndex: 'took' },
                    { title: '异常', dataIndex: 'exception' },
                  ]}
                />
              </Col>
            </Row>
          ),
        },
        {
          key: 'briefing',
          label: '拿货员简报（今日分配）',
          children: (
            <Table<BriefRow>
              size="small"
              rowKey="pickerId"
              pagination={false}
              dataSource={briefing.data?.list ?? []}
              locale={{ emptyText: '今天还没有分配给拿货员的拿货项' }}
              columns={[
                { title: '拿货员', dataIndex: 'pickerName' },
                { title: '分配', dataIndex: 'assigned' },
                { title: '待拿', dataIndex: 'pending' },
                { title: '已拿', dataIndex: 'took' },
                { title: '部分', dataIndex: 'tookPart' },
                { title: '缺货', dataIndex: 'lack' },
                { title: '明日拿', dataIndex: 'nextDay' },
                { title: '件数（已拿/应拿）', render: (_, r) => `${r.tookQuantity}/${r.quantity}` },
                { title: '拿货金额（元）', dataIndex: 'amountFen', render: (v: number) => fenToYuan(v) },
              ]}
            />
          ),
        },
      ]}
    />
  );
}
