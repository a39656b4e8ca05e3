import { DownOutlined, LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown } from 'antd';
import { useNavigate } from 'react-router';
import { shellApi } from '../api';
import { clearIdentity } from '../session';
import { useShell } from '../shell-context';

/** The user menu: change pay password, and logout after 确定要退出登录？ */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useShell()?.user;

  function logout() {
    modal.confirm({
      title: '退出登录',
      content: '确定要退出登录？',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        // Even if the server cannot be reached, this browser forgets the session.
        await shellApi.logout().catch(() => undefined);
        clearIdentity();
        queryClient.clear();
        navigate('/login', { replace: true });
      },
    });
  }

  return (
    <Dropdown
      menu={{
        items: [
          // The console has no money of its own: no pay password.
          ...(user?.orgType === 'operator'
            ? []
            : [
                { key: 'payPass', icon: <LockOutlined />, label: '修改支付密码', onClick: () => navigate('/funds/resetPayPass') },
                { type: 'divider' as const },
              ]),
          { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', onClick: logout },
        ],
      }}
    >
      <Button type="text" icon={<UserOutlined />} data-testid="user-menu" title={compact ? (user?.subUsername ?? user?.username) : undefined}>
        {!compact && (user?.subUsername ?? user?.username)} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
