/**
 * 拿货统计 in Chromium: demo_seller pays the demo's waiting order (its take items count in the
 * rollup as they are created); demo_purchaser opens the page split by market area over the last 30 days,
 * the chart draws, the table shows the items with totals, the export downloads the same table, and a row's
 * 查看订单 opens the assignment list filtered to that row's days and area. Then 退货统计: the seller's
 * refund of a line shows in the table split by reason, with the chart and the export. Then 店铺拿退货统计
 * on a phone's width: the order's shop, the chart, the export, 查看订单 to the shop's orders. Then the
 * seller's shop splits: 拿货统计 by 店铺 shows the order's shop with the shop picker, and 店铺拿退货统计
 * by 平台 drills down to 代发订单 with its 平台 filter set.
 */
import { CHANNEL_NAMES, type Channel } from '@dropship/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dropshipOrderItems, dropshipOrders } from '../../server/src/modules/dropship-orders/dropship-orders.table';
import { type Harness, settleOverlays, signIn, startHarness } from './harness';
import { PAY_PASSWORD, setUpMoney } from './money';

// A server per try: a retry must not meet the first try's pay password and paid orders.
let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

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

    // 退货统计: the seller refunds a line of the order just paid (仅退款 before shipping), then opens
    // the page split by reason: the chart draws, the row counts the after-sale, the export downloads.
    const [line] = await h.serving.database.db.select().from(dropshipOrderItems).where(eq(dropshipOrderItems.orderId, waiting.id));
    if (!line) throw new Error('no line on the paid order');
    await seller.post('/api/b2/aftersale/orders/apply', {
      orderId: waiting.id,
      kind: 'REFUND_ONLY',
      lines: [{ itemId: line.id, quantity: line.quantity }],
      reason: '买家不想要了',
      requestKey: `stats-return-e2e-${Date.now()}`,
    });
    const returns = await h.newPage();
    await signIn(returns.page, h.url('www'), 'demo_seller', 'seller');
    await returns.page.goto(h.url('www', '/statistics/takeReturn?split=REASON'));
    await settleOverlays(returns.page);
    await returns.page.getByRole('heading', { name: '退货统计' }).waitFor();
    const returnRow = returns.page.locator('.ant-table tbody tr.ant-table-row').filter({ hasText: '买家不想要了' }).first();
    await returnRow.waitFor();
    expect(Number(await returnRow.locator('td').nth(2).textContent())).toBeGreaterThan(0);
    await returns.page.getByTestId('statistics-chart').locator('canvas').first().waitFor();
    const returnExport = returns.page.waitForEvent('download');
    await returns.page.getByRole('button', { name: /导出Excel/ }).click();
    expect((await returnExport).suggestedFilename()).toMatch(/^退货统计.*\.xlsx$/);

    // 店铺拿退货统计, on a phone's width: the paid order's shop has a row, the chart draws, the
    // export downloads, and 查看订单 opens the order list filtered to the row's days and shop.
    const [order] = await h.serving.database.db.select().from(dropshipOrders).where(eq(dropshipOrders.id, waiting.id));
    if (!order?.shopName) throw new Error('the paid order has no shop');
    await returns.page.setViewportSize({ width: 390, height: 844 });
    await returns.page.goto(h.url('www', '/statistics/shopTakeReturn'));
    await returns.page.getByRole('heading', { name: '店铺拿退货统计' }).waitFor();
    const shopRow = returns.page.locator('.ant-table tbody tr.ant-table-row').filter({ hasText: order.shopName }).first();
    await shopRow.waitFor();
    await returns.page.getByTestId('statistics-chart').locator('canvas').first().waitFor();
    expect(await returns.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const shopExport = returns.page.waitForEvent('download');
    await returns.page.getByRole('button', { name: /导出Excel/ }).click();
    expect((await shopExport).suggestedFilename()).toMatch(/^店铺拿退货统计.*\.xlsx$/);
    await shopRow.getByRole('link', { name: '查看订单' }).click();
    await returns.page.waitForURL(/\/order\/daifaOrderList\?/);
    const listUrl = new URL(returns.page.url());
    expect(listUrl.searchParams.get('shopId')).toBe(String(order.shopId));
    expect(listUrl.searchParams.get('createdFrom')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // 拿货统计 by 店铺 (the seller's split, from the shop grain): the order's shop has a row, the shop picker shows.
    await returns.page.setViewportSize({ width: 1280, height: 900 });
    await returns.page.goto(h.url('www', '/statistics/orderTakeStatistics?split=SHOP'));
    await returns.page.getByRole('heading', { name: '拿货统计' }).waitFor();
    await returns.page.getByRole('combobox', { name: '店铺' }).waitFor();
    await returns.page.locator('.ant-table tbody tr.ant-table-row').filter({ hasText: order.shopName }).first().waitFor();

    // 店铺拿退货统计 by 平台: the row's 查看订单 opens 代发订单 with the platform filter set.
    const channel = order.channel as Channel;
    await returns.page.goto(h.url('www', '/statistics/shopTakeReturn?split=CHANNEL'));
    const channelRow = returns.page.locator('.ant-table tbody tr.ant-table-row').filter({ hasText: CHANNEL_NAMES[channel] }).first();
    await channelRow.getByRole('link', { name: '查看订单' }).click();
    await returns.page.waitForURL(/\/order\/daifaOrderList\?/);
    expect(new URL(returns.page.url()).searchParams.get('channel')).toBe(channel);
    await returns.page.locator('.ant-form-item').filter({ hasText: '平台' }).getByText(CHANNEL_NAMES[channel]).waitFor();
    await returns.context.close();
  });
});
