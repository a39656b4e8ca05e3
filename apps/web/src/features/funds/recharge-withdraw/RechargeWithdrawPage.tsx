/** 充值提现 (/funds/rechargeWithdraw): two tabs, the open one in the address (?tab=recharge|withdraw). */
import { Card, Tabs, Typography } from 'antd';
import { oneOf, useUrlParams } from '../../../lib/list-page';
import { RechargeTab } from './RechargeTab';
import { WithdrawTab } from './WithdrawTab';

const PARAMS = { tab: oneOf(['recharge', 'withdraw'] as const).or('recharge') };

export default function RechargeWithdrawPage() {
  const [v, set] = useUrlParams(PARAMS, { replace: false });
  return (
    <div>
      <Typography.Title level={4}>充值提现</Typography.Title>
      <Card size="small">
        <Tabs
          activeKey={v.tab}
          onChange={(tab) => set({ tab: tab as typeof v.tab })}
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
