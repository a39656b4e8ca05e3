import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, settleOverlays, signIn, signInThroughPage, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const menuText = async (page: import('playwright-core').Page) => ((await page.getByTestId('left-menu').textContent()) ?? '').replace(/\s+/g, ' ');

// The walk over every route of routes.json is in shell-routes-www and shell-routes-second.spec.ts.
describe('the shell in Chromium', () => {
  it('the seller signs in through the page and sees the seller menu', async () => {
    const { context, page } = await h.newPage();
    await signInThroughPage(page, h.url('www'), 'demo_seller', 'seller');
    await settleOverlays(page);
    expect(await page.title()).toBe('工作台 | 订单管理系统');
    expect(await page.getByTestId('welcome').textContent()).toContain('demo_seller');
    const menu = await menuText(page);
    for (const label of ['工作台', '店铺订单', '代发管理', '商品', '资产', '统计', '基础设置']) expect(menu).toContain(label);
    expect(menu).not.toContain('报单管理'); // not on the main variant
    // badges: 2 problem parcels near their deadline, 2 replenish payments pending
    await page.getByText('代发管理').click();
    await expect.poll(() => page.locator('a[href="/afterSale/problemList"] .ant-badge').textContent()).toBe('2');
    await context.close();
  });

  it('the purchaser signs in on the purchaser tab and sees the purchaser menu', async () => {
    const { context, page } = await h.newPage();
    await signInThroughPage(page, h.url('www'), 'demo_purchaser', 'purchaser');
    await settleOverlays(page);
    const menu = await menuText(page);
    for (const label of ['工作台', '线下拿退货', '打印发货', '统计', '账号权限']) expect(menu).toContain(label);
    for (const label of ['店铺订单', '代发管理', '商品']) expect(menu).not.toContain(label);
    expect(await page.evaluate(() => localStorage.getItem('userType'))).toBe('1');
    await context.close();
  });

  it('a picker on the second variant sees only its permissions and is sent to 403 without the manual-delivery permission', async () => {
    const { context, page } = await h.newPage();
    await signInThroughPage(page, h.url('second'), 'demo_picker', 'purchaser');
    // A picker starts on its workbench (no menu there); 工作台 has the menu.
    await page.waitForURL('**/picker');
    await page.goto(h.url('second', '/home'));
    await settleOverlays(page);
    await page.getByTestId('left-menu').getByText('统计', { exact: true }).click();
    await page.getByTestId('left-menu').getByText('拿货统计').waitFor();
    await page.getByTestId('left-menu').getByText('线下拿退货', { exact: true }).click();
    await page.getByTestId('left-menu').getByText('拿货员工作台').waitFor();
    // Entry by entry: the concatenated text would find 退货统计 in 线下拿退货 + 统计.
    const entries = (await page.getByTestId('left-menu').locator('.ant-menu-title-content').allTextContents()).map((t) => t.trim());
    expect(entries).toContain('工作台');
    expect(entries).toContain('缺货统计');
    expect(entries).toContain('拿货员工作台'); // the picker's own page, in its role
    expect(entries).not.toContain('退货统计'); // not in the picker's role
    expect(entries).not.toContain('账号权限'); // not in the picker's role
    expect(entries).not.toContain('拿货任务分配'); // manual-delivery permission is '0'
    expect(entries).not.toContain('打印发货'); // manual-delivery permission is '0'
    expect(await page.evaluate(() => localStorage.getItem('orderManualDeliveryPermission'))).toBe('0');
    for (const p of [
      '/offlineReturnOrder/pickup',
      '/offlineReturnOrder/offlineReturnOrderList',
      '/offlineReturnOrder/returnRegistration',
      '/basicSet/supplierManagement',
    ]) {
      await page.goto(h.url('second', p));
      await page.waitForURL('**/403');
      await page.getByText('没有权限访问该页面，请联系主账号管理员开通权限').waitFor();
      expect(await page.title()).toBe('无权限 | 订单管理系统');
    }
    await context.close();
  });

  it('an unknown path shows 页面不存在 with a way back home', async () => {
    const { context, page } = await h.newPage();
    await page.goto(h.url('www', '/no/such/page'));
    await page.getByText('页面不存在').first().waitFor();
    expect(await page.title()).toBe('页面不存在 | 订单管理系统');
    await page.getByRole('button', { name: /返回首页/ }).click();
    await page.waitForURL(/\/login\?jump=/); // not signed in: home asks for sign-in first
    await context.close();
  });

  it('logout asks 确定要退出登录？ and signs out; the jump brings the user back after signing in', async () => {
    const { context, page } = await h.newPage();
    await signIn(page, h.url('www'), 'demo_seller', 'seller');
    await settleOverlays(page);
    await page.getByTestId('user-menu').hover();
    await page.getByText('退出登录').click();
    await page.getByText('确定要退出登录？').waitFor();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('user_hash'))).toBeNull();
    await page.goto(h.url('www', '/funds/balance'));
    await page.waitForURL(/\/login\?jump=/);
    const pane = page.getByRole('tabpanel');
    await pane.getByLabel('账号').fill('demo_seller');
    await pane.getByLabel('密码').fill('Demo@2026');
    await pane.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL('**/funds/balance');
    await context.close();
  });

  it('the shop-authorization dialog lists expiring shops and remembers 不再提醒', async () => {
    const { context, page } = await h.newPage();
    await signIn(page, h.url('www'), 'demo_seller', 'seller');
    await settleOverlays(page);
    await page.goto(h.url('www', '/home?shopAuthPopup=1'));
    const dialog = page.locator('.ant-modal', { hasText: '店铺授权到期提醒' });
    await dialog.waitFor();
    await dialog.getByText('小美拼多多专营店').waitFor();
    await dialog.getByText('已过期').first().waitFor();
    const row = dialog.locator('tr', { hasText: '小美女装旗舰店' });
    await row.getByRole('button', { name: '不再提醒' }).click();
    await page.getByText('已设置为不再提醒').waitFor();
    await expect.poll(() => dialog.locator('tr', { hasText: '小美女装旗舰店' }).count()).toBe(0);
    await context.close();
  });
});
