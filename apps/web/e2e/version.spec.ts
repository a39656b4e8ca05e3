import { afterEach, beforeEach, expect, it } from 'vitest';
import { DEMO_PASSWORD, type Harness, settleOverlays, signIn, startHarness } from './harness';

let h: Harness;
// Per try, not per file: a retried test (a page crash on a loaded machine) starts again on a fresh
// server, not on the data its failed try left (a pay password already set, an order already paid).
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

it('a newly published version opens one blocking 版本更新提示 dialog; 我知道了 stores it and reloads', async () => {
  const { context, page } = await h.newPage();
  await signIn(page, h.url('www'), 'demo_seller', 'seller');
  await settleOverlays(page);
  expect(await page.locator('.ant-modal', { hasText: '版本更新提示' }).count()).toBe(0);

  const op = await h.api('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo_operator', password: DEMO_PASSWORD }),
  });
  const { userId, userHash } = op.data as { userId: number; userHash: string };
  const { createHash } = await import('node:crypto');
  const ts = String(Date.now());
  const published = await h.api('/api/operator/version', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-token': userHash,
      'x-user-id': String(userId),
      'x-timestamp': ts,
      'x-sign': createHash('sha256').update(`${userHash}:${ts}`).digest('hex'),
    },
    body: JSON.stringify({ version: '2.0.0', desc: '新增拿货标签设计器，请刷新后使用。' }),
  });
  expect(published.errorCode).toBe(0);

  // navigating checks the version file
  await page.locator('a[href="/home"]').first().click();
  await page.getByText('代发管理').click();
  await page.locator('a[href="/order/daifaOrderList"]').click();
  const dialog = page.locator('.ant-modal', { hasText: '版本更新提示' });
  await dialog.waitFor();
  await dialog.getByText('新增拿货标签设计器').waitFor();
  expect(await page.locator('.ant-modal:visible', { hasText: '版本更新提示' }).count()).toBe(1);
  await dialog.getByRole('button', { name: '我知道了' }).click();
  await page.waitForLoadState('load');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('app_version'))).toBe('2.0.0');
  await page.waitForTimeout(800);
  expect(await page.locator('.ant-modal:visible', { hasText: '版本更新提示' }).count()).toBe(0);
  await context.close();
});
