/** The workbench: today's numbers that need the user, each a link to where it is handled. */
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { shellApi } from '../app/api';
import { useShell } from '../app/shell-context';

export default function HomePage() {
  const shell = useShell();
  const seller = shell?.access?.audience === 'seller';
  const unread = useQuery({ queryKey: ['shell', 'unread'], queryFn: shellApi.unreadCount });
  const waiting = useQuery({ queryKey: ['shell', 'waitingPayment'], queryFn: shellApi.waitingPayment, enabled: seller });
  const problems = useQuery({ queryKey: ['shell', 'problemNearDeadline'], queryFn: shellApi.problemNearDeadline, enabled: seller });
  const shops = useQuery({ queryKey: ['shell', 'shopAuthPopup'], queryFn: shellApi.shopAuthPopup, enabled: seller });
  const name = shell?.user?.subUsername ?? shell?.user?.username ?? '';

  return (
    <div>
      <Typography.Title level={4}>工作台</Typography.Title>
      <Typography.Paragraph type="secondary">
        {name}，您好！{shell?.user?.orgName ? `当前组织：${shell.user.orgName}` : ''}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic title="未读消息" value={unread.data?.count ?? 0} loading={unread.isLoading} />
          </Card>
        </Col>
        {seller && (
          <>
            <Col xs={24} sm={12} lg={6}>
              <Card>
                <Statistic title="待付款补款" value={waiting.data?.count ?? 0} loading={waiting.isLoading} />
                <Link to="/funds/transferRecord">去付款</Link>
              </Card>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Card>
                <Statistic title="即将超期的问题件" value={problems.data?.count ?? 0} loading={problems.isLoading} />
                <Link to="/afterSale/problemList">去处理</Link>
              </Card>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Card>
                <Statistic title="授权即将到期或已过期的店铺" value={shops.data?.length ?? 0} loading={shops.isLoading} />
                <Link to="/basicSet/shopAuthorization">去授权</Link>
              </Card>
            </Col>
          </>
        )}
      </Row>
    </div>
  );
}
