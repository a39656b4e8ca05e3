/**
 * 账号管理 (/accountPermission/accountManagement, sellers and purchasers): the main account's
 * sub-accounts and roles. The tab lives in the URL with the list's filters.
 */
import { Tabs, Typography } from 'antd';
import { oneOf, useUrlParams } from '../../lib/list-page';
import { RolesTab } from './RolesTab';
import { SubUsersTab } from './SubUsersTab';

const PARAMS = { tab: oneOf(['users', 'roles'] as const).or('users') };

export default function AccountManagementPage() {
  const [v, set] = useUrlParams(PARAMS);
  return (
    <div>
      <Typography.Title level={4}>账号管理</Typography.Title>
      <Tabs
        activeKey={v.tab}
        onChange={(tab) => set({ tab: tab as typeof v.tab })}
        destroyOnHidden
        items={[
          { key: 'users', label: '子账号', children: <SubUsersTab /> },
          { key: 'roles', label: '角色', children: <RolesTab /> },
        ]}
      />
    </div>
  );
}
