import { afterEach, beforeEach, expect, it } from 'vitest';
import { type Harness, settleOverlays, shot, signIn, startHarness } from './harness';
import { PAY_PASSWORD, setUpMoney } from './money';

let h: Harness;
// Per try, not per file: a retried test starts again on a fresh server, not on the data its failed try left.
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

it('applies 仅退款 on a waiting order, sees it completed with the refund, opens it and finds it by quick query', async () => {
  const { context, page } = await h.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(page, h.url('www'), 'demo_seller', 'seller');
  await settleOverlays(page);
  await setUpMoney(h, page);

  // The trousers order of dropship-orders.spec: one pair at ¥38.50 goods money, ¥44.00 in all, paid from the balance.
  await page.goto(h.url('www', '/order/orderList?platformOrderId=4012873365505'));
  await page.locator('tr', { hasText: '4012873365505' }).locator('input[type=checkbox]').check();
  await page.getByRole('button', { name: /批量代发下单/ }).click();
  await page.waitForURL(/\/order\/placeOrder\?shopOrderIds=\d+$/);
  const card = page.getByTestId('place-order-card');
  await expect.poll(() => card.getByTestId('order-cost').textContent(), { timeout: 15_000 }).toContain('¥44.00');
  await expect.poll(() => page.getByRole('button', { name: '提交订单' }).isEnabled()).toBe(true);
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.getByRole('button', { name: '确认重复下单' }).click();
  await page.getByText(/已提交 1 个代发订单，待付款 ¥44\.00/).waitFor();
  const orderNo = ((await page.locator('.ant-result-subtitle').textContent()) ?? '').trim();
  await page.getByRole('button', { name: '去支付' }).click();
  await page.getByLabel('支付密码').fill(PAY_PASSWORD);
  await page.getByRole('button', { name: '确认支付 ¥44.00' }).click();
  await page.getByText('支付成功，共 ¥44.00').waitFor();
  await page.waitForURL('**/order/daifaOrderList');

  // 申请售后 from the list: before shipping only 仅退款 is offered, of the whole line.
  const row = page.locator('tr', { hasText: orderNo });
  await row.getByText('待拿货').first().waitFor();
  await row.getByRole('button', { name: '申请售后' }).click();
  const dialog = page.locator('.ant-modal', { hasText: `申请售后 ${orderNo}` });
  await dialog.getByText(/订单尚未发货：只能仅退款/).waitFor();
  expect(await dialog.getByRole('radio', { name: '退货退款' }).isDisabled()).toBe(true);
  await dialog.getByRole('combobox', { name: '售后原因' }).click();
  await page.locator('.ant-select-item-option', { hasText: '尺码不合适' }).click();
  await shot(page, 'after-sale-apply');
  await dialog.getByRole('button', { name: '提交售后' }).click();
  const done = page.getByText(/售后已提交：/);
  await done.waitFor();
  const afterSaleNo = (/售后已提交：(\S+)/.exec((await done.textContent()) ?? '')?.[1] ?? '').trim();
  expect(afterSaleNo).not.toBe('');

  // 售后订单: completed at once, the goods money back in the balance.
  await page.goto(h.url('www', `/afterSale/afterSaleList?orderNo=${orderNo}`));
  const asRow = page.locator('tr', { hasText: afterSaleNo });
  await asRow.getByText('已完成').waitFor();
  await asRow.getByText('未发货仅退款').waitFor();
  await asRow.getByText('已退 38.50').waitFor();
  await shot(page, 'after-sale-list');

  await asRow.getByRole('link', { name: '详情' }).click();
  await page.waitForURL(/afterSaleListDetail\?id=\d+/);
  await page.getByText(`售后单 ${afterSaleNo}`).waitFor();
  await page.getByText('尺码不合适').first().waitFor();
  await page.getByRole('cell', { name: '+38.50' }).waitFor();
  expect(await page.getByRole('button', { name: '撤销售后' }).count()).toBe(0);
  await shot(page, 'after-sale-detail');

  // 快速查询 by the order number: the order and its after-sale.
  await page.goto(h.url('www', '/afterSale/quickQuery'));
  await page.getByLabel('查询内容').fill(orderNo);
  await page.getByRole('button', { name: /查\s?询/ }).click();
  await page.getByTestId('quick-orders').getByRole('link', { name: orderNo }).waitFor();
  await page.getByTestId('quick-after-sales').getByRole('link', { name: afterSaleNo }).waitFor();
  await shot(page, 'after-sale-quick-query');
  await context.close();
});
