/**
 * The operator console's shell (运营后台): its own header and the menu of console pages only. No
 * messages, feedback, customer service or sellers' dialogs: those are customers' things.
 */
import { Layout, Space, Tag, Typography } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useShell } from '../shell-context';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';

export function ConsoleLayout({ children }: { children?: ReactNode }) {
  const shell = useShell();
  const user = shell?.user;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          background: '#fff',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          paddingInline: 16,
          borderBottom: '1px solid #f0f0f0',
        }}
      >
        <Space size="large">
          <Typography.Text strong style={{ fontSize: 16 }} data-testid="console-title">
            {shell?.brandName ?? '代发助手'} · 运营后台
          </Typography.Text>
          {user && (
            <Typography.Text data-testid="welcome">
              欢迎您，{user.subUsername ?? user.username}（{user.orgName}）<Tag color="blue">运营</Tag>
            </Typography.Text>
          )}
        </Space>
        <UserMenu />
      </Layout.Header>
      <Layout>
        <Layout.Sider width={208} theme="light" style={{ borderInlineEnd: '1px solid #f0f0f0' }} data-testid="left-menu">
          <SideMenu />
        </Layout.Sider>
        <Layout.Content id="main-content" style={{ padding: 16, minWidth: 0 }}>
          <Suspense fallback={null}>{children ?? <Outlet />}</Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
