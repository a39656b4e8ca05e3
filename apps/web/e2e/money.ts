/**
 * The seller's money set-up that several browser tests need before paying: a pay password set on
 * /funds/resetPayPass and a recharge through the Alipay emulator's cashier.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD, type Harness } from './harness';

export const PAY_PASSWORD = '258013';

export async function setUpMoney(h: Harness, page: Page, yuan = 200) {
  await page.goto(h.url('www', '/funds/resetPayPass'));
  await page.getByLabel('登录密码').fill(DEMO_PASSWORD);
  await page.getByLabel('新支付密码', { exact: true }).fill(PAY_PASSWORD);
  await page.getByLabel('确认新支付密码').fill(PAY_PASSWORD);
  await page.getByRole('button', { name: '设置支付密码' }).click();
  await page.getByText('支付密码已设置').waitFor();
  await page.goto(h.url('www', '/funds/rechargeWithdraw'));
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
