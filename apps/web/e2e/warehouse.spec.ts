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

it('scanning a paid, taken single-item order ships it with a waybill; the seller sees it delivered with the tracking number', async () => {
  const sellerWindow = await h.newPage();
  await signIn(sellerWindow.page, h.url('www'), 'demo_seller', 'seller');
  await settleOverlays(sellerWindow.page);
  await setUpMoney(h, sellerWindow.page);

  // A paid one-item order.
  const seller = await h.apiSession('demo_seller', 'seller');
  const list = await seller.post<{ list: { id: number; status: string; shopOrderId: number | null }[] }>('/api/b2/post/orders/page', {
    pageNo: 1,
    pageSize: 20,
  });
  const waiting = list.list.find((o) => o.status === 'WAITING_PAYMENT' && o.shopOrderId !== null);
  expect(waiting).toBeDefined();
  const receiver = { name: '陈静', phone: '13566667777', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路90号' };
  const created = await seller.post<{ orders: { id: number; orderNo: string }[] }>('/api/b2/post/orders/create', {
    orders: [{ shopOrderId: waiting?.shopOrderId, receiver, expressCode: 'ZTO' }],
    confirmDuplicate: true,
  });
  const order = created.orders[0] as { id: number; orderNo: string };
  await seller.post('/api/b2/post/orders/pay', {
    orderIds: [order.id],
    payMethod: 'BALANCE',
    payPassword: PAY_PASSWORD,
    requestKey: `warehouse-e2e-${Date.now()}`,
  });

  // Taken: assigned to the picker, who marks it 已拿.
  const purchaser = await h.apiSession('demo_purchaser', 'purchaser');
  const picker = await h.apiSession('demo_picker', 'purchaser');
  const items = await purchaser.post<{ list: { id: number; takeCode: string; orderNo: string }[] }>('/api/b2/purchaser/takeItems/page', {
    pageNo: 1,
    pageSize: 50,
  });
  const item = items.list.find((i) => i.orderNo === order.orderNo);
  if (!item) throw new Error('take item not found');
  await purchaser.post('/api/b2/purchaser/assigned/takeAssignedUser', { takeItemIds: [item.id], pickerId: picker.userId });
  await picker.post('/api/b2/purchaser/picking/mark', { takeItemIds: [item.id], result: 'TOOK' });

  // The scanning bench.
  const { context, page } = await h.newPage();
  await signIn(page, h.url('www'), 'demo_purchaser', 'purchaser', '/print/scanPrint');
  await settleOverlays(page);
  await page.getByRole('heading', { name: '扫描打印' }).waitFor();
  expect(await page.title()).toBe('扫描打印 | 订单管理系统');
  // This bench has no printer in the test: preview only.
  await page.getByRole('checkbox', { name: '发货后自动打印面单' }).uncheck();
  const field = page.getByLabel('拿货码');
  await field.focus();
  await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(item.takeCode);
  await page.keyboard.press('Enter');
  const result = page.getByTestId('scan-result');
  await expect.poll(() => result.getAttribute('data-outcome'), { timeout: 20_000 }).toBe('SHIPPED');
  const text = (await result.textContent()) ?? '';
  const tracking = /中通快递 (78\d{12})/.exec(text)?.[1];
  expect(tracking, text).toBeDefined();
  await page.getByText(`面单 ${tracking}`).waitFor();
  await page.getByTestId('svg-preview').waitFor();
  // The field is ready for the next parcel.
  await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
  await shot(page, 'warehouse-scan');

  // A second scan of the same code says it has shipped already.
  await page.keyboard.type(item.takeCode);
  await page.keyboard.press('Enter');
  await expect.poll(() => result.getAttribute('data-outcome')).toBe('ERROR');
  await page
    .getByText(/已发货.*无需再次扫描/)
    .first()
    .waitFor();

  // 打印发货 lists it among the shipped orders.
  await page.goto(h.url('www', `/print/printDelivery?view=SHIPPED&trackingNo=${tracking}`));
  await page
    .locator('tr', { hasText: order.orderNo })
    .getByText(tracking as string)
    .waitFor();
  await context.close();

  // The seller: delivered, with the tracking number and the ship-back state.
  const sp = sellerWindow.page;
  await sp.goto(h.url('www', `/order/daifaOrderList/daifaOrederListDetail?id=${order.id}`));
  await sp
    .getByText(tracking as string)
    .first()
    .waitFor();
  await sp.locator('.ant-tag', { hasText: '已发货' }).first().waitFor();
  await sp.getByTestId('ship-back').waitFor();
  await shot(sp, 'warehouse-seller-detail');
  await sellerWindow.context.close();
});
