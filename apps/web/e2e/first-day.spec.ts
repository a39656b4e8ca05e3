/**
 * A new user's first day, as the README's loop walks it: the picker lands on its workbench, the
 * picker's and the warehouse's pages fit a 390 px phone, 代发订单 keeps 状态 and 实付 in view at
 * 1280 px (and 店铺授权 its sync result, 商品关联 its 关联 button), 店铺订单 and 商品关联 show goods
 * thumbnails that open a preview, and a first visit meets at most one dialog. Every menu entry of
 * every demo account opening without a refusal is first-day-menus.spec.ts (a file of its own, so the
 * two run on two browser workers at once): the four assertions of a first day are in the two files.
 * whole-loop.spec.ts walks the loop itself (seller at 1440×900, picker at 390×844). Screenshots of
 * each step go to test-results/first-day/ (gitignored), kept as the run's artifacts.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondSeller, PASSWORD } from '../../server/test/support';
import { pageShown, snap } from './first-day-walk';
import { type Harness, settleOverlays, signIn, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** The width of the picture a thumbnail loaded (0 until it has; antd's Image may wrap the img). */
const loadedWidth = (el: Element) => (el instanceof HTMLImageElement ? el : el.querySelector('img'))?.naturalWidth ?? 0;

/** The page's own horizontal overflow in px (a wide table scrolls inside itself, not the page). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const PHONE = { width: 390, height: 844 };
/** The warehouse's pages a purchaser's staff open on a phone. */
const WAREHOUSE_PAGES = [
  '/offlineReturnOrder/pickup',
  '/offlineReturnOrder/offlineReturnOrderList',
  '/offlineReturnOrder/returnRegistration',
  '/offlineReturnOrder/headlessParcels',
  '/print/scanPrint',
  '/print/printDelivery',
  '/home',
];

describe("the picker's and the warehouse's part at 390×844", () => {
  it('the picker lands on its workbench, with the menu in a drawer, and nothing scrolls sideways', async () => {
    const { context, page } = await h.newPage({ viewport: PHONE });
    await signIn(page, h.url('www'), 'demo_picker', 'purchaser');
    await page.waitForURL('**/picker');
    await page.getByRole('heading', { name: '拿货员工作台' }).waitFor();
    await settleOverlays(page);
    await snap(page, 'phone-picker-workbench');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.getByTestId('menu-drawer-button').click();
    await page.getByTestId('menu-drawer').getByText('线下拿退货').waitFor();
    await snap(page, 'phone-picker-menu');
    await context.close();
  });

  it("the warehouse's pages fit the phone", async () => {
    const { context, page } = await h.newPage({ viewport: PHONE });
    await signIn(page, h.url('www'), 'demo_purchaser', 'purchaser');
    await settleOverlays(page);
    expect(await page.getByTestId('left-menu').count()).toBe(0);
    const wide: string[] = [];
    for (const p of WAREHOUSE_PAGES) {
      await page.goto(h.url('www', p));
      await pageShown(page);
      const px = await overflow(page);
      if (px > 0) wide.push(`${p} +${px}px`);
      await snap(page, `phone-purchaser-${p.replace(/\//g, '_')}`);
    }
    expect(wide).toEqual([]);
    await context.close();
  });
});

describe('the seller’s lists at 1280×800', () => {
  it('代发订单 keeps 状态 and 实付 in view; 店铺订单 has status tabs with counts and the ways to 订单导入 and 异常订单', async () => {
    const { context, page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, h.url('www'), 'demo_seller', 'seller', '/order/daifaOrderList');
    await settleOverlays(page);
    await page.locator('.ant-table-row').first().waitFor();
    await settleOverlays(page);
    // In view: left of the fixed 操作 column, which sits at the table's right edge.
    const actions = await page.getByRole('columnheader', { name: '操作', exact: true }).first().boundingBox();
    for (const title of ['状态', '实付（元）']) {
      const box = await page.getByRole('columnheader', { name: title, exact: true }).first().boundingBox();
      expect(box, title).not.toBeNull();
      expect((box?.x ?? 9999) + (box?.width ?? 0), title).toBeLessThanOrEqual((actions?.x ?? 0) + 1);
    }
    await snap(page, 'seller-1280-dropship-orders');
    await page.goto(h.url('www', '/order/orderList'));
    await page.getByRole('tab', { name: /待发货（\d+）/ }).waitFor();
    await page.getByRole('link', { name: '订单导入' }).waitFor();
    await page.getByRole('link', { name: '异常订单' }).waitFor();
    await snap(page, 'seller-1280-shop-orders');
    await context.close();
  });

  it('店铺授权 shows the sync result and 商品关联 its 关联 button in view; 店铺订单 and 商品关联 show goods thumbnails that open a preview', async () => {
    const { context, page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, h.url('www'), 'demo_seller', 'seller');
    await settleOverlays(page);
    const inView = async (box: { x: number; width: number } | null, what: string) => {
      expect(box, what).not.toBeNull();
      expect((box?.x ?? 9999) + (box?.width ?? 0), what).toBeLessThanOrEqual(1280);
    };

    await page.goto(h.url('www', '/basicSet/shopAuthorization'));
    const sync = page.locator('[data-testid^="sync-"]').first();
    await sync.waitFor();
    await settleOverlays(page);
    // Left of the fixed 操作 column, so nothing covers it.
    const op = await page.getByRole('columnheader', { name: '操作', exact: true }).first().boundingBox();
    const syncBox = await sync.boundingBox();
    await inView(syncBox, '订单同步');
    expect((syncBox?.x ?? 9999) + (syncBox?.width ?? 0)).toBeLessThanOrEqual((op?.x ?? 0) + 1);
    await snap(page, 'seller-1280-shops');

    // 店铺订单: the demo's lines carry the emulator's pictures; one opens antd's preview.
    await page.goto(h.url('www', '/order/orderList'));
    const thumb = page.getByTestId('goods-thumb').first();
    await thumb.waitFor();
    await expect.poll(() => thumb.evaluate(loadedWidth)).toBeGreaterThan(0);
    await thumb.click();
    await page.locator('.ant-image-preview').first().waitFor();
    await snap(page, 'seller-1280-shop-orders-preview');
    await page.keyboard.press('Escape');
    await page.locator('.ant-image-preview').first().waitFor({ state: 'hidden' });

    // 商品关联: the same thumbnails, and 关联 in view at 1280 px (the seeded jacket: unlinked, with a picture).
    await page.goto(h.url('www', '/goods/association?linked=UNLINKED&keyword=680012345603'));
    await page.locator('.ant-table-row').first().waitFor();
    await settleOverlays(page);
    await inView(await page.locator('.ant-table-row').first().getByRole('button', { name: '关联' }).boundingBox(), '关联');
    const linkThumb = page.getByTestId('goods-thumb').first();
    await expect.poll(() => linkThumb.evaluate(loadedWidth)).toBeGreaterThan(0);
    await linkThumb.click();
    await page.locator('.ant-image-preview').first().waitFor();
    await snap(page, 'seller-1280-association-preview');
    await context.close();
  });
});

describe('placing without leaving the place page (1440×900)', () => {
  it('links goods in a drawer over the page and fills the receiver from a pasted text', async () => {
    const { context, page } = await h.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, h.url('www'), 'demo_seller', 'seller', '/order/orderList?dropshipStatus=UNPLACED');
    await settleOverlays(page);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await page.locator('.ant-table-thead input[type=checkbox]').check();
    await page.getByRole('button', { name: /批量代发下单/ }).click();
    await page.waitForURL(/\/order\/placeOrder\?shopOrderIds=/);
    const place = page.url();
    await page.getByTestId('place-order-card').first().waitFor();
    await snap(page, 'seller-place-order');
    // A line without linked goods: its fix opens over the page, which stays where it is.
    const fix = page.getByRole('button', { name: '关联商品' }).first();
    if (await fix.count()) {
      // Not ticked, and the summary says why: 已选 m / n 个订单（k 单需先处理）.
      expect(await page.getByTestId('place-blocked').textContent()).toMatch(/（\d+ 单需先处理）/);
      await fix.click();
      await page.locator('.ant-drawer-open .ant-drawer-title', { hasText: '异常订单' }).waitFor();
      await snap(page, 'seller-place-link-drawer');
      expect(page.url()).toBe(place);
      await page.locator('.ant-drawer-open .ant-drawer-close').click();
    }
    await page.getByTestId('place-order-card').first().getByRole('button', { name: '修改' }).click();
    const dialog = page.getByRole('dialog', { name: '修改收货信息' });
    await dialog.getByLabel('粘贴收货信息').fill('张三，13800138000，浙江省杭州市西湖区文三路100号');
    await dialog.getByRole('button', { name: '智能识别' }).click();
    await expect.poll(() => dialog.getByLabel('收货人').inputValue()).toBe('张三');
    expect(await dialog.getByLabel('手机号').inputValue()).toBe('13800138000');
    expect(await dialog.getByLabel('详细地址').inputValue()).toBe('文三路100号');
    await dialog.getByText('浙江省 / 杭州市 / 西湖区').waitFor();
    await snap(page, 'seller-place-recognize');
    await context.close();
  });
});

describe('a first visit', () => {
  it('meets at most one dialog at a time (demo_seller at 1440×900)', async () => {
    const { context, page } = await h.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, h.url('www'), 'demo_seller', 'seller');
    // Sampled while the shell opens what it opens on its own (the shop-expiry dialog, tours, popups).
    let most = 0;
    for (let i = 0; i < 20; i++) {
      const open = await page.locator('.ant-modal-wrap:visible, .ant-tour:visible').count();
      most = Math.max(most, open);
      if (open > 0 && i % 5 === 0) await snap(page, `first-visit-${i}`);
      await page.waitForTimeout(150);
    }
    expect(most).toBeLessThanOrEqual(1);
    await settleOverlays(page);
    await context.close();
  });

  it('a brand-new seller meets no tour about the old menu, and one dialog at a time', async () => {
    // Created today, with a shop about to expire: the expiry dialog applies, the 2025-01-09 tours do not.
    const fresh = await createSecondSeller(h.serving.database.db, 'firstvisit');
    const { context, page } = await h.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(h.url('www', '/login'));
    const pane = page.getByRole('tabpanel');
    await pane.getByLabel('账号').fill(fresh.username);
    await pane.getByLabel('密码').fill(PASSWORD);
    await pane.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL('**/home');
    const overlays = page.locator('.ant-modal-wrap:visible, .ant-tour:visible');
    const tours = page.locator('.ant-tour:visible', { hasText: /菜单调整|已迁移/ });
    const expiry = page.locator('.ant-modal-wrap:visible .ant-modal', { hasText: '店铺授权到期提醒' });
    await expiry.waitFor();
    await snap(page, 'first-visit-new-seller');
    let most = 0;
    let toured = 0;
    // Before and after the one dialog closes: nothing else stacks on it, and no tour follows it.
    for (let i = 0; i < 40; i++) {
      if (i === 10) await expiry.locator('.ant-modal-footer button').first().click();
      most = Math.max(most, await overlays.count());
      toured += await tours.count();
      await page.waitForTimeout(150);
    }
    expect(most).toBe(1);
    expect(toured).toBe(0);
    await context.close();
  });
});
