/**
 * The walk over every route of the spec's routes.json on one brand variant (shell-routes-*.spec.ts):
 * one spec per variant, so the two walks (about a minute each) run on two browser workers at once
 * instead of one after the other in one spec.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { type Harness, settleOverlays, signIn } from './harness';

export const specRoutes = JSON.parse(
  readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/spec/routes.json'), 'utf8'),
) as {
  redirects: Record<string, string>;
  routes: { path: string; title: string; variants_excluded?: string[]; variants_only?: string[] }[];
};

/** Every route the variant has opens with its title. Declarations exist only off the main variant, coupons only on it. */
export async function walkRoutes(h: Harness, variant: 'www' | 'second') {
  const { context, page } = await h.newPage();
  await signIn(page, h.url(variant), 'demo_seller', 'seller');
  await settleOverlays(page);
  const here = specRoutes.routes.filter(
    (r) => r.path !== '/login' && (variant === 'www' ? !r.variants_excluded?.includes('main') : !r.variants_only || r.variants_only.includes('second')),
  );
  for (const [i, r] of here.entries()) {
    // Every fifth route is opened by a full page load (the server's page fallback for deep
    // links); the rest by in-app navigation, as a click on the menu would.
    if (i % 5 === 0) await page.goto(h.url(variant, r.path));
    else
      await page.evaluate((p) => {
        window.history.pushState({}, '', p);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, r.path);
    await expect.poll(() => page.title(), { message: r.path }).toBe(`${r.title} | 订单管理系统`);
    expect(new URL(page.url()).pathname, r.path).toBe(r.path);
  }
  await context.close();
}
