import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type Harness, signIn, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('address parameters and guided tours', () => {
  it('takes identity from user_id/user_hash in the address and stores it', async () => {
    const r = await h.api('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo_seller', password: DEMO_PASSWORD }),
    });
    const { userId, userHash } = r.data as { userId: number; userHash: string };
    const { context, page } = await h.newPage();
    await page.goto(h.url('www', `/statistics/outStock?user_id=${userId}&user_hash=${userHash}`));
    await page.getByTestId('welcome').waitFor();
    expect(new URL(page.url()).pathname).toBe('/statistics/outStock');
    expect(await page.evaluate(() => localStorage.getItem('user_hash'))).toBe(userHash);
    await context.close();
  });

  it('follows payCallback to its page and reports activityName before going home', async () => {
    const { context, page } = await h.newPage();
    await signIn(page, h.url('www'), 'demo_seller', 'seller');
    await page.goto(h.url('www', '/?payCallback=recharge'));
    await page.waitForURL('**/funds/balance');
    await page.goto(h.url('www', '/?payCallback=bukuan'));
    await page.waitForURL('**/funds/transferRecord');
    const tracked = page.waitForRequest((req) => req.url().endsWith('/api/system/tracking') && (req.postData() ?? '').includes('"ACTIVITY"'));
    await page.goto(h.url('www', '/funds/balance?activityName=double11'));
    expect(JSON.parse((await tracked).postData() ?? '{}')).toMatchObject({ kind: 'ACTIVITY', activityName: 'double11' });
    await page.waitForURL('**/home');
    await context.close();
  });

  it('shows the guided tours once: the platform-settings hint, then the menu-change hint, never again', async () => {
    const { context, page } = await h.newPage();
    await signIn(page, h.url('www'), 'demo_seller', 'seller');
    const tour = page.locator('.ant-tour:visible');
    // the shop-expiry dialog may come first: close it
    const shopDialog = page.locator('.ant-modal-wrap:visible .ant-modal', { hasText: '店铺授权到期提醒' });
    await Promise.race([tour.waitFor(), shopDialog.waitFor()]);
    if (await shopDialog.count()) await shopDialog.locator('.ant-modal-footer button').first().click();
    await tour.getByText('平台代发设置已迁移').waitFor();
    await tour.getByRole('button', { name: '我知道了' }).click();
    await tour.getByText('原「同步订单」已移至「店铺订单」。').waitFor();
    await tour.getByRole('button', { name: '下一步' }).click();
    await tour.getByText('代发订单、售后订单已移至「代发管理」。').waitFor();
    await tour.getByRole('button', { name: '我知道了' }).click();
    await page.reload();
    await page.getByTestId('welcome').waitFor();
    await page.waitForTimeout(6000); // longer than the 5 s target polling
    expect(await page.locator('.ant-tour:visible').count()).toBe(0);
    await context.close();
  });
});
