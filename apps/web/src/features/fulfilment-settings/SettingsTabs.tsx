/** The tabs of the platform dropship settings entry (SETTINGS_TABS of the route table), above each tab's page. */
import { findRoute, SETTINGS_TABS } from '@dropship/contract';
import { Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';

export function SettingsTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return <Tabs activeKey={pathname} onChange={(k) => navigate(k)} items={SETTINGS_TABS.map((p) => ({ key: p, label: findRoute(p)?.title ?? p }))} />;
}
