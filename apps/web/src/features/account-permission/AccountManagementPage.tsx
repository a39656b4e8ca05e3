/**
 * 账号管理 (/accountPermission/accountManagement, sellers and purchasers): the main account's
 * sub-accounts and roles. The tab lives in the URL with the list's filters.
 */
import { Tabs, Typography } from 'antd';
import { useUrlValues } from '../../lib/url-state';
import { RolesTab } from './RolesTab';
import { SubUsersTab } from './SubUsersTab';

export default function AccountManagementPage() {
  const [v, set] = useUrlValues({ tab: 'users' });
  return (
    <div>
      <Typography.Title level={4}>账号管理</Typography.Title>
      <Tabs
        activeKey={v.tab}
        onChange={(tab) => set({ tab })}
        destroyOnHidden
        items={[
          { key: 'users', label: '子账号', children: <SubUsersTab /> },
          { key: 'roles', label: '角色', children: <RolesTab /> },
        ]}
      />
    </div>
  );
}
