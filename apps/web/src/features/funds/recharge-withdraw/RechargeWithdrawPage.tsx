/** 充值提现 (/funds/rechargeWithdraw): two tabs, the open one in the address (?tab=recharge|withdraw). */
import { Card, Tabs, Typography } from 'antd';
import { useUrlValues } from '../../../lib/url-state';
import { RechargeTab } from './RechargeTab';
import { WithdrawTab } from './WithdrawTab';

export default function RechargeWithdrawPage() {
  const [v, set] = useUrlValues({ tab: 'recharge' }, { replace: false });
  return (
    <div>
      <Typography.Title level={4}>充值提现</Typography.Title>
      <Card size="small">
        <Tabs
          activeKey={v.tab === 'withdraw' ? 'withdraw' : 'recharge'}
          onChange={(tab) => set({ tab })}
          destroyOnHidden
          items={[
            { key: 'recharge', label: '充值', children: <RechargeTab /> },
            { key: 'withdraw', label: '提现', children: <WithdrawTab /> },
          ]}
        />
      </Card>
    </div>
  );
}
