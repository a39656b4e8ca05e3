/**
 * 支付宝分账 in Chromium against the real server and its in-process Alipay emulator: demo_seller
 * binds a receiver, pays its waiting order on the emulator's 收银台, and sees the service-fee split
 * 成功 on /funds/aliLedger (the job queue settles it); cancelling the order takes the split back
 * first, and the row reads 已退回.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type Harness, settleOverlays, signIn, startHarness } from './harness';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

it('an order paid by Alipay with a bound receiver splits 成功; cancelling it reverses the split', async () => {
  const seller = await h.apiSession('demo_seller', 'seller');
  await seller.post('/api/b2/funds/aliLedger/bind', { account: '13812345678', name: '张小美' });
  const orders = await seller.post<{ list: { id: number; orderNo: string; status: string }[] }>('/api/b2/post/orders/page', { pageNo: 1, pageSize: 20 });
  const waiting = orders.list.find((o) => o.status === 'WAITING_PAYMENT');
  expect(waiting, '演示数据里待付款的代发订单').toBeDefined();
  const pay = await seller.post<{ alipay: { outTradeNo: string; payUrl: string } }>('/api/b2/post/orders/pay', {
    orderIds: [waiting?.id],
    payMethod: 'ALIPAY_WEB',
    requestKey: `royalty-e2e-${Date.now()}`,
  });

  const { context, page } = await h.newPage();
  await signIn(page, h.url('www'), 'demo_seller', 'seller');
  await settleOverlays(page);
  // The seller pays on the emulator's cashier and comes back to our page.
  await page.goto(pay.alipay.payUrl);
  await page.getByText('支付宝收银台').waitFor();
  await page.getByRole('button', { name: '支付' }).click();
  await page.waitForURL('**/funds/pay?**');

  const row = page.locator('tbody tr', { hasText: pay.alipay.outTradeNo });
  await page.goto(h.url('www', '/funds/aliLedger'));
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.locator('tbody').waitFor();
        return (await row.count()) > 0 ? ((await row.locator('.ant-tag').textContent()) ?? '') : '';
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe('成功');
  expect(await row.textContent()).toContain(waiting?.orderNo);
  expect(await row.textContent()).toContain('138****5678');

  // Cancelling the paid order: the split goes back on Alipay before the balance refund.
  await seller.post('/api/b2/post/orders/cancel', { orderIds: [waiting?.id], reason: '买家不要了' });
  await page.reload();
  await expect.poll(async () => (await row.locator('.ant-tag').textContent()) ?? '', { timeout: 15_000 }).toBe('已退回');
  expect(await row.textContent()).toContain('已退回');
  await context.close();
});
