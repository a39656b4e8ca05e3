/**
 * 利润统计 in Chromium, on a phone's width: demo_seller pays the demo's waiting order, opens the 利润
 * tab of 店铺拿退货统计 with the shop picker set to the order's shop (the address's shopIds), sees only
 * that shop's rows with a profit figure and the chart, exports the table,
 * opens the shop's orders (查看订单: a drawer with the paid order) and exports them as .xlsx.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dropshipOrders } from '../../server/src/modules/dropship-orders/dropship-orders.table';
import { type Harness, settleOverlays, signIn, startHarness } from './harness';
import { PAY_PASSWORD, setUpMoney } from './money';

// A server per try: a retry must not meet the first try's pay password and paid order.
let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

describe('利润统计 in Chromium', () => {
  it('the shop row with its profit, the export, 查看订单 with the per-order table and its export', async () => {
    const { context, page } = await h.newPage();
    await signIn(page, h.url('www'), 'demo_seller', 'seller');
    await settleOverlays(page);
    await setUpMoney(h, page);
    const seller = await h.apiSession('demo_seller', 'seller');
    const orders = await seller.post<{ list: { id: number; status: string }[] }>('/api/b2/post/orders/page', { pageNo: 1, pageSize: 20 });
    const waiting = orders.list.find((o) => o.status === 'WAITING_PAYMENT');
    if (!waiting) throw new Error('no waiting order in the demo');
    await seller.post('/api/b2/post/orders/pay', {
      orderIds: [waiting.id],
      payMethod: 'BALANCE',
      payPassword: PAY_PASSWORD,
      requestKey: `profit-e2e-${Date.now()}`,
    });
    const [order] = await h.serving.database.db.select().from(dropshipOrders).where(eq(dropshipOrders.id, waiting.id));
    if (!order?.shopName) throw new Error('the paid order has no shop');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(h.url('www', `/statistics/shopTakeReturn?tab=profit&shopIds=${order.shopId}`));
    await page.getByRole('heading', { name: '店铺拿退货统计' }).waitFor();
    await page.getByRole('tab', { name: '利润', selected: true }).waitFor();
    const shopRow = page.locator('.ant-table tbody tr.ant-table-row').filter({ hasText: order.shopName }).first();
    await shopRow.waitFor();
    const rows = page.locator('.ant-table tbody tr.ant-table-row');
    expect(await rows.count()).toBe(await rows.filter({ hasText: order.shopName }).count());
    // The profit column (9th) shows a yuan figure.
    expect(await shopRow.locator('td').nth(8).textContent()).toMatch(/^¥-?\d+\.\d{2}$/);
    await page.getByTestId('profit-chart').locator('canvas').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const tableExport = page.waitForEvent('download');
    await page
      .getByRole('button', { name: /导出Excel/ })
      .first()
      .click();
    expect((await tableExport).suggestedFilename()).toMatch(/^利润统计.*\.xlsx$/);

    await shopRow.getByRole('button', { name: '查看订单' }).click();
    const drawer = page.getByRole('dialog', { name: /订单利润/ });
    await drawer.getByText(order.orderNo).waitFor();
    expect(new URL(page.url()).searchParams.get('orders')).toBe(String(order.shopId));
    const ordersExport = page.waitForEvent('download');
    await drawer.getByRole('button', { name: /导出Excel/ }).click();
    expect((await ordersExport).suggestedFilename()).toMatch(/^订单利润明细.*\.xlsx$/);
    await context.close();
  });
});
