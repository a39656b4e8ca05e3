/**
 * The help center in a real browser: a seller searches in Chinese, opens the article found, marks it
 * 有用; the 帮助 link on 商品关联 opens that page's article.
 */

import { afterEach, beforeEach, expect, it } from 'vitest';
import { type Harness, settleOverlays, shot, signIn, startHarness } from './harness';

let h: Harness;
// Per try, not per file: a retried test starts again on a fresh server.
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

it('a seller finds an article by search, opens it and marks it useful; a page’s 帮助 link opens its article', async () => {
  const { page } = await h.newPage();
  // Signed in on 工作台, where the tours have their menu to point at: the help center hides the left
  // bar, so a tour still due there would wait for targets and could open over a later click.
  await signIn(page, h.url('www'), 'demo_seller', 'seller');
  await settleOverlays(page);
  await page.goto(h.url('www', '/helpCenter'));

  await page.getByRole('heading', { name: '帮助中心' }).waitFor();
  // The help center hides the left bar (SPEC.md).
  expect(await page.getByTestId('left-menu').count()).toBe(0);
  const box = page.getByPlaceholder('搜索帮助，如：打印、商品关联、退款');
  await box.fill('打印服务');
  await box.press('Enter');
  const hit = page.getByTestId('help-search-hit').first();
  await hit.waitFor();
  expect(await hit.locator('mark').first().textContent()).toBe('打印服务');
  await shot(page, 'help-center-01-search');

  await hit.getByRole('link', { name: /C-Lodop/ }).click();
  await page.waitForURL('**/helpCenter?slug=print-clodop');
  await expect.poll(() => page.getByTestId('help-article-title').textContent()).toContain('C-Lodop');
  await page.getByTestId('help-article-body').getByRole('heading', { name: '安装 C-Lodop' }).waitFor();
  await page.getByTestId('help-useful').click();
  await page.getByText('感谢您的反馈').waitFor();
  await expect.poll(() => page.getByTestId('help-useful').getAttribute('class')).toContain('ant-btn-primary');
  await shot(page, 'help-center-02-article');

  await page.goto(h.url('www', '/goods/association'));
  await page.getByTestId('page-help-link').click();
  await page.waitForURL('**/helpCenter?slug=goods-association');
  await expect.poll(() => page.getByTestId('help-article-title').textContent()).toContain('商品关联');
});
