/**
 * 拿货任务分配 in Chromium against the real server. demo_seller recharges through the Alipay
 * emulator's cashier and pays the demo's waiting trousers order through the API; demo_purchaser opens
 * /offlineReturnOrder/pickup, filters by the pick-up code (kept in the address), assigns the item to
 * demo_picker in the picker dialog, sees it 拿货中 with the picker's name, prints its tag (the PDF path:
 * no C-Lodop here) and sees it counted as printed; the log drawer lists the assignment.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type Harness, settleOverlays, signIn, startHarness } from './harness';
import { PAY_PASSWORD, setUpMoney } from './money';

let h: Harness;
// Per try, not per file: a retried test (a page crash on a loaded machine) starts again on a fresh
// server, not on the data its failed try left (a pay password already set, an order already paid).
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

it('the purchaser filters, assigns an item to a picker and prints its pick-up tag', async () => {
  const sellerWindow = await h.newPage();
  await signIn(sellerWindow.page, h.url('www'), 'demo_seller', 'seller');
  await settleOverlays(sellerWindow.page);
  await setUpMoney(h, sellerWindow.page);
  await sellerWindow.context.close();
  const seller = await h.apiSession('demo_seller', 'seller');
  const orders = await seller.post<{ list: { id: number; orderNo: string; status: string }[] }>('/api/b2/post/orders/page', { pageNo: 1, pageSize: 20 });
  const waiting = orders.list.find((o) => o.status === 'WAITING_PAYMENT');
  if (!waiting) throw new Error('no waiting order in the demo');
  await seller.post('/api/b2/post/orders/pay', {
    orderIds: [waiting.id],
    payMethod: 'BALANCE',
    payPassword: PAY_PASSWORD,
    requestKey: `take-e2e-${Date.now()}`,
  });

  const purchaser = await h.apiSession('demo_purchaser', 'purchaser');
  const items = await purchaser.post<{ list: { id: number; takeCode: string; orderNo: string }[] }>('/api/b2/purchaser/assigned/takePage', {
    pageNo: 1,
    pageSize: 50,
  });
  const item = items.list.find((i) => i.orderNo === waiting.orderNo);
  if (!item) throw new Error('take item not found');
  const pickers = await purchaser.post<{ id: number; name: string; isMain: boolean }[]>('/api/b2/purchaser/assigned/pickers', {});
  const picker = pickers.find((p) => !p.isMain);
  if (!picker) throw new Error('no sub-account picker in the demo');

  const { context, page } = await h.newPage();
  await signIn(page, h.url('www'), 'demo_purchaser', 'purchaser', '/offlineReturnOrder/pickup');
  await settleOverlays(page);
  await page.getByRole('heading', { name: '拿货任务分配' }).waitFor();
  await page.getByLabel('拿货码').fill(item.takeCode);
  await page.getByRole('button', { name: /^查\s?询$/ }).click();
  // The filter lives in the address (a history push, no page load).
  await expect.poll(() => page.url()).toContain(`takeCode=${item.takeCode}`);
  const row = page.locator('tr', { hasText: item.takeCode });
  await row.getByText('待分配').waitFor();
  await page.getByLabel(`选择拿货项${item.takeCode}`).check();
  await page.getByRole('button', { name: '分配拿货员（1）' }).click();
  const dialog = page.getByRole('dialog', { name: '分配 1 个拿货项' });
  await dialog.getByLabel('选择拿货员').click();
  await page.locator('.ant-select-item-option', { hasText: picker.name }).first().click();
  await dialog.getByRole('button', { name: '确定分配' }).click();
  await page.getByText('已分配 1 个拿货项').waitFor();
  await row.getByText('拿货中').waitFor();
  await row.getByText(picker.name).waitFor();

  // The log drawer lists the assignment (who and to whom).
  await row.getByRole('button', { name: /^日\s?志$/ }).click();
  const drawer = page.locator('.ant-drawer', { hasText: `拿货日志 ${item.takeCode}` });
  await drawer.getByText(`分配给拿货员 ${picker.name}`).waitFor();
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });

  // Print its tag last (the print frame may take the headless page down): no C-Lodop here, so the server's PDF goes to the browser's print frame.
  const printed = page.waitForResponse((r) => r.url().includes('/api/b2/purchaser/assigned/batchPrint'));
  await page.getByLabel(`选择拿货项${item.takeCode}`).check();
  await page.getByRole('button', { name: '打印标签（1）' }).click();
  const res = await printed;
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  expect(res.request().postDataJSON()).toMatchObject({ takeItemIds: [item.id], format: 'pdf' });
  await page.locator('iframe[data-testid="pdf-print-frame"]').waitFor({ state: 'attached' });
  await row.getByText('已打印1次').waitFor();

  await context.close();
});
