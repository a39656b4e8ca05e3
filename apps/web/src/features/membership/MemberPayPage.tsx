/**
 * 会员购买 (/member/pay, left bar hidden): the seller's level and expiry, the plans on sale with what
 * each unlocks, and buying or renewing one from the balance (pay password) or by Alipay (the cashier
 * opens in a new tab with payCallback=member; the dialog asks our server until the trade is paid).
 * Renewing extends from the current end (decision 0033).
 */
import { fenToYuan, type MemberPlanOffer } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Spin, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../lib/date';
import { benefitText, memberApi, memberKeys } from './api';
import { MemberBuyDialog } from './MemberBuyDialog';

export default function MemberPayPage() {
  const status = useQuery({ queryKey: memberKeys.status(), queryFn: memberApi.status });
  const plans = useQuery({ queryKey: memberKeys.plans(), queryFn: memberApi.plans });
  const [buying, setBuying] = useState<MemberPlanOffer | null>(null);
  const active = status.data?.active === true;
  return (
    <div style={{ maxWidth: 960, margin: '0 auto', padding: 16 }}>
      <Typography.Title level={3}>会员购买</Typography.Title>
      {status.data &&
        (active ? (
          <Alert
            type="success"
            showIcon
            data-testid="member-current"
            message={`当前会员：${status.data.planName}，到期时间 ${formatDateTime(status.data.expiresAt)}`}
            description={`${benefitText(status.data)}。续费从当前到期时间起顺延。`}
            style={{ marginBottom: 16 }}
          />
        ) : (
          <Alert type="info" showIcon data-testid="member-current" message="您还不是会员：开通后代发订单的服务费按会员价计算" style={{ marginBottom: 16 }} />
        ))}
      {plans.isLoading ? (
        <Spin />
      ) : plans.data && plans.data.length > 0 ? (
        <Row gutter={[16, 16]}>
          {plans.data.map((p) => (
            <Col key={p.id} xs={24} sm={12} md={8}>
              <Card title={p.name} data-testid={`member-plan-${p.id}`}>
                <Typography.Paragraph>
                  <Typography.Text strong style={{ fontSize: 24, color: '#f5222d' }}>
                    ¥{fenToYuan(p.priceFen)}
                  </Typography.Text>
                  <Typography.Text type="secondary"> / {p.termDays}天</Typography.Text>
                </Typography.Paragraph>
                <Typography.Paragraph>{benefitText(p)}</Typography.Paragraph>
                <Button type="primary" block onClick={() => setBuying(p)}>
                  {active ? '续费' : '立即开通'}
                </Button>
              </Card>
            </Col>
          ))}
        </Row>
      ) : (
        <Empty description="暂无可购买的会员套餐" />
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 24 }}>
        说明：会员自购买成功起生效，续费从当前到期时间起顺延；购买后不支持退款。服务费优惠仅对会员有效期内提交的代发订单生效。
      </Typography.Paragraph>
      <MemberBuyDialog plan={buying} onClose={() => setBuying(null)} />
    </div>
  );
}
