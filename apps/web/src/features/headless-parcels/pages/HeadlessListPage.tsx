/**
 * 无头件 (/afterSale/headlessList), the seller's side: the pool of returned parcels the warehouses
 * serving it could not match (photos, masked waybill, goods; claim with proof), the matching's
 * proposals (可能是您的包裹) and the seller's own claims. The open tab and each list's filters live in
 * the address.
 */
import { Tabs, Typography } from 'antd';
import { oneOf, useUrlParams } from '../../../lib/list-page';
import { MyClaimsTable } from '../components/MyClaimsTable';
import { PoolTable } from '../components/PoolTable';
import { ProposalsList } from '../components/ProposalsList';

const TABS = ['pool', 'proposals', 'claims'] as const;

export default function HeadlessListPage() {
  const [{ tab }, setParams] = useUrlParams({ tab: oneOf(TABS) });
  return (
    <div>
      <Typography.Title level={4}>无头件</Typography.Title>
      <Tabs
        activeKey={tab ?? 'pool'}
        onChange={(k) => setParams({ tab: k === 'pool' ? undefined : (k as (typeof TABS)[number]) })}
        destroyOnHidden
        items={[
          { key: 'pool', label: '无头件池', children: <PoolTable /> },
          { key: 'proposals', label: '可能是您的包裹', children: <ProposalsList /> },
          { key: 'claims', label: '我的认领', children: <MyClaimsTable /> },
        ]}
      />
    </div>
  );
}
