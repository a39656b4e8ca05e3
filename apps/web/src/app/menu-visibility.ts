/**
 * Which routes a user may see in the menu and open (SPEC.md section 6). Pure, so the rules are
 * unit-tested without a browser.
 */
import { type Audience, type BrandVariant, gatingPath, type RouteDef, routeCode } from '@dropship/contract';

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
  if (ctx.variant === 'second' && route.manualDelivery && ctx.manualDelivery === '0') return route.deniedRedirect ? 'forbidden' : 'hidden';
  // Sub-accounts on every variant (decision 0011; SPEC.md names the second): the server refuses the
  // calls anyway, so the menu must not offer them. An in-page route needs its menu route's code.
  if (!ctx.isMain && ctx.permissionCodes) {
    const gate = gatingPath(route);
    if (gate && !ctx.permissionCodes.has(routeCode(gate))) return 'forbidden';
  }
  return 'ok';
}

/** Whether the route is listed in the left menu. */
export function inMenu(route: RouteDef, ctx: AccessContext): boolean {
  if (!route.group || route.settingsTab) return false;
  if (route.shownWhen === 'supplierExists' && !ctx.supplierExists) return false;
  if (route.menuAudience && !route.menuAudience.includes(ctx.audience)) return false;
  return routeAccess(route, ctx) === 'ok';
}
