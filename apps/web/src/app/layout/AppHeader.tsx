import { Grid, Layout, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { MemberBadge } from '../../features/membership/MemberBadge';
import { useShell } from '../shell-context';
import { CustomerServiceButton } from './CustomerServiceButton';
import { FeedbackButton } from './FeedbackButton';
import { MenuDrawer } from './MenuDrawer';
import { MessagesButton } from './MessagesButton';
import { UserMenu } from './UserMenu';

export function AppHeader() {
  const shell = useShell();
  const user = shell?.user;
  // On a phone (the picker's /picker) the header keeps to icons: the welcome line and the buttons' words
  // would make it wider than the screen and the whole page would scroll sideways.
  const compact = Grid.useBreakpoint().md === false;
  return (
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
      <Space size={compact ? 'small' : 'large'}>
        {compact && <MenuDrawer />}
        <Link to="/home" style={{ fontWeight: 600, fontSize: 16 }}>
          {shell?.brandName ?? '代发助手'}
        </Link>
        {user && !compact && (
          <Typography.Text data-testid="welcome">
            欢迎您，{user.subUsername ?? user.username}（{user.orgName}）
          </Typography.Text>
        )}
      </Space>
      <Space size={4}>
        {shell?.access?.audience === 'seller' && <MemberBadge compact={compact} />}
        <FeedbackButton compact={compact} />
        <MessagesButton />
        <CustomerServiceButton compact={compact} />
        <UserMenu compact={compact} />
      </Space>
    </Layout.Header>
  );
}
