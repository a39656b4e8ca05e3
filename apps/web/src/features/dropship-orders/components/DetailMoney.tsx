/** The money of the order (what it cost, what came back), its ledger entries, and the timeline of every transition. */
import {
  COMBINED_ORDER_STATUS_NAMES,
  type CombinedStatusCode,
  type DropshipDetail,
  fenToYuan,
  TRANSACTION_TYPE_NAMES,
  type TransactionType,
} from '@dropship/contract';
import { Card, Col, Descriptions, Row, Table, Typography } from 'antd';
import type { z } from 'zod';
import { formatDateTime } from '../../../lib/date';
import { StatusTimeline } from '../../../lib/status-timeline';

const statusName = (s: string | null) => (s ? (COMBINED_ORDER_STATUS_NAMES[s as CombinedStatusCode] ?? s) : '');

export function DetailMoney({ order: o }: { order: DropshipDetail }) {
  return (
    <Row gutter={12} style={{ marginTop: 12 }}>
      <Col xs={24} lg={12}>
        <Card size="small" title="费用">
          <Descriptions size="small" column={2}>
            <Descriptions.Item label="货款">¥{fenToYuan(o.goodsFen)}</Descriptions.Item>
            <Descriptions.Item label={`运费（${o.expressName}）`}>¥{fenToYuan(o.expressFeeFen)}</Descriptions.Item>
            <Descriptions.Item label="服务费">¥{fenToYuan(o.serviceFeeFen)}</Descriptions.Item>
            {o.speedDelivery && <Descriptions.Item label="加急费">¥{fenToYuan(o.speedFeeFen)}</Descriptions.Item>}
            <Descriptions.Item label="优惠">−¥{fenToYuan(o.discountFen)}</Descriptions.Item>
            <Descriptions.Item label="应付">
              <Typography.Text strong>¥{fenToYuan(o.totalFen)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="已退回">¥{fenToYuan(o.refundedFen)}</Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={o.entries}
            locale={{ emptyText: '尚无资金流水（未支付）' }}
            columns={[
              { title: '时间', dataIndex: 'createdAt', render: (d: string) => formatDateTime(d) },
              { title: '类型', dataIndex: 'transactionType', render: (t: string) => TRANSACTION_TYPE_NAMES[t as z.infer<typeof TransactionType>] ?? t },
              {
                title: '金额（元）',
                dataIndex: 'amountFen',
                align: 'right',
                render: (f: number) => <span style={{ color: f < 0 ? '#f5222d' : '#52c41a' }}>{f > 0 ? `+${fenToYuan(f)}` : fenToYuan(f)}</span>,
              },
              { title: '余额（元）', dataIndex: 'availableAfterFen', align: 'right', render: (f: number) => fenToYuan(f) },
              { title: '说明', dataIndex: 'remark' },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title="订单进度">
          <StatusTimeline events={o.events} statusName={statusName} colorOf={(to) => (to === 'CANCELED' ? 'gray' : 'blue')} />
        </Card>
      </Col>
    </Row>
  );
}
