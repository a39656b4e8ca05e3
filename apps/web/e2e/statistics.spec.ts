/**
 * 拿货统计 in Chromium: demo_seller pays the demo's waiting order (its take items count in the
 * rollup as they are created); demo_purchaser opens the page split by market area over the last 30 days,
 * the chart draws, the table shows the items with totals, the export downloads the same table, and a row's
 * 查看订单 opens the assignment list filtered to that row's days and area.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, settleOverlays, signIn, startHarness } from './harness';
import { PAY_PASSWORD, setUpMoney } from './money';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('statistics in Chromium', () => {
  it('拿货统计: table with totals, Excel export, drill-down to the listed items', async () => {
    const sellerWindow = await h.newPage();
    await signIn(sellerWindow.page, h.url('www'), 'demo_seller', 'seller');
    await settleOverlays(sellerWindow.page);
    await setUpMoney(h, sellerWindow.page);
    await sellerWindow.context.close();
    const seller = await h.apiSession('demo_seller', 'seller');
    const orders = await seller.post<{ list: { id: number; status: string }[] }>('/api/b2/post/orders/page', { pageNo: 1, pageSize: 20 });
    const waiting = orders.list.find((o) => o.status === 'WAITING_PAYMENT');
    if (!waiting) throw new Error('no waiting order in the demo');
    await seller.post('/api/b2/post/orders/pay', {
      orderIds: [waiting.id],
      payMethod: 'BALANCE',
      payPassword: PAY_PASSWORD,
      requestKey: `stats-e2e-${Date.now()}`,
    });

    const { context, page } = await h.newPage();
    await signIn(page, h.url('www'), 'demo_purchaser', 'purchaser');
    await page.goto(h.url('www', '/statistics/orderTakeStatistics?split=MARKET_AREA'));
    await settleOverlays(page);
    await page.getByRole('heading', { name: '拿货统计' }).waitFor();
    const rows = page.locator('.ant-table tbody tr.ant-table-row');
    await rows.first().waitFor();
    await page.getByText('下单件数').first().waitFor();
    // The chart (ECharts, loaded on demand) draws on a canvas.
    await page.getByTestId('statistics-chart').locator('canvas').first().waitFor();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: /导出Excel/ }).click();
    expect((await downloading).suggestedFilename()).toMatch(/^拿货统计.*\.xlsx$/);

    const first = rows.first();
    const area = (await first.locator('td').nth(1).textContent()) ?? '';
    await first.getByRole('link', { name: '查看订单' }).click();
    await page.waitForURL(/\/offlineReturnOrder\/pickup\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('createdFrom')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (area && area !== '（未填）') expect(url.searchParams.get('marketArea')).toBe(area);
    await context.close();
  });
});
