/**
 * Guards one route: sign-in required (to /login with jump = the current address), and the
 * access rules of menu-visibility.ts ('forbidden' goes to /403).
 */
import { ROUTES, type RouteDef } from '@dropship/contract';
import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { type AccessContext, routeAccess } from './menu-visibility';
import { readIdentity } from './session';
import { useShell } from './shell-context';

export function loginPath(currentHref: string) {
  return `/login?jump=${encodeURIComponent(currentHref)}`;
}

export function RequireSignIn({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!readIdentity()) return <Navigate to={loginPath(window.location.origin + location.pathname + location.search)} replace />;
  return <>{children}</>;
}

/**
 * A picker's landing page right after sign-in: a purchaser sub-account whose role opens the picker's
 * workbench picks goods at the stalls (on a phone), so it starts there rather than on 工作台.
 */
export function isPicker(access: AccessContext): boolean {
  return access.audience === 'purchaser' && !access.isMain && access.permissionCodes?.has('picker') === true;
}

/** An operator's landing page: the first console page its role opens (the console has no 工作台). */
export function operatorHome(access: AccessContext): string {
  return ROUTES.find((r) => r.group && r.audience.includes('operator') && routeAccess(r, access) === 'ok')?.path ?? '/403';
}

export function RouteGate({ route, children }: { route: RouteDef; children: ReactNode }) {
  const shell = useShell();
  const signedIn = (useLocation().state as { signedIn?: boolean } | null)?.signedIn === true;
  if (route.public) return <>{children}</>;
  if (!shell?.access) return <Spin style={{ display: 'block', margin: '120px auto' }} tip="加载中..." />;
  if (routeAccess(route, shell.access) === 'forbidden') {
    // An operator never sees a seller's or purchaser's page: 工作台 (where sign-in lands) sends it to the console.
    if (shell.access.audience === 'operator' && route.path === '/home') return <Navigate to={operatorHome(shell.access)} replace />;
    return <Navigate to="/403" replace />;
  }
  if (signedIn && route.path === '/home' && isPicker(shell.access)) return <Navigate to="/picker" replace />;
  return <>{children}</>;
}
