/**
 * 充值记录 (/funds/transferRecord): recharge records and replenish requests (补款) in two tabs; the
 * replenish tab carries the same pending-payment count as the menu badge (one definition, the
 * shell's call). ?tab=recharge|replenish picks a tab; without it the page opens on 待付款补款 while
 * something waits for payment (the badge brought the seller here), else on 充值记录.
 */
import { badgeText } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Space, Spin, Tabs, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { shellApi } from '../../../app/api';
import { oneOf, useUrlParams } from '../../../lib/list-page';
import { OldBalanceBanner } from '../old-balance/OldBalanceBanner';
import { RechargeRecordsTab } from './RechargeRecordsTab';
import { ReplenishTab } from './ReplenishTab';

// No default: without ?tab the page picks one from what waits for payment.
const PARAMS = { tab: oneOf(['recharge', 'replenish'] as const) };

export default function TransferRecordPage() {
  const [{ tab: asked }] = useUrlParams(PARAMS);
  const navigate = useNavigate();
  const waiting = useQuery({ queryKey: ['shell', 'waitingPayment'], queryFn: shellApi.waitingPayment, refetchInterval: 60_000 });
  const count = waiting.data?.count ?? 0;
  const tab = asked ?? (count > 0 ? 'replenish' : 'recharge');
  if (!asked && waiting.isLoading) return <Spin description="正在加载…" />;

  return (
    <div>
      <Typography.Title level={4}>充值记录</Typography.Title>
      <OldBalanceBanner />
      <Tabs
        activeKey={tab}
        // Each tab has its own filters under the same keys: switching starts it clean (only the tab kept).
        onChange={(key) => navigate({ search: `?tab=${key}` })}
        items={[
          { key: 'recharge', label: '充值记录', children: tab === 'recharge' ? <RechargeRecordsTab /> : null },
          {
            key: 'replenish',
            label: (
              <Space size={4}>
                待付款补款
                <Badge count={badgeText(count) ?? 0} size="small" title={`待付款 ${count} 笔`} />
              </Space>
            ),
            children: tab === 'replenish' ? <ReplenishTab /> : null,
          },
        ]}
      />
    </div>
  );
}
