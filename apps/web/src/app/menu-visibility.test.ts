import { findRoute, ROUTES } from '@dropship/contract';
import { describe, expect, it } from 'vitest';
import { type AccessContext, inMenu, routeAccess } from './menu-visibility';

const seller: AccessContext = { audience: 'seller', variant: 'main', isMain: true, manualDelivery: '1', supplierExists: true, permissionCodes: null };
const route = (p: string) => {
  const r = findRoute(p);
  if (!r) throw new Error(p);
  return r;
};

describe('route access and menu entries', () => {
  it('hides declaration routes on the main variant and shows them on the second', () => {
    expect(routeAccess(route('/myDeclaration'), seller)).toBe('forbidden');
    expect(routeAccess(route('/myDeclaration'), { ...seller, variant: 'second' })).toBe('ok');
  });

  it('shows coupons only on the main variant', () => {
    expect(inMenu(route('/funds/coupon'), seller)).toBe(true);
    expect(inMenu(route('/funds/coupon'), { ...seller, variant: 'second' })).toBe(false);
  });

  it("applies the manual-delivery permission only on the second variant: '0' hides, and redirects the five named routes", () => {
    const denied = { ...seller, variant: 'second' as const, manualDelivery: '0' };
    for (const p of [
      '/offlineReturnOrder/pickup',
      '/offlineReturnOrder/offlineReturnOrderList',
      '/offlineReturnOrder/returnRegistration',
      '/basicSet/supplierManagement',
    ]) {
      expect(routeAccess(route(p), denied), p).toBe('forbidden');
      expect(routeAccess(route(p), { ...seller, manualDelivery: '0' }), p).toBe('ok');
    }
    expect(routeAccess(route('/print/printDelivery'), denied)).toBe('hidden');
    expect(inMenu(route('/print/printDelivery'), denied)).toBe(false);
    expect(inMenu(route('/goods/customGoods'), denied)).toBe(false);
  });

  it('lists supplier goods only when the supplier-exists check is true', () => {
    expect(inMenu(route('/goods/supplier'), seller)).toBe(true);
    expect(inMenu(route('/goods/supplier'), { ...seller, supplierExists: false })).toBe(false);
  });

  it('filters a sub-account by its permission codes on every variant (decision 0011), in-page routes by their menu route', () => {
    const sub: AccessContext = {
      audience: 'purchaser',
      variant: 'second',
      isMain: false,
      manualDelivery: '1',
      supplierExists: false,
      permissionCodes: new Set(['home', 'statistics/outStock']),
    };
    expect(inMenu(route('/statistics/outStock'), sub)).toBe(true);
    expect(inMenu(route('/statistics/takeReturn'), sub)).toBe(false);
    expect(routeAccess(route('/statistics/takeReturn'), sub)).toBe('forbidden');
    expect(routeAccess(route('/statistics/takeReturn'), { ...sub, variant: 'main' })).toBe('forbidden');
    expect(routeAccess(route('/offlineReturnOrder/returnRegistration'), sub)).toBe('forbidden');
    expect(
      routeAccess(route('/offlineReturnOrder/returnRegistration'), { ...sub, permissionCodes: new Set(['offlineReturnOrder/offlineReturnOrderList']) }),
    ).toBe('ok');
    // 工作台 and its in-page routes are open to every sub-account.
    expect(routeAccess(route('/home'), { ...sub, permissionCodes: new Set() })).toBe('ok');
    expect(routeAccess(route('/announcement/list'), { ...sub, permissionCodes: new Set() })).toBe('ok');
  });

  it('keeps seller-only routes from purchasers', () => {
    const purchaser = { ...seller, audience: 'purchaser' as const };
    expect(routeAccess(route('/order/orderList'), purchaser)).toBe('forbidden');
    expect(routeAccess(route('/offlineReturnOrder/pickup'), purchaser)).toBe('ok');
  });

  it("keeps the warehouse's pages out of a seller's menu: their calls are the purchaser's", () => {
    for (const p of [
      '/offlineReturnOrder/pickup',
      '/offlineReturnOrder/offlineReturnOrderList',
      '/print/printDelivery',
      '/print/orderFreePrint',
      '/print/scanPrint',
    ]) {
      expect(inMenu(route(p), seller), p).toBe(false);
      expect(inMenu(route(p), { ...seller, audience: 'purchaser' }), p).toBe(true);
    }
    expect(inMenu(route('/print/printSetting'), seller)).toBe(true);
  });

  it('never lists settings tabs or in-page routes in the menu', () => {
    expect(inMenu(route('/basicSet/speedSelivery'), seller)).toBe(false);
    expect(inMenu(route('/order/placeOrder'), seller)).toBe(false);
  });

  it("gives the operator the console's pages only, and the customers none of them", () => {
    const operator: AccessContext = { ...seller, audience: 'operator', supplierExists: false };
    const inOperatorMenu = ROUTES.filter((r) => inMenu(r, operator)).map((r) => r.path);
    expect(inOperatorMenu.length).toBeGreaterThan(0);
    expect(inOperatorMenu.every((p) => p.startsWith('/operator/'))).toBe(true);
    expect(routeAccess(route('/home'), operator)).toBe('forbidden');
    expect(routeAccess(route('/order/orderList'), operator)).toBe('forbidden');
    for (const who of [seller, { ...seller, audience: 'purchaser' as const }]) {
      expect(ROUTES.filter((r) => inMenu(r, who)).some((r) => r.path.startsWith('/operator/'))).toBe(false);
      expect(routeAccess(route('/operator/announcements'), who)).toBe('forbidden');
    }
    // An operator sub-account sees the console pages of its roles only.
    const finance = { ...operator, isMain: false, permissionCodes: new Set(['operator/withdrawals']) };
    expect(ROUTES.filter((r) => inMenu(r, finance)).map((r) => r.path)).toEqual(['/operator/withdrawals']);
  });
});
