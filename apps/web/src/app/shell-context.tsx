/**
 * The shell's shared facts (brand, user, permission inputs), loaded once per sign-in and read by
 * the menu, the guards and the header.
 */
import { type BrandVariant, type PermissionNode, STORAGE_KEYS, type UserInfo } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { setBrandVariant } from '../lib/request/browser';
import { shellApi } from './api';
import type { AccessContext } from './menu-visibility';
import { readIdentity } from './session';

export interface ShellFacts {
  brand: BrandVariant;
  brandName: string;
  customerService: { phone: string; wechat: string; hours: string };
  captchaDisabled: boolean;
  user: UserInfo | null;
  access: AccessContext | null;
}

const ShellContext = createContext<ShellFacts | null>(null);

function codesOf(tree: PermissionNode[]): Set<string> {
  const out = new Set<string>();
  const walk = (nodes: PermissionNode[]) => {
    for (const n of nodes) {
      out.add(n.code);
      walk(n.children as PermissionNode[]);
    }
  };
  walk(tree);
  return out;
}

export const useConfigQuery = () => useQuery({ queryKey: ['shell', 'config'], queryFn: shellApi.config, staleTime: Number.POSITIVE_INFINITY });

export function ShellProvider({ children }: { children: ReactNode }) {
  // Re-read on every navigation: signing in or out changes what may be loaded.
  useLocation();
  const signedIn = readIdentity() !== null;
  const config = useConfigQuery();
  const user = useQuery({ queryKey: ['shell', 'user'], queryFn: shellApi.user, enabled: signedIn, staleTime: 60_000 });
  // An operator's console has no manual delivery nor suppliers: those are customers' calls, never asked.
  const customer = signedIn && user.data !== undefined && user.data.orgType !== 'operator';
  const manual = useQuery({ queryKey: ['shell', 'manualDelivery'], queryFn: shellApi.manualDelivery, enabled: customer, staleTime: 60_000 });
  const perms = useQuery({ queryKey: ['shell', 'permissions'], queryFn: shellApi.permissions, enabled: signedIn, staleTime: 60_000 });
  const supplier = useQuery({ queryKey: ['shell', 'supplierExists'], queryFn: shellApi.supplierExists, enabled: customer, staleTime: 60_000 });

  // Outside render: the request client's brand header and the stored permission follow the server's answers.
  useEffect(() => {
    if (config.data) setBrandVariant(config.data.brand);
  }, [config.data]);
  useEffect(() => {
    if (manual.data) localStorage.setItem(STORAGE_KEYS.manualDeliveryPermission, manual.data);
  }, [manual.data]);

  const value = useMemo<ShellFacts | null>(() => {
    if (!config.data) return null;
    const base = {
      brand: config.data.brand,
      brandName: config.data.brandName,
      customerService: config.data.customerService,
      captchaDisabled: config.data.captchaDisabled,
    };
    if (user.data?.orgType === 'operator' && perms.data) {
      const access: AccessContext = {
        audience: 'operator',
        variant: config.data.brand,
        isMain: user.data.isMain,
        manualDelivery: '1',
        supplierExists: false,
        permissionCodes: user.data.isMain ? null : codesOf(perms.data),
      };
      return { ...base, user: user.data, access };
    }
    if (!user.data || !manual.data || !perms.data || supplier.data === undefined) return { ...base, user: null, access: null };
    return {
      ...base,
      user: user.data,
      access: {
        audience: user.data.userType === 1 ? 'purchaser' : 'seller',
        variant: config.data.brand,
        isMain: user.data.isMain,
        manualDelivery: manual.data,
        supplierExists: supplier.data,
        permissionCodes: user.data.isMain ? null : codesOf(perms.data),
      },
    };
  }, [config.data, user.data, manual.data, perms.data, supplier.data]);

  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): ShellFacts | null {
  return useContext(ShellContext);
}
