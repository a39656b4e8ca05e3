/** The shell: header, left menu (hidden when the route says so), content, back-to-top, dialogs. */
import { findRoute } from '@dropship/contract';
import { Grid, Layout, Spin } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { HelpLink } from '../../features/help-center/HelpLink';
import { PagePopup } from '../../features/notices/PagePopup';
import { DialogQueueProvider } from '../dialogs/dialog-queue';
import { Guides } from '../dialogs/Guides';
import { ShopAuthDialog } from '../dialogs/ShopAuthDialog';
import { useShell } from '../shell-context';
import { useDemoReset } from '../use-demo-reset';
import { AppHeader } from './AppHeader';
import { ConsoleLayout } from './ConsoleLayout';
import { SideMenu } from './SideMenu';

// Shown only sometimes (support mode) or only after scrolling (回到顶部): loaded when rendered.
const SupportBanner = lazy(() => import('./SupportBanner'));
const BackTopButton = lazy(() => import('./BackTopButton'));

/** Operators get the console's layout; sellers and purchasers this one. */
export function ShellLayout({ children }: { children?: ReactNode }) {
  const user = useShell()?.user;
  // Until the user is known neither layout mounts: each one's header calls what only its audience may.
  if (!user) return <Spin style={{ display: 'block', margin: '120px auto' }} tip="加载中..." />;
  return user.orgType === 'operator' ? <ConsoleLayout>{children}</ConsoleLayout> : <CustomerLayout>{children}</CustomerLayout>;
}

function CustomerLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const leftbarHidden = findRoute(pathname)?.leftbarHidden ?? false;
  useDemoReset();
  const support = useShell()?.user?.supportMode === true;
  // On a phone the menu is a drawer opened from the header (AppHeader), not a fixed sidebar.
  const phone = Grid.useBreakpoint().md === false;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {support && (
        <Suspense fallback={null}>
          <SupportBanner />
        </Suspense>
      )}
      <AppHeader />
      <Layout>
        {!leftbarHidden && !phone && (
          <Layout.Sider width={208} theme="light" style={{ borderInlineEnd: '1px solid #f0f0f0' }} data-testid="left-menu">
            <SideMenu />
          </Layout.Sider>
        )}
        <Layout.Content id="main-content" style={{ padding: phone ? 8 : 16, minWidth: 0 }}>
          <HelpLink />
          <Suspense fallback={null}>{children ?? <Outlet />}</Suspense>
        </Layout.Content>
      </Layout>
      <Suspense fallback={null}>
        <BackTopButton />
      </Suspense>
      {/* Opened on their own after sign-in: the queue shows one at a time, in its order. */}
      <DialogQueueProvider>
        <ShopAuthDialog />
        <Guides />
        <PagePopup />
      </DialogQueueProvider>
    </Layout>
  );
}
