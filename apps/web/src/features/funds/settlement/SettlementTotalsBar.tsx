/** The totals of a settlement range: pieces, goods money to stalls, picker commission. */
import { fenToYuan } from '@dropship/contract';
import { Card, Col, Row, Statistic } from 'antd';

export function SettlementTotalsBar({ totals }: { totals?: { lines: number; goodsFen: number; commissionFen: number } | undefined }) {
  return (
    <Row gutter={12} style={{ marginBottom: 12 }}>
      <Col xs={8}>
        <Card size="small">
          <Statistic title="拿货件数" value={totals?.lines ?? 0} suffix="件" />
        </Card>
      </Col>
      <Col xs={8}>
        <Card size="small">
          <Statistic title="档口货款" value={fenToYuan(totals?.goodsFen ?? 0)} prefix="¥" />
        </Card>
      </Col>
      <Col xs={8}>
        <Card size="small">
          <Statistic title="拿货佣金" value={fenToYuan(totals?.commissionFen ?? 0)} prefix="¥" />
        </Card>
      </Col>
    </Row>
  );
}
