/** Available and frozen balance, with the ways in and out. */
import { fenToYuan } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Row, Space, Statistic } from 'antd';
import { useNavigate } from 'react-router';
import { paymentsApi, paymentsKeys } from '../payments-api';

export function BalanceCards() {
  const navigate = useNavigate();
  const balance = useQuery({ queryKey: paymentsKeys.balance(), queryFn: paymentsApi.balance });
  const yuan = (fen: number | undefined) => (fen === undefined ? '—' : fenToYuan(fen));
  return (
    <Row gutter={16} style={{ marginBottom: 16 }}>
      <Col xs={24} md={12}>
        <Card size="small">
          <div data-testid="available-balance">
            <Statistic title="可用余额（元）" value={yuan(balance.data?.available)} prefix="¥" styles={{ content: { color: '#cf1322' } }} />
          </div>
          <Space style={{ marginTop: 12 }}>
            <Button type="primary" onClick={() => navigate('/funds/rechargeWithdraw?tab=recharge')}>
              充值
            </Button>
            <Button onClick={() => navigate('/funds/rechargeWithdraw?tab=withdraw')}>提现</Button>
          </Space>
        </Card>
      </Col>
      <Col xs={24} md={12}>
        <Card size="small">
          <div data-testid="frozen-balance">
            <Statistic title="冻结金额（元）" value={yuan(balance.data?.frozen)} prefix="¥" />
          </div>
          <div style={{ marginTop: 12, color: '#888' }}>提现审核中的金额会先冻结，审核通过后转出，驳回或打款失败则退回可用余额。</div>
        </Card>
      </Col>
    </Row>
  );
}
