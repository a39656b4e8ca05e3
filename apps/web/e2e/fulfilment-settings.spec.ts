/**
 * The seller's fulfilment settings acted on in the browser: 加急发货 and 货到付款 switched on in
 * 基础设置, then an order placed urgent (the fee in its total) and paid 货到付款 (no money taken,
 * the list says 待扣款), with the credit used shown back on the settings page.
 */
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

it('turns on speed delivery and pay after delivery, places an urgent order and pays it on delivery', async () => {
  const { context, page } = await h.newPage();
  await signIn(page, h.url('www'), 'demo_seller', 'seller');
  await settleOverlays(page);
  await setUpMoney(h, page);

  await page.goto(h.url('www', '/basicSet/speedSelivery'));
  await page.getByLabel('开通加急发货').click();
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await page.getByText('保存成功').waitFor();

  await page.goto(h.url('www', '/basicSet/setPayment'));
  await page.getByLabel('开通货到付款').click();
  await page.getByText(/我已阅读并同意《货到付款服务协议》/).click();
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await page.getByText('保存成功').first().waitFor();

  // The same trousers order as dropship-orders.spec: ¥44.00, plus ¥3.00 once urgent.
  await page.goto(h.url('www', '/order/orderList?platformOrderId=4012873365505'));
  await page.locator('tr', { hasText: '4012873365505' }).locator('input[type=checkbox]').check();
  await page.getByRole('button', { name: /批量代发下单/ }).click();
  await page.waitForURL(/\/order\/placeOrder\?shopOrderIds=\d+$/);
  const card = page.getByTestId('place-order-card');
  await expect.poll(() => card.getByTestId('order-cost').textContent(), { timeout: 15_000 }).toContain('¥44.00');
  await card.getByLabel('加急发货 4012873365505').click();
  await expect.poll(() => card.getByTestId('order-cost').textContent(), { timeout: 15_000 }).toContain('¥47.00');
  await card.getByText('加急', { exact: true }).first().waitFor();
  await shot(page, 'place-urgent');
  await expect.poll(() => page.getByRole('button', { name: '提交订单' }).isEnabled()).toBe(true);
  await page.getByRole('button', { name: '提交订单' }).click();
  // The demo already placed this shop order once (dropship-orders.spec says so too).
  await page.getByRole('button', { name: '确认重复下单' }).click();
  await page.getByText(/已提交 1 个代发订单，待付款 ¥47\.00/).waitFor();
  const orderNo = ((await page.locator('.ant-result-subtitle').textContent()) ?? '').trim();

  await page.getByRole('button', { name: '去支付' }).click();
  await page.getByRole('radio', { name: /货到付款/ }).check();
  await page.getByLabel('支付密码').fill(PAY_PASSWORD);
  await page.getByRole('button', { name: '确认货到付款 ¥47.00' }).click();
  await page.getByText(/货到付款成功，共 ¥47\.00/).waitFor();
  await page.waitForURL('**/order/daifaOrderList');

  const row = page.locator('tr', { hasText: orderNo });
  await row.getByText('待拿货').first().waitFor();
  await row.getByText('货到付款（待扣款）').waitFor();
  await row.getByText('含加急费 3.00').waitFor();
  await shot(page, 'list-urgent-pay-later');

  // Nothing was taken from the balance: the credit shows it instead.
  await page.goto(h.url('www', '/basicSet/setPayment'));
  // 额度 ¥2,000.00 (the platform's default), 已用 ¥47.00, 剩余 ¥1,953.00.
  const credit = page.locator('.ant-descriptions');
  await credit.getByText('¥47.00', { exact: true }).waitFor();
  await credit.getByText('¥1953.00', { exact: true }).waitFor();
  await context.close();
});
