/**
 * The workbench (/home) for the caller's audience (POST /api/home/data decides it): the to-do counts,
 * each a link to the list filtered to them; today's figures against yesterday; the 7-day chart; and
 * the pay-later (seller) or take (purchaser) statistics and the recent sign-offs.
 */
import { fenToYuan, WORKBENCH_FIGURES, WORKBENCH_TODO } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Statistic, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { shellApi } from '../app/api';
import { useShell } from '../app/shell-context';
import { workbenchApi, workbenchKeys } from '../features/workbench/api';
import FigureCard from '../features/workbench/components/FigureCard';
import SignOffList from '../features/workbench/components/SignOffList';
import TodoCard from '../features/workbench/components/TodoCard';

const WeekChart = lazy(() => import('../features/workbench/components/WeekChart'));
const COL = { xs: 12, sm: 8, lg: 6, xl: 4 } as const;

export default function HomePage() {
  const shell = useShell();
  const seller = shell?.access?.audience === 'seller';
  const home = useQuery({ queryKey: workbenchKeys.home(), queryFn: workbenchApi.home });
  const audience = home.data?.audience;
  const unread = useQuery({ queryKey: ['shell', 'unread'], queryFn: shellApi.unreadCount });
  const abnormal = useQuery({ queryKey: workbenchKeys.abnormal(), queryFn: workbenchApi.abnormal, enabled: seller, retry: false });
  const payLater = useQuery({ queryKey: workbenchKeys.payLater(), queryFn: workbenchApi.payLater, enabled: seller, retry: false });
  const take = useQuery({ queryKey: workbenchKeys.take(), queryFn: workbenchApi.take, enabled: audience === 'purchaser', retry: false });
  const name = shell?.user?.subUsername ?? shell?.user?.username ?? '';

  return (
    <div>
      <Typography.Title level={4}>工作台</Typography.Title>
      <Typography.Paragraph type="secondary">
        {name}，您好！{shell?.user?.orgName ? `当前组织：${shell.user.orgName}` : ''}
      </Typography.Paragraph>
      {home.isError && <Alert type="error" showIcon message={`工作台数据加载失败：${(home.error as Error).message}`} />}

      <Typography.Title level={5}>今日待办</Typography.Title>
      <Row gutter={[12, 12]}>
        {(home.data?.todo ?? []).map((t) => (
          <Col key={t.key} {...COL}>
            <TodoCard title={WORKBENCH_TODO[t.key].title} count={t.count} link={WORKBENCH_TODO[t.key].link} />
          </Col>
        ))}
        {seller && abnormal.data && (
          <Col {...COL}>
            <TodoCard title="异常订单" count={abnormal.data.total} link="/order/abnormalList" />
          </Col>
        )}
        <Col {...COL}>
          <TodoCard title="未读消息" count={unread.data?.count ?? 0} loading={unread.isLoading} link="/announcement/list" />
        </Col>
      </Row>

      {seller && payLater.data && (
        <Card size="small" style={{ marginTop: 12 }} title="先拿货后付款">
          <Row gutter={12}>
            <Col span={12}>
              <Statistic title="待付款笔数" value={payLater.data.count} />
            </Col>
            <Col span={12}>
              <Statistic title="待付款金额（元）" value={fenToYuan(payLater.data.amountFen)} />
            </Col>
          </Row>
          <Link to="/basicSet/setPayment">查看先拿货后付款设置</Link>
        </Card>
      )}
      {take.data && (
        <Card size="small" style={{ marginTop: 12 }} title="今日拿货">
          <Row gutter={12}>
            {(
              [
                ['今日已拿', take.data.tookToday, '/offlineReturnOrder/pickup?tab=TOOK'],
                ['今日异常', take.data.exceptionToday, '/offlineReturnOrder/pickup?tab=E_LACK_TAKING'],
                ['未打印标签', take.data.unprinted, '/offlineReturnOrder/pickup?printed=NO'],
                ['已停止拿货', take.data.stopped, '/offlineReturnOrder/pickup?tab=E_STOP_TAKING'],
              ] as const
            ).map(([title, value, link]) => (
              <Col key={title} xs={12} sm={6}>
                <Link to={link}>
                  <Statistic title={title} value={value} />
                </Link>
              </Col>
            ))}
          </Row>
        </Card>
      )}

      {home.data && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            今日数据（{home.data.today}）
          </Typography.Title>
          <Row gutter={[12, 12]}>
            {home.data.figures.map((f) => (
              <Col key={f.key} {...COL}>
                <FigureCard title={WORKBENCH_FIGURES[f.key].title} today={f.today} yesterday={f.yesterday} money={WORKBENCH_FIGURES[f.key].money} />
              </Col>
            ))}
          </Row>
          <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
            <Col xs={24} lg={audience === 'picker' ? 24 : 16}>
              <Suspense fallback={null}>
                <WeekChart chart={home.data.chart} />
              </Suspense>
            </Col>
            {audience !== 'picker' && (
              <Col xs={24} lg={8}>
                <SignOffList />
              </Col>
            )}
          </Row>
        </>
      )}
    </div>
  );
}
