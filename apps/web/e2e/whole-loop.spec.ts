/**
 * The whole loop in Chromium, as the README's "The whole loop in the demo" walks it, both sides
 * against one real server at 1440×900: the seller sets a pay password and recharges on 资产 →
 * 充值提现 through the Alipay emulator's cashier, imports a PDD export of two orders, links their SKU to a stall by hand, places both as dropship orders and pays them
 * from the balance; the purchaser sees the take items with their pick-up codes and assigns one to
 * demo_picker, who marks it 已拿 on a phone-sized window; the warehouse scans its code and the order
 * ships with a waybill; the seller sees it delivered with the tracking number, cancels the other
 * order and finds its refund among the balance entries. A screenshot of each step (the picker's at
 * 390×844) goes to test-results/whole-loop/ (gitignored), kept as the run's artifacts.
 * first-day.spec.ts asserts the rest of a first day: no refusal from any menu entry of any demo
 * account, no sideways scroll on the picker's and the warehouse's pages at 390 px, 状态 and 实付 in
 * view on 代发订单 at 1280 px, thumbnails with a preview, and at most one dialog on a first visit.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csv, PDD_HEADERS, pddRow, sampleOrder } from '../../server/test/order-import-fixtures';
import { type Harness, keepScreenshot, settleOverlays, signIn, startHarness } from './harness';
import { PAY_PASSWORD, rechargeOnCashier, setPayPassword } from './money';

let h: Harness;
// Per try, not per file: a retried test (a page crash on a loaded machine) starts again on a fresh
// server, not on the data its failed try left (a pay password already set, an order already paid).
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
let step = 0;
/** One screenshot per step, numbered in the loop's order. */
const snap = (page: Page, name: string) => keepScreenshot(page, 'whole-loop', `${String(++step).padStart(2, '0')}-${name}`);

/** README step 1's money: a pay password, then 资产 → 充值提现 from the menu and 支付 on the emulator's cashier. */
async function setUpMoneyAsTheReadme(page: Page) {
  await setPayPassword(h, page);
  await snap(page, 'seller-pay-password');
  const menu = page.getByTestId('left-menu');
  const funds = menu.locator('.ant-menu-submenu-title', { hasText: '资产' });
  if ((await funds.getAttribute('aria-expanded')) !== 'true') await funds.click();
  await menu.getByRole('link', { name: '充值提现' }).click();
  await page.waitForURL('**/funds/rechargeWithdraw');
  await snap(page, 'seller-recharge');
  await rechargeOnCashier(page, 200);
  await snap(page, 'seller-balance-after-recharge');
}

const OUTER_CODE = 'LOOP-J7701';
const SPEC = '颜色:浅蓝;尺码:均码';

async function importOrders(page: Page) {
  const orders = [0, 1].map((i) => ({ ...sampleOrder(i, 'LOOP'), outerCode: OUTER_CODE, spec: SPEC, quantity: 1, title: '宽松牛仔外套闭环款' }));
  await page.goto(h.url('www', '/order/intelligentImport'));
  await page.getByLabel('导入到店铺').click();
  await page.locator('.ant-select-item-option', { hasText: '小美拼多多专营店（拼多多）' }).click();
  await page
    .locator('.ant-upload-drag input[type=file]')
    .setInputFiles({ name: '闭环订单.csv', mimeType: 'text/csv', buffer: csv(PDD_HEADERS, orders.map(pddRow)) });
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByRole('button', { name: '生成预览' }).click();
  await page.getByRole('button', { name: '确认导入 2 单' }).click({ timeout: 60_000 });
  await page.getByText('导入完成').waitFor({ timeout: 60_000 });
  await snap(page, 'seller-imported');
  return orders.map((o) => o.orderNo);
}

async function linkByHand(page: Page) {
  await page.goto(h.url('www', `/goods/association?linked=UNLINKED&keyword=${OUTER_CODE}`));
  await page.locator('.ant-table-row', { hasText: '宽松牛仔外套闭环款' }).getByRole('button', { name: '关联' }).click();
  const dialog = page.getByRole('dialog', { name: '关联商品' });
  await dialog.locator('.ant-select').first().click();
  await page.locator('.ant-select-item-option', { hasText: '衣品轩（XZG3312）' }).click();
  await dialog.getByLabel('货号').fill('J7701');
  expect(await dialog.getByLabel('颜色').inputValue()).toBe('浅蓝');
  await dialog.getByLabel('成本价（元）').fill('50');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await page.getByText('关联已保存').waitFor();
  await snap(page, 'seller-linked');
}

async function placeAndPay(page: Page): Promise<string[]> {
  await page.goto(h.url('www', `/order/orderList?sku=${OUTER_CODE}`));
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
  await page.locator('.ant-table-thead input[type=checkbox]').check();
  await page.getByRole('button', { name: /批量代发下单/ }).click();
  await page.waitForURL(/\/order\/placeOrder\?shopOrderIds=/);
  await expect.poll(() => page.getByTestId('place-order-card').count(), { timeout: 15_000 }).toBe(2);
  await expect.poll(() => page.getByRole('button', { name: '提交订单' }).isEnabled(), { timeout: 15_000 }).toBe(true);
  await snap(page, 'seller-place');
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.getByText(/已提交 2 个代发订单/).waitFor();
  await snap(page, 'seller-submitted');
  const orderNos = ((await page.locator('.ant-result-subtitle').textContent()) ?? '').split('、');
  expect(orderNos).toHaveLength(2);
  await page.getByRole('button', { name: '去支付' }).click();
  await page.getByLabel('支付密码').fill(PAY_PASSWORD);
  await page.getByRole('button', { name: /确认支付/ }).click();
  await page.getByText(/支付成功/).waitFor();
  await page.waitForURL('**/order/daifaOrderList');
  await snap(page, 'seller-paid');
  return orderNos;
}

describe('the whole loop in Chromium', () => {
  it('import, link, place, pay; assign, pick on a phone, scan and ship; delivered with tracking; cancel the other and see its refund', async () => {
    step = 0;
    const seller = await h.newPage({ viewport: DESKTOP });
    const page = seller.page;
    await signIn(page, h.url('www'), 'demo_seller', 'seller');
    await settleOverlays(page);
    await setUpMoneyAsTheReadme(page);
    await importOrders(page);
    await linkByHand(page);
    const [kept, canceled] = (await placeAndPay(page)) as [string, string];

    // The purchaser's pick-up list shows both orders' take items, at the linked stall, with their codes.
    const purchaser = await h.newPage({ viewport: DESKTOP });
    const pp = purchaser.page;
    await signIn(pp, h.url('www'), 'demo_purchaser', 'purchaser');
    await settleOverlays(pp);
    await pp.goto(h.url('www', `/offlineReturnOrder/pickup?stallName=${encodeURIComponent('衣品轩')}`));
    for (const orderNo of [kept, canceled])
      await pp
        .locator('tr', { hasText: orderNo })
        .getByText(/^\d{12}$/)
        .waitFor();
    await snap(pp, 'purchaser-pickup-list');
    const keptCode = (
      (await pp
        .locator('tr', { hasText: kept })
        .getByText(/^\d{12}$/)
        .textContent()) ?? ''
    ).trim();

    // It assigns the kept order's item to demo_picker.
    await pp.getByLabel(`选择拿货项${keptCode}`).check();
    await pp.getByRole('button', { name: '分配拿货员（1）' }).click();
    const dialog = pp.getByRole('dialog', { name: '分配 1 个拿货项' });
    await dialog.getByLabel('选择拿货员').click();
    await pp.locator('.ant-select-item-option', { hasText: 'demo_picker' }).first().click();
    await dialog.getByRole('button', { name: '确定分配' }).click();
    await pp.getByText('已分配 1 个拿货项').waitFor();
    await snap(pp, 'purchaser-assigned');

    // demo_picker, on a phone, scans the code and marks the item 已拿 at the cost price.
    const picker = await h.newPage({ viewport: PHONE });
    await signIn(picker.page, h.url('www'), 'demo_picker', 'purchaser', '/picker');
    await settleOverlays(picker.page);
    await picker.page.getByTestId(`pick-item-${keptCode}`).waitFor();
    await snap(picker.page, 'picker-workbench');
    const scanField = picker.page.getByTestId('picking-scan');
    await scanField.fill(keptCode);
    await scanField.press('Enter');
    const sheet = picker.page.locator('.ant-drawer-section', { hasText: keptCode });
    await sheet.getByLabel('实付单价').fill('50');
    await snap(picker.page, 'picker-scanned');
    await sheet.getByRole('button', { name: /^已\s*拿$/ }).click();
    await picker.page.getByTestId(`pick-item-${keptCode}`).getByText('已拿').waitFor();
    await snap(picker.page, 'picker-taken');
    await picker.context.close();

    // The warehouse scans it in: a one-item order ships at once with its waybill.
    await pp.goto(h.url('www', '/print/scanPrint'));
    await pp.getByRole('checkbox', { name: '发货后自动打印面单' }).uncheck();
    await pp.getByLabel('拿货码').focus();
    await pp.keyboard.type(keptCode);
    await pp.keyboard.press('Enter');
    const result = pp.getByTestId('scan-result');
    await expect.poll(() => result.getAttribute('data-outcome'), { timeout: 20_000 }).toBe('SHIPPED');
    const tracking = /已发货：\S+ ([A-Z0-9]{10,})/.exec((await result.textContent()) ?? '')?.[1];
    expect(tracking).toBeDefined();
    await snap(pp, 'warehouse-shipped');
    await purchaser.context.close();

    // The seller sees the order delivered with that tracking number.
    await page.goto(h.url('www', `/order/daifaOrderList?orderNo=${kept}`));
    await page.locator('tr', { hasText: kept }).getByRole('link', { name: '详情' }).click();
    await page
      .getByText(tracking as string)
      .first()
      .waitFor();
    await page.locator('.ant-tag', { hasText: '已发货' }).first().waitFor();
    await snap(page, 'seller-shipped');

    // The seller cancels one order before pick-up: its money goes back to the balance.
    await page.goto(h.url('www', `/order/daifaOrderList?orderNo=${canceled}`));
    await page.locator('tr', { hasText: canceled }).getByRole('link', { name: '详情' }).click();
    await page.getByRole('button', { name: '取消订单' }).click();
    await page.getByRole('button', { name: '确认取消' }).click();
    await page.getByText(/已取消，¥[\d.]+ 已退回余额/).waitFor();
    await page.goto(h.url('www', '/funds/balance'));
    await page.locator('tr', { hasText: canceled }).filter({ hasText: '退款' }).waitFor();
    await snap(page, 'seller-refunded');

    await seller.context.close();
  });
});
