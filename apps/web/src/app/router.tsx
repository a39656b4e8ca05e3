/** The router, built from the one route table in the contract. */
import { REDIRECTS, ROUTES, type RouteDef } from '@dropship/contract';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';
import { BootParams } from './boot-params';
import { ShellLayout } from './layout/ShellLayout';
import { NavigationEffects } from './navigation-effects';
import { ownerOf, PAGES } from './page-registry';
import { RouteErrorBoundary } from './route-error-boundary';
import { RequireSignIn, RouteGate } from './route-gate';
import { readIdentity } from './session';
import { ShellProvider } from './shell-context';

// The sign-in pages load on their own: a signed-in visit (the usual one) never needs their forms.
const LoginPage = lazy(() => import('../pages/LoginPage'));
const RegisterPage = lazy(() => import('../pages/RegisterPage'));
const ForgetPasswordPage = lazy(() => import('../pages/ForgetPasswordPage'));
// So do 403 and 404 (antd's Result carries their pictures), and 建设中 (antd's Card).
const ForbiddenPage = lazy(() => import('../pages/ForbiddenPage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));
const UnderConstruction = lazy(() => import('../pages/UnderConstruction'));

function Root() {
  return (
    <ShellProvider>
      <BootParams />
      <NavigationEffects />
      <Outlet />
    </ShellProvider>
  );
}

function RedirectTo({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname: to, search }} replace />;
}

function Page({ route }: { route: RouteDef }) {
  const Built = PAGES[route.path];
  return <Suspense fallback={null}>{Built ? <Built /> : <UnderConstruction title={route.title} owner={ownerOf(route.path)} />}</Suspense>;
}

/** 403 and 404 show inside the shell when signed in, on their own otherwise. */
function MaybeShell({ children }: { children: React.ReactNode }) {
  const page = <Suspense fallback={null}>{children}</Suspense>;
  return readIdentity() ? <ShellLayout>{page}</ShellLayout> : <div style={{ paddingTop: 80 }}>{page}</div>;
}

const shellRoutes: RouteObject[] = ROUTES.filter((r) => !r.public).map((r) => ({
  path: r.path,
  element: (
    <RouteGate route={r}>
      <Page route={r} />
    </RouteGate>
  ),
}));

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        path: '/login',
        element: (
          <Suspense fallback={null}>
            <LoginPage />
          </Suspense>
        ),
      },
      {
        path: '/register',
        element: (
          <Suspense fallback={null}>
            <RegisterPage />
          </Suspense>
        ),
      },
      {
        path: '/forgetPassword',
        element: (
          <Suspense fallback={null}>
            <ForgetPasswordPage />
          </Suspense>
        ),
      },
      ...Object.entries(REDIRECTS).map(([from, to]) => ({ path: from, element: <RedirectTo to={to} /> })),
      {
        element: (
          <RequireSignIn>
            <ShellLayout />
          </RequireSignIn>
        ),
        children: shellRoutes,
      },
      {
        path: '/403',
        element: (
          <MaybeShell>
            <ForbiddenPage />
          </MaybeShell>
        ),
      },
      {
        path: '*',
        element: (
          <MaybeShell>
            <NotFoundPage />
          </MaybeShell>
        ),
      },
    ],
  },
];

/**
 * The routes, under main.tsx's BrowserRouter. Not the data router (createBrowserRouter): no page
 * uses loaders, actions, fetchers or blockers, and it was 16 KB gzip of the first load (decision 0040).
 */
export function AppRoutes() {
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>;
}
