/**
 * The operator console and what sellers read, in a real browser: the operator signs in to the
 * console (运营后台), whose menu holds console pages only and which refuses a seller's page; it
 * publishes an announcement (with a script the server removes) and a popup on 公告列表 shown once,
 * opens the three 平台设置 pages and saves the service fee;
 * the seller sees the popup once and reads the announcement; a real event (the daily shop
 * authorization reminder) raises the seller's unread count.
 */

import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { users } from '../../server/src/modules/auth/auth.table';
import { messages } from '../../server/src/modules/messages/messages.table';
import { remindExpiringShops } from '../../server/src/modules/shops/index';
import { DEMO_PASSWORD, type Harness, settleOverlays, shot, signIn, startHarness } from './harness';

let h: Harness;
// Per try, not per file: a retried test starts again on a fresh server.
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

const TITLE = '春节期间拿货安排';
const POPUP = '新春优惠活动';

it('the operator publishes an announcement and a popup in its own console; the seller sees the popup once, reads the announcement, and an event raises the unread count', async () => {
  // The operator signs in through the same page and lands in the console, never on 工作台.
  const { page: op } = await h.newPage();
  await op.goto(h.url('www', '/login'));
  const pane = op.getByRole('tabpanel');
  await pane.getByLabel('账号').fill('demo_operator');
  await pane.getByLabel('密码').fill(DEMO_PASSWORD);
  await pane.getByRole('button', { name: /登\s*录/ }).click();
  await op.waitForURL('**/operator/**');
  await op.getByTestId('console-title').waitFor();
  const menu = op.getByTestId('left-menu');
  for (const group of ['财务审核', '公告与弹窗', '机构与日志', '平台设置']) await expect.poll(() => menu.getByText(group).count()).toBeGreaterThan(0);
  const menuText = (await menu.textContent()) ?? '';
  for (const sellerPage of ['工作台', '店铺订单', '代发管理', '资金', '基础设置', '账号权限']) expect(menuText).not.toContain(sellerPage);
  await shot(op, 'announcements-01-console');

  // A seller's page is not the operator's.
  await op.goto(h.url('www', '/order/orderList'));
  await op.waitForURL('**/403');

  // 公告管理 → 发布公告, with a script the server strips.
  await op.goto(h.url('www', '/operator/announcements'));
  await op.getByRole('button', { name: '发布公告' }).click();
  const dialog = op.locator('.ant-modal', { hasText: '发布公告' });
  await dialog.getByLabel('标题').fill(TITLE);
  await dialog.getByLabel('正文').fill('<p>2月1日至2月7日暂停拿货，<b>2月8日</b>恢复。</p><script>window.hacked = 1</script>');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await op.getByRole('cell', { name: TITLE }).waitFor();

  // 弹窗管理 → 新建弹窗 on 公告列表, once.
  await op.getByRole('link', { name: '弹窗管理' }).click();
  await op.waitForURL('**/operator/popups');
  await op.getByRole('button', { name: '新建弹窗' }).click();
  const popupDialog = op.locator('.ant-modal', { hasText: '新建弹窗' });
  await popupDialog.getByLabel('标题').fill(POPUP);
  await popupDialog.getByLabel('页面').fill('/announcement/list');
  await popupDialog.getByLabel('图片地址').fill('/favicon.svg');
  await popupDialog.getByRole('button', { name: /保\s*存/ }).click();
  await op.getByRole('cell', { name: POPUP }).waitFor();
  await shot(op, 'announcements-02-popups');

  // 平台设置: each page opens under its title; the service fee saves in yuan and reads back.
  for (const [path, title] of [
    ['/operator/expressRules', '快递运费规则'],
    ['/operator/stallDirectory', '档口库'],
    ['/operator/servicePrices', '服务价格'],
  ] as const) {
    await op.goto(h.url('www', path));
    await op.getByRole('heading', { name: title }).waitFor();
  }
  await op.getByLabel('每件服务费（元）').fill('1.80');
  await op.getByRole('button', { name: '保存代发服务费' }).click();
  await op.getByText('代发服务费已保存').waitFor();
  await op.reload();
  await expect.poll(() => op.getByLabel('每件服务费（元）').inputValue()).toBe('1.80');

  // The seller: the popup on 公告列表, once.
  const { page } = await h.newPage();
  await signIn(page, h.url('www'), 'demo_seller', 'seller');
  await settleOverlays(page);
  const unreadBefore = await unreadCount(page);
  await page.goto(h.url('www', '/announcement/list'));
  const popup = page.locator('.ant-modal', { hasText: POPUP });
  await popup.waitFor();
  await shot(page, 'announcements-03-popup');
  await popup.locator('.ant-modal-close').click();
  await popup.waitFor({ state: 'hidden' });

  // The announcement, unread, then read; its script never reached the page.
  const row = page.getByRole('row', { name: new RegExp(TITLE) });
  await row.getByText('未读').waitFor();
  await row.getByRole('link', { name: TITLE }).click();
  await page.waitForURL('**/announcement/details?id=*');
  await expect.poll(() => page.getByTestId('announcement-body').textContent()).toContain('2月8日');
  expect(await page.getByTestId('announcement-body').innerHTML()).not.toContain('script');
  expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  await page.getByRole('link', { name: '返回公告列表' }).click();
  await page
    .getByRole('row', { name: new RegExp(TITLE) })
    .getByText('已读')
    .waitFor();
  // Shown once: back on the page, no popup.
  await page.reload();
  await page.getByRole('row', { name: new RegExp(TITLE) }).waitFor();
  await settleOverlays(page);
  expect(await page.locator('.ant-modal', { hasText: POPUP }).count()).toBe(0);

  // A real event: the daily shop authorization reminder.
  // The demo seller has shops ending within the reminder window: one message for each.
  const db = h.serving.database.db;
  await remindExpiringShops(db);
  const [seller] = await db.select({ orgId: users.orgId }).from(users).where(eq(users.username, 'demo_seller'));
  const reminded = (
    await db
      .select()
      .from(messages)
      .where(and(eq(messages.orgId, seller?.orgId ?? 0), eq(messages.kind, 'SHOP_AUTH')))
  ).length;
  expect(reminded).toBeGreaterThan(0);
  await page.reload();
  await expect.poll(() => unreadCount(page), { timeout: 15_000 }).toBe(unreadBefore + reminded);
  await page.getByRole('button', { name: '消息' }).click();
  await page.getByText('店铺授权即将到期').first().waitFor();
  await shot(page, 'announcements-04-message');
});

/** The header's unread count (0 when the badge shows none). */
async function unreadCount(page: Page): Promise<number> {
  const button = page.getByRole('button', { name: '消息' });
  await button.waitFor();
  const badge = button.locator('.ant-scroll-number');
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.first().getAttribute('title')) ?? '0');
}
