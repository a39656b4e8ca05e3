/**
 * The first day's shared steps (first-day.spec.ts, first-day-menus.spec.ts): walking a left menu
 * entry by entry and collecting every refusal met, waiting for a lazily loaded page, and keeping a
 * screenshot of each step in test-results/first-day/ (gitignored) as the run's artifacts.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { keepScreenshot, settleOverlays } from './harness';

export const snap = (page: Page, name: string) => keepScreenshot(page, 'first-day', name);

/** Every refusal the page meets: answers with a non-zero errorCode, and refusal texts on screen. */
export function watchRefusals(page: Page) {
  const refused: string[] = [];
  page.on('response', async (r) => {
    if (!r.url().includes('/api/') || !(r.headers()['content-type'] ?? '').includes('json')) return;
    const body = (await r.json().catch(() => null)) as { errorCode?: number; errorMsg?: string } | null;
    if (r.status() === 403 || (body && [403, 10001, 10000].includes(body.errorCode ?? 0)))
      refused.push(`${new URL(r.url()).pathname} ${body?.errorCode} ${body?.errorMsg}`);
  });
  return refused;
}

/** The hrefs of every entry of the left menu (each group opened in turn). */
export async function menuLinks(page: Page) {
  const menu = page.getByTestId('left-menu');
  const groups = menu.locator('.ant-menu-submenu-title');
  for (let i = 0; i < (await groups.count()); i++) {
    const g = groups.nth(i);
    if ((await g.getAttribute('aria-expanded')) !== 'true') await g.click();
  }
  const hrefs = await menu.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs)];
}

export async function walkMenu(page: Page, who: string) {
  const refused = watchRefusals(page);
  const links = await menuLinks(page);
  expect(links.length, who).toBeGreaterThan(0);
  const problems: string[] = [];
  for (const href of links) {
    refused.length = 0;
    // In-app navigation, as the menu's link does (a group may be folded again by then).
    await page.evaluate((p) => {
      window.history.pushState({}, '', p);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, href);
    await settleOverlays(page);
    const at = new URL(page.url()).pathname;
    if (at !== '/403' && at !== '/login' && at !== '/picker') await pageShown(page, { settled: true });
    if (at === '/403' || at === '/login') problems.push(`${href} → ${at}`);
    const alerts = await page.locator('.ant-modal-confirm-title, .ant-message-notice').allTextContents();
    for (const t of alerts) if (/登录错误|只对采购商|无权限/.test(t)) problems.push(`${href}: ${t}`);
    for (const r of refused) problems.push(`${href}: ${r}`);
    await snap(page, `${who}-${href.replace(/\//g, '_')}`);
  }
  expect(problems, who).toEqual([]);
}

/**
 * Waits until the page's content is drawn (a lazily loaded page shows nothing first), then for its
 * requests. `settled`: the caller has just waited for quiet, so content already there needs no
 * second wait (half a second a page on the menu walks).
 */
export async function pageShown(page: Page, { settled = false } = {}) {
  const drawn = () =>
    page
      .locator('#main-content')
      .textContent()
      .then((t) => (t ?? '').trim().length);
  if (settled && (await drawn()) > 0) return;
  await expect.poll(drawn).toBeGreaterThan(0);
  await settleOverlays(page);
}
