/**
 * 会员: a seller buys the seeded 月度会员 (代发服务费8折) with the balance on /member/pay, the header
 * shows the level, and the next order is priced with the member's service fee (¥1.00 → ¥0.80).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type Harness, settleOverlays, shot, signIn, startHarness } from './harness';
import { PAY_PASSWORD, setUpMoney } from './money';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

it('buys a membership with the balance and the next order is charged the lower service fee', async () => {
  const { context, page } = await h.newPage();
  await signIn(page, h.url('www'), 'demo_seller', 'seller');
  await settleOverlays(page);
  await setUpMoney(h, page);

  await page.goto(h.url('www', '/member/pay'));
  await page.getByText('您还不是会员').waitFor();
  const plan = page.locator('.ant-card', { hasText: '月度会员' });
  await plan.getByText('代发服务费8折').waitFor();
  await plan.getByRole('button', { name: '立即开通' }).click();
  const dialog = page.locator('.ant-modal', { hasText: '购买会员' });
  await dialog.getByLabel('支付密码').fill(PAY_PASSWORD);
  await dialog.getByRole('button', { name: '确认支付 ¥99.00' }).click();
  await page.getByText(/会员已开通，有效期至/).waitFor();
  await page.getByText(/当前会员：月度会员，到期时间/).waitFor();
  await expect.poll(() => page.getByTestId('member-badge').textContent()).toContain('月度会员');
  await shot(page, 'member-pay');

  // The same trousers order as the dropship spec: ¥38.50 goods + ¥4.50 ZTO + ¥0.80 member service fee.
  await page.goto(h.url('www', '/order/orderList?platformOrderId=4012873365505'));
  await page.locator('tr', { hasText: '4012873365505' }).locator('input[type=checkbox]').check();
  await page.getByRole('button', { name: /批量代发下单/ }).click();
  await page.waitForURL(/\/order\/placeOrder\?shopOrderIds=\d+$/);
  const card = page.getByTestId('place-order-card');
  await expect.poll(() => card.getByTestId('order-cost').textContent(), { timeout: 15_000 }).toContain('服务费 ¥0.80（会员已减 ¥0.20）');
  expect(await card.getByTestId('order-cost').textContent()).toContain('¥43.80');
  await expect.poll(() => page.getByRole('button', { name: '提交订单' }).isEnabled()).toBe(true);
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.getByRole('button', { name: '确认重复下单' }).click();
  await page.getByText(/已提交 1 个代发订单，待付款 ¥43\.80/).waitFor();
  await context.close();
});
