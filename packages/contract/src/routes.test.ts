import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MENU_GROUPS, permissionTree, REDIRECTS, ROUTES, SETTINGS_TABS } from './routes.js';

const spec = JSON.parse(readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/spec/routes.json'), 'utf8')) as {
  redirects: Record<string, string>;
  routes: {
    path: string;
    title: string;
    menu?: string;
    permission?: string;
    denied_redirect?: string;
    variants_excluded?: string[];
    variants_only?: string[];
    leftbar_hidden?: boolean;
    settings_tab?: boolean;
    badge?: string;
    shown_when?: string;
  }[];
};

/** Routes the product adds beyond the spec, each documented in docs/decisions (0013: /picker; 0028: onboarding; 0029: the operator console; 0027: the warehouse's 无头件). */
const PRODUCT_ADDED = [
  '/picker',
  '/accountPermission/purchaserBinding',
  '/accountPermission/inviteCode',
  '/register',
  '/forgetPassword',
  '/offlineReturnOrder/headlessParcels',
  ...ROUTES.filter((r) => r.path.startsWith('/operator/')).map((r) => r.path),
];

describe('the route table matches ../shared/spec/routes.json', () => {
  it('has exactly the spec routes, with their titles, plus the product-added ones', () => {
    expect(ROUTES.filter((r) => !PRODUCT_ADDED.includes(r.path)).map((r) => [r.path, r.title])).toEqual(spec.routes.map((r) => [r.path, r.title]));
  });

  it('has the spec redirects', () => {
    expect(REDIRECTS).toEqual(spec.redirects);
  });

  it('puts each menu route in the group the spec names', () => {
    const labels = new Map(MENU_GROUPS.map((g) => [g.key, g.label]));
    for (const s of spec.routes) {
      const r = ROUTES.find((x) => x.path === s.path);
      if (s.menu) expect(labels.get(r?.group as never), s.path).toBe(s.menu);
      else expect(r?.group, s.path).toBeUndefined();
    }
  });

  it('carries every gate of the spec', () => {
    for (const s of spec.routes) {
      const r = ROUTES.find((x) => x.path === s.path)!;
      expect(Boolean(r.manualDelivery), s.path).toBe(s.permission === 'orderManualDeliveryPermission');
      expect(Boolean(r.deniedRedirect), s.path).toBe(s.denied_redirect === '/403');
      expect(r.variantsExcluded ?? [], s.path).toEqual(s.variants_excluded ?? []);
      expect(r.variantsOnly ?? [], s.path).toEqual(s.variants_only ?? []);
      expect(Boolean(r.leftbarHidden), s.path).toBe(Boolean(s.leftbar_hidden));
      expect(Boolean(r.settingsTab), s.path).toBe(Boolean(s.settings_tab));
      expect(Boolean(r.badge), s.path).toBe(Boolean(s.badge));
      expect(Boolean(r.shownWhen), s.path).toBe(Boolean(s.shown_when));
    }
  });

  it('opens the platform settings entry on automaticAfterSale by default', () => {
    expect(SETTINGS_TABS[0]).toBe('/basicSet/automaticAfterSale');
  });

  it('builds permission trees per audience without seller-only entries for purchasers', () => {
    const purchaser = permissionTree('purchaser').flatMap((g) => g.children.map((c) => c.code));
    expect(purchaser).toContain('offlineReturnOrder/pickup');
    expect(purchaser).not.toContain('order/orderList');
    const seller = permissionTree('seller').flatMap((g) => g.children.map((c) => c.code));
    expect(seller).toContain('order/orderList');
  });
});
