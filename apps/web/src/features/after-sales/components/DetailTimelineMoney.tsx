/** The after-sale's money (the ledger entries it moved) and its timeline (every operation, who, when, why). */
import {
  AFTER_SALE_STATUS_NAMES,
  type AfterSaleDetail,
  type AfterSaleStatusCode,
  fenToYuan,
  TRANSACTION_TYPE_NAMES,
  type TransactionType,
} from '@dropship/contract';
import { Card, Col, Row, Table } from 'antd';
import type { z } from 'zod';
import { formatDateTime } from '../../../lib/date';
import { StatusTimeline } from '../../../lib/status-timeline';

const statusName = (s: string | null) => (s ? (AFTER_SALE_STATUS_NAMES[s as AfterSaleStatusCode] ?? s) : '');
const COLORS: Partial<Record<string, string>> = { COMPLETE: 'green', CLOSE: 'gray', REFUSE: 'red', PROBLEM: 'red' };

export function DetailTimelineMoney({ detail: d }: { detail: AfterSaleDetail }) {
  return (
    <Row gutter={12} style={{ marginTop: 12 }}>
      <Col xs={24} lg={12}>
        <Card size="small" title="资金">
          <Table
            size="small"
            rowKey={(e) => `${e.type}:${e.createdAt}:${e.amountFen}`}
            pagination={false}
            dataSource={d.money}
            locale={{ emptyText: '尚无退款流水' }}
            columns={[
              { title: '时间', dataIndex: 'createdAt', width: 150, render: (t: string) => formatDateTime(t, 'YYYY-MM-DD HH:mm') },
              { title: '类型', dataIndex: 'type', width: 80, render: (t: string) => TRANSACTION_TYPE_NAMES[t as z.infer<typeof TransactionType>] ?? t },
              {
                title: '金额（元）',
                dataIndex: 'amountFen',
                align: 'right',
                width: 100,
                render: (f: number) => <span style={{ color: f < 0 ? '#f5222d' : '#52c41a' }}>{f > 0 ? `+${fenToYuan(f)}` : fenToYuan(f)}</span>,
              },
              { title: '说明', dataIndex: 'note' },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title="售后进度">
          <StatusTimeline events={d.timeline.map((e) => ({ ...e, actor: e.actorName }))} statusName={statusName} colorOf={(to) => COLORS[to] ?? 'blue'} />
        </Card>
      </Col>
    </Row>
  );
}
