/**
 * Which routes a user may see in the menu and open (SPEC.md section 6). Pure, so the rules are
 * unit-tested without a browser.
 */
import { type Audience, type BrandVariant, type RouteDef, routeCode } from '@dropship/contract';

export interface AccessContext {
  audience: Audience;
  variant: BrandVariant;
  isMain: boolean;
  /** '0' or '1'; only the second variant applies it. */
  manualDelivery: string;
  supplierExists: boolean;
  /** The sub-account's permission codes; null for main accounts. */
  permissionCodes: Set<string> | null;
}

export type Access = 'ok' | 'hidden' | 'forbidden';

/** Whether the route may be opened at all ('forbidden' sends the user to /403). */
export function routeAccess(route: RouteDef, ctx: AccessContext): Access {
  if (route.public) return 'ok';
  if (!route.audience.includes(ctx.audience)) return 'forbidden';
  if (route.variantsExcluded?.includes(ctx.variant)) return 'forbidden';
  if (route.variantsOnly && !route.variantsOnly.includes(ctx.variant)) return 'forbidden';
  if (ctx.variant === 'second') {
    if (route.manualDelivery && ctx.manualDelivery === '0') return route.deniedRedirect ? 'forbidden' : 'hidden';
    if (!ctx.isMain && ctx.permissionCodes && route.group && !ctx.permissionCodes.has(routeCode(route.path))) return 'forbidden';
  }
  return 'ok';
}

/** Whether the route is listed in the left menu. */
export function inMenu(route: RouteDef, ctx: AccessContext): boolean {
  if (!route.group || route.settingsTab) return false;
  if (route.shownWhen === 'supplierExists' && !ctx.supplierExists) return false;
  return routeAccess(route, ctx) === 'ok';
}
