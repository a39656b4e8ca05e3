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

it('a picker on a phone scans a code, marks 已拿 at a higher price and 缺货; the seller sees the refund and the replenish request', async () => {
  // Seller: a pay password and ¥200 through the pages (the Alipay emulator's cashier).
  const sellerWindow = await h.newPage();
  await signIn(sellerWindow.page, h.url('www'), 'demo_seller', 'seller');
  await settleOverlays(sellerWindow.page);
  await setUpMoney(h, sellerWindow.page);

  // Two paid orders of one trousers each.
  const seller = await h.apiSession('demo_seller', 'seller');
  const page1 = await seller.post<{ list: { id: number; orderNo: string; status: string; shopOrderId: number | null }[] }>('/api/b2/post/orders/page', {
    pageNo: 1,
    pageSize: 20,
  });
  const waiting = page1.list.find((o) => o.status === 'WAITING_PAYMENT' && o.shopOrderId !== null);
  expect(waiting).toBeDefined();
  const receiver = { name: '刘洋', phone: '13544445555', province: '北京市', city: '北京市', district: '朝阳区', address: '望京街道阜通东大街6号' };
  const again = await seller.post<{ orders: { id: number; orderNo: string }[] }>('/api/b2/post/orders/create', {
    orders: [{ shopOrderId: waiting?.shopOrderId, receiver, expressCode: 'ZTO' }],
    confirmDuplicate: true,
  });
  const orderNos = [waiting?.orderNo as string, again.orders[0]?.orderNo as string];
  await seller.post('/api/b2/post/orders/pay', {
    orderIds: [waiting?.id, again.orders[0]?.id],
    payMethod: 'BALANCE',
    payPassword: PAY_PASSWORD,
    requestKey: `picking-e2e-${Date.now()}`,
  });

  // Purchaser: the two take items go to demo_picker.
  const purchaser = await h.apiSession('demo_purchaser', 'purchaser');
  const picker = await h.apiSession('demo_picker', 'purchaser');
  const items = await purchaser.post<{ list: { id: number; takeCode: string; orderNo: string }[] }>('/api/b2/purchaser/takeItems/page', {
    pageNo: 1,
    pageSize: 50,
  });
  const [first, second] = orderNos.map((no) => items.list.find((i) => i.orderNo === no));
  if (!first || !second) throw new Error('take items not found');
  await purchaser.post('/api/b2/purchaser/assigned/takeAssignedUser', { takeItemIds: [first.id, second.id], pickerId: picker.userId });

  // The picker on a phone.
  const { context, page } = await h.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(page, h.url('www'), 'demo_picker', 'purchaser', '/picker');
  await settleOverlays(page);
  await page.getByRole('heading', { name: '拿货员工作台' }).waitFor();
  expect(await page.title()).toBe('拿货员工作台 | 订单管理系统');
  await page.getByTestId(`pick-item-${first.takeCode}`).waitFor();
  await page.getByTestId(`pick-item-${second.takeCode}`).waitFor();
  // Big touch targets and one column on a phone.
  const box = await page.getByTestId(`pick-item-${first.takeCode}`).boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await shot(page, 'picking-list');
  // The page fits the phone in one column, the shell's header too (icons only): nothing scrolls sideways.
  expect(await page.locator('#main-content').evaluate((el) => el.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A keyboard-wedge scanner types the code and Enter into the focused field.
  const scanField = page.getByTestId('picking-scan');
  await expect.poll(() => scanField.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(first.takeCode);
  await page.keyboard.press('Enter');
  const sheet = page.locator('.ant-drawer-section', { hasText: first.takeCode });
  await sheet.waitFor();
  await sheet.getByLabel('实付单价').fill('40');
  await shot(page, 'picking-sheet');
  await sheet.getByRole('button', { name: /^已\s*拿$/ }).click();
  await page.getByText('已标记 1 件：卖家需补款 ¥1.50，佣金 ¥0.50').waitFor();
  await page.getByTestId(`pick-item-${first.takeCode}`).getByText('已拿').waitFor();

  // The second by typing too, marked out of stock.
  await scanField.fill(second.takeCode);
  await scanField.press('Enter');
  const sheet2 = page.locator('.ant-drawer-section', { hasText: second.takeCode });
  await sheet2.waitFor();
  await sheet2.getByRole('button', { name: /^缺\s*货$/ }).click();
  await page.getByText('已标记 1 件：退卖家货款 ¥38.50').waitFor();
  await page.getByTestId(`pick-item-${second.takeCode}`).getByText('缺货').waitFor();
  await shot(page, 'picking-done');
  await context.close();

  // The seller: the refund among the balance entries, the replenish request waiting for payment.
  const sp = sellerWindow.page;
  await sp.goto(h.url('www', '/funds/balance'));
  await sp.locator('tr', { hasText: second.orderNo }).filter({ hasText: '退款' }).getByRole('cell', { name: '+38.50' }).waitFor();
  await sp.goto(h.url('www', '/funds/transferRecord?tab=replenish'));
  await sp.getByText(/实付¥40\.00 ×1/).waitFor();
  await sp
    .getByRole('tab', { name: /待付款补款/ })
    .getByText('3')
    .waitFor();
  await shot(sp, 'picking-seller-replenish');
  await sellerWindow.context.close();
});
