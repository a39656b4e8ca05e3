/**
 * Money in and out in Chromium against the real server, whose Alipay is the local emulator
 * started in the server process (demo mode): demo_seller sets a pay password, recharges ¥100 on
 * the emulator's 收银台, comes back to 余额 with the money there, then pays one replenish request
 * from 充值记录's pending list on the cashier with the balance and no longer finds it pending.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type Harness, settleOverlays, signIn, startHarness } from './harness';
import { PAY_PASSWORD, rechargeOnCashier, setPayPassword } from './money';

let h: Harness;
// Per try, not per file: a retried test (a page crash on a loaded machine) starts again on a fresh
// server, not on the data its failed try left (a pay password already set, an order already paid).
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

/** The 可用余额 card's amount in fen (the Statistic shows ¥1,234.56). */
async function availableFen(page: Page): Promise<number> {
  const card = page.getByTestId('available-balance');
  await expect.poll(async () => (await card.textContent()) ?? '', { timeout: 15_000 }).toMatch(/¥\s*[\d,]+\.\d{2}/);
  const m = /¥\s*([\d,]+)\.(\d{2})/.exec((await card.textContent()) ?? '');
  return Number((m?.[1] ?? '0').replace(/,/g, '')) * 100 + Number(m?.[2] ?? 0);
}

it('sets a pay password, recharges ¥100 through the Alipay cashier, and pays a replenish request from the balance', async () => {
  const { context, page } = await h.newPage();
  await signIn(page, h.url('www'), 'demo_seller', 'seller');
  await settleOverlays(page);

  // 1. The pay password, first time: the login password confirms it is really the seller.
  await setPayPassword(h, page);
  await page.getByRole('tab', { name: '修改支付密码' }).waitFor();

  // 2. Recharge ¥100: our page → the emulator's cashier → 支付 → back on 余额 with the money.
  await page.goto(h.url('www', '/funds/balance'));
  const before = await availableFen(page);
  await page.goto(h.url('www', '/funds/rechargeWithdraw'));
  await rechargeOnCashier(page, 100);
  await expect.poll(() => availableFen(page), { timeout: 10_000 }).toBe(before + 10_000);

  // 3. From 充值记录's pending list, pay the ¥12.00 request (A8821) on the cashier from the balance.
  await page.goto(h.url('www', '/funds/transferRecord?tab=replenish'));
  await page.locator('tr', { hasText: 'A8821' }).getByRole('link', { name: '去支付' }).click();
  await page.waitForURL(/\/funds\/pay\?bizType=REPLENISH&ids=\d+&payCallback=bukuan$/);
  await expect.poll(async () => page.getByTestId('cashier-total').textContent(), { timeout: 15_000 }).toBe('¥12.00');
  await page.getByLabel('支付密码').fill(PAY_PASSWORD);
  await page.getByRole('button', { name: '确认支付' }).click();
  await page.getByText('支付成功，共 ¥12.00').waitFor();
  await page.waitForURL('**/funds/transferRecord');
  await page.locator('tr', { hasText: 'B102' }).waitFor();
  // The list may show what it had before for a moment, then its refetch: A8821 no longer waits.
  await expect.poll(() => page.locator('tbody tr', { hasText: 'A8821' }).count(), { timeout: 10_000 }).toBe(0);

  // Gone from the pending list; the other one still waits.
  await page.goto(h.url('www', '/funds/pay?bizType=REPLENISH'));
  await page.locator('tr', { hasText: 'B102' }).waitFor();
  expect(await page.locator('tbody tr', { hasText: 'A8821' }).count()).toBe(0);
  expect(await page.locator('tbody tr.ant-table-row').count()).toBe(1);
  await page.goto(h.url('www', '/funds/balance'));
  await expect.poll(() => availableFen(page)).toBe(before + 10_000 - 1_200);
  await context.close();
});
