/**
 * The workbench (/home) and 物流查询 (/expressMsg): the seller's and the purchaser's workbench render
 * their to-do cards and the 7-day chart (a canvas); a card opens its list filtered; a shipped order's
 * waybill shows its timeline; at 390×844 (a phone) /home and /expressMsg do not scroll sideways.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callers, fund, orgOf } from '../../server/test/funds-payments-support';
import { login } from '../../server/test/helpers';
import { paidOrder, tookAll, WAREHOUSE, type WarehouseWorld } from '../../server/test/warehouse-support';
import { type Harness, settleOverlays, signIn, startHarness } from './harness';

let h: Harness;
// Per try, not per file: a retried test starts again on a fresh server.
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

async function worldOf(harness: Harness): Promise<WarehouseWorld> {
  const t = { app: harness.serving.app, database: harness.serving.database, config: harness.serving.app.initialConfig as never, close: async () => {} };
  const seller = await login(t.app, 'demo_seller');
  const purchaser = await login(t.app, 'demo_purchaser');
  const db = t.database.db;
  const sellerOrg = await orgOf(db, seller);
  await fund(db, sellerOrg, 1_000_000);
  return { t, seller, purchaser, sellerOrg, purchaserOrg: await orgOf(db, purchaser), ...callers(() => t) };
}

it('seller and purchaser workbench: cards and chart; 待付款订单 opens the filtered list; /expressMsg shows the timeline', async () => {
  const w = await worldOf(h);
  expect((await w.post('/api/b2/purchaser/warehouse/setting', w.purchaser, WAREHOUSE)).errorCode).toBe(0);
  const o = await paidOrder(w);
  await tookAll(w.t.database.db, o.codes);
  const shipped = await w.post<{ waybill: { trackingNo: string } }>('/api/b2/purchaser/warehouse/scan', w.purchaser, { takeCode: o.codes[0] });
  expect(shipped.errorCode, shipped.errorMsg).toBe(0);
  const trackingNo = shipped.data.waybill.trackingNo;

  const { page } = await h.newPage();
  await signIn(page, h.url('www'), 'demo_seller', 'seller');
  await settleOverlays(page);
  await page.goto(h.url('www', '/home'));
  await page.getByRole('heading', { name: '今日待办' }).waitFor();
  for (const title of ['待付款订单', '待补款', '即将超期的问题件', '物流异常']) await page.getByText(title, { exact: true }).first().waitFor();
  await page.locator('[data-testid="week-chart"] canvas').waitFor();
  await page.getByRole('link', { name: /^待付款订单：/ }).click();
  await page.waitForURL(/\/order\/daifaOrderList\?status=WAITING_PAYMENT/);
  await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toContain('待付款');

  await page.goto(h.url('www', `/expressMsg?no=${trackingNo}`));
  await page.getByTestId('trace-timeline').waitFor();
  await page.getByText('快件已由业务员揽收').first().waitFor();
  await page.getByText(o.orderNo).waitFor();

  const purchaserPage = (await h.newPage()).page;
  await signIn(purchaserPage, h.url('www'), 'demo_purchaser', 'purchaser');
  await settleOverlays(purchaserPage);
  await purchaserPage.goto(h.url('www', '/home'));
  for (const title of ['待分配', '拿货中', '今日拿货']) await purchaserPage.getByText(title, { exact: true }).first().waitFor();
  await purchaserPage.locator('[data-testid="week-chart"] canvas').waitFor();
});

/** The page's own horizontal overflow in px (a wide table may scroll inside itself, not the page). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

it("at 390×844 the seller's and the purchaser's /home and /expressMsg (and its list of problems) fit the phone", async () => {
  const phone = { viewport: { width: 390, height: 844 } };
  const wide: string[] = [];
  for (const [user, kind, paths] of [
    ['demo_seller', 'seller', ['/home', '/expressMsg', '/expressMsg?problems=1']],
    ['demo_purchaser', 'purchaser', ['/home', '/expressMsg', '/expressMsg?problems=1']],
  ] as const) {
    const { context, page } = await h.newPage(phone);
    await signIn(page, h.url('www'), user, kind);
    await settleOverlays(page);
    for (const p of paths) {
      await page.goto(h.url('www', p));
      if (p === '/home') await page.locator('[data-testid="week-chart"] canvas').waitFor();
      else await page.getByRole('heading', { name: '物流查询' }).waitFor();
      const px = await overflow(page);
      if (px > 0) wide.push(`${user} ${p} +${px}px`);
    }
    await context.close();
  }
  expect(wide).toEqual([]);
});
