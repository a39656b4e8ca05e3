/**
 * The seller's money set-up that several browser tests need before paying, through the pages as the
 * README's loop does it: a pay password set on /funds/resetPayPass and a recharge on 充值提现 through
 * the Alipay emulator's cashier (its 支付 button). funds.spec.ts and whole-loop.spec.ts drive the two
 * steps themselves (with their own checks around them); the other specs call setUpMoney.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD, type Harness } from './harness';

export const PAY_PASSWORD = '258013';

/** The first pay password: the login password confirms it is really the seller. */
export async function setPayPassword(h: Harness, page: Page) {
  await page.goto(h.url('www', '/funds/resetPayPass'));
  await page.getByLabel('登录密码').fill(DEMO_PASSWORD);
  await page.getByLabel('新支付密码', { exact: true }).fill(PAY_PASSWORD);
  await page.getByLabel('确认新支付密码').fill(PAY_PASSWORD);
  await page.getByRole('button', { name: '设置支付密码' }).click();
  await page.getByText('支付密码已设置').waitFor();
}

/**
 * From 充值提现 (however the page was reached): the amount → the emulator's 收银台 → 支付 → back on
 * 余额 with the recharge among the entries.
 */
export async function rechargeOnCashier(page: Page, yuan: number) {
  await page.getByRole('textbox', { name: '充值金额' }).fill(String(yuan));
  await page.getByRole('button', { name: '去支付宝充值' }).click();
  await page.waitForURL(/127\.0\.0\.1:\d+\/gateway\.do\?/);
  await page.getByText('支付宝收银台').waitFor();
  expect(await page.getByTestId('amount').textContent()).toBe(`¥${yuan.toFixed(2)}`);
  await page.getByRole('button', { name: '支付' }).click();
  await page.waitForURL('**/funds/balance');
  await page
    .getByRole('cell', { name: `+${yuan.toFixed(2)}` })
    .first()
    .waitFor();
}

export async function setUpMoney(h: Harness, page: Page, yuan = 200) {
  await setPayPassword(h, page);
  await page.goto(h.url('www', '/funds/rechargeWithdraw'));
  await rechargeOnCashier(page, yuan);
}
