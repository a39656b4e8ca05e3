/**
 * Guards one route: sign-in required (to /login with jump = the current address), and the
 * access rules of menu-visibility.ts ('forbidden' goes to /403).
 */
import type { RouteDef } from '@dropship/contract';
import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { routeAccess } from './menu-visibility';
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

export function RouteGate({ route, children }: { route: RouteDef; children: ReactNode }) {
  const shell = useShell();
  if (route.public) return <>{children}</>;
  if (!shell?.access) return <Spin style={{ display: 'block', margin: '120px auto' }} tip="加载中..." />;
  if (routeAccess(route, shell.access) === 'forbidden') return <Navigate to="/403" replace />;
  return <>{children}</>;
}
