import { afterEach, beforeEach, expect, it } from 'vitest';
import { type Harness, settleOverlays, shot, signIn, startHarness } from './harness';
import { PAY_PASSWORD, setUpMoney } from './money';

let h: Harness;
// Per try, not per file: a retried test (a page crash on a loaded machine) starts again on a fresh
// server, not on the data its failed try left (a pay password already set, an order already paid).
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

it('places an order from a shop order, pays it from the balance, cancels it and sees the refund', async () => {
  const { context, page } = await h.newPage();
  await signIn(page, h.url('www'), 'demo_seller', 'seller');
  await settleOverlays(page);
  await setUpMoney(h, page);

  // From 店铺订单: tick the trousers order and 批量代发下单.
  await page.goto(h.url('www', '/order/orderList?platformOrderId=4012873365505'));
  await page.locator('tr', { hasText: '4012873365505' }).locator('input[type=checkbox]').check();
  await page.getByRole('button', { name: /批量代发下单/ }).click();
  await page.waitForURL(/\/order\/placeOrder\?shopOrderIds=\d+$/);
  const card = page.getByTestId('place-order-card');
  await card.getByText('已下过代发单').waitFor();
  await card.getByText('万佳韩版 / P0913 / 黑色 / L').waitFor();
  // One trousers at ¥38.50, ZTO to Beijing ¥4.50, ¥1.00 service fee.
  await expect.poll(() => card.getByTestId('order-cost').textContent(), { timeout: 15_000 }).toContain('¥44.00');
  await expect.poll(() => page.getByRole('button', { name: '提交订单' }).isEnabled()).toBe(true);
  await shot(page, 'dropship-place');
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.getByRole('button', { name: '确认重复下单' }).click();
  await page.getByText(/已提交 1 个代发订单，待付款 ¥44\.00/).waitFor();
  const orderNo = ((await page.locator('.ant-result-subtitle').textContent()) ?? '').trim();
  expect(orderNo).toMatch(/^DF\d{14}$/);

  await page.getByRole('button', { name: '去支付' }).click();
  await page.getByLabel('支付密码').fill(PAY_PASSWORD);
  await page.getByRole('button', { name: '确认支付 ¥44.00' }).click();
  await page.getByText('支付成功，共 ¥44.00').waitFor();
  await page.waitForURL('**/order/daifaOrderList');

  const row = page.locator('tr', { hasText: orderNo });
  await row.getByText('待拿货').first().waitFor();
  await shot(page, 'dropship-list');
  await row.getByRole('link', { name: '详情' }).click();
  await page.waitForURL(/daifaOrederListDetail\?id=\d+/);
  await page.getByText('支付订单').waitFor();
  const codes = await page.locator('.ant-typography-copy').count();
  expect(codes).toBeGreaterThan(0);
  expect(await page.getByText(/^\d{12}$/).count()).toBe(1);
  await shot(page, 'dropship-detail');

  // Another district of Beijing costs the same express fee: allowed after payment.
  await page.getByRole('button', { name: '修改收货信息' }).click();
  const dialog = page.locator('.ant-modal', { hasText: '修改收货信息' });
  await dialog.getByLabel('省市区').click();
  await page.locator('.ant-cascader-menu-item', { hasText: /^海淀区$/ }).click();
  await expect.poll(async () => (await dialog.textContent()) ?? '').toContain('海淀区');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await page.getByText('收货信息已修改').waitFor();
  await page.getByText(/北京市 北京市 海淀区 望京街道/).waitFor();

  await page.getByRole('button', { name: '取消订单' }).click();
  await page.getByRole('button', { name: '确认取消' }).click();
  await page.getByText('已取消，¥44.00 已退回余额').waitFor();
  await page.locator('.ant-tag', { hasText: '已取消' }).first().waitFor();

  await page.goto(h.url('www', '/funds/balance'));
  const refund = page.locator('tr', { hasText: orderNo }).filter({ hasText: '退款' });
  await refund.getByRole('cell', { name: '+44.00' }).waitFor();
  await context.close();
});
