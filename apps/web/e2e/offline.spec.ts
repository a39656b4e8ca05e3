/**
 * Offline returns in Chromium against the real server: demo_seller creates an offline return order
 * with a waybill number; demo_purchaser scans the waybill on 退货登记 (keyboard-wedge field + Enter),
 * assigns the line to a picker on 退货入库分配 and marks it refunded by the stall; the seller finds
 * the refund (less the service fee) among the balance entries on /funds/balance.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Harness, settleOverlays, shot, signIn, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

async function pickFirstOption(page: Page, label: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
}

it('seller sends a return, purchaser registers, assigns and refunds it, seller sees the refund', async () => {
  const waybill = `ZT${Date.now()}`;
  const seller = await h.newPage();
  await signIn(seller.page, h.url('www'), 'demo_seller', 'seller', '/order/offlineReturnOrder');
  await settleOverlays(seller.page);
  await seller.page.getByRole('button', { name: '新建线下退货单' }).click();
  const dialog = seller.page.getByRole('dialog');
  await dialog.getByLabel('快递公司').fill('中通快递');
  await dialog.getByLabel('快递单号').fill(waybill);
  await pickFirstOption(seller.page, '第1行档口');
  await dialog.getByLabel('第1行货号').fill('E2E-801');
  await dialog.getByLabel('第1行颜色').fill('黑色');
  await dialog.getByLabel('第1行单价').fill('35');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  const created = seller.page.getByText(/已创建线下退货单 XT\d{12}/);
  await created.waitFor();
  const returnNo = /XT\d{12}/.exec((await created.textContent()) ?? '')?.[0] ?? '';
  await seller.page.locator('tr', { hasText: returnNo }).getByText('待签收').waitFor();
  await shot(seller.page, 'offline-return-order');

  const purchaser = await h.newPage();
  await signIn(purchaser.page, h.url('www'), 'demo_purchaser', 'purchaser', '/offlineReturnOrder/returnRegistration');
  await settleOverlays(purchaser.page);
  const scan = purchaser.page.getByLabel('扫描快递单号');
  await expect.poll(() => scan.evaluate((el) => el === document.activeElement)).toBe(true);
  await purchaser.page.keyboard.type(waybill.toLowerCase());
  await purchaser.page.keyboard.press('Enter');
  const result = purchaser.page.getByTestId('register-result');
  await result.getByText(`${returnNo}（`).waitFor();
  await result.getByText('待分配').waitFor();
  await shot(purchaser.page, 'offline-registration');

  await purchaser.page.goto(h.url('www', `/offlineReturnOrder/offlineReturnOrderList?keyword=${returnNo}`));
  const row = purchaser.page.locator('tr', { hasText: returnNo });
  await row.getByText('待分配').waitFor();
  await row.locator('input[type=checkbox]').check();
  await purchaser.page.getByRole('button', { name: /分配拿货员/ }).click();
  await pickFirstOption(purchaser.page, '拿货员');
  await purchaser.page
    .getByRole('dialog')
    .getByRole('button', { name: /分\s*配/ })
    .click();
  await row.getByText('待退档口').waitFor();
  await row.getByRole('button', { name: '已退货' }).click();
  const refund = purchaser.page.getByRole('dialog', { name: '档口已退货退款' });
  await expect.poll(() => refund.getByLabel('档口实际退款').inputValue()).toBe('35.00');
  await refund.getByRole('button', { name: /确\s*认/ }).click();
  await row.getByText('已退货退款').waitFor();
  await shot(purchaser.page, 'offline-assignment');

  await seller.page.goto(h.url('www', '/funds/balance'));
  await seller.page.locator('tr', { hasText: returnNo }).filter({ hasText: '34.00' }).waitFor();
  await purchaser.context.close();
  await seller.context.close();
  // Two people sign in and work in turn: on a busy machine this takes longer than one person's flow.
}, 240_000);

it('seller withdraws (撤销) a return order the warehouse has not signed in', async () => {
  const api = await h.apiSession('demo_seller', 'seller');
  const stalls = await api.get<{ id: number }[]>('/api/b2/offline/suppliers');
  const made = await api.post<{ returnNo: string }>('/api/b2/offline/returnOrder/create', {
    courierName: '圆通',
    waybillNo: `YT${Date.now()}`,
    lines: [{ supplierId: stalls[0]?.id, artNo: 'E2E-901', color: '白色', size: 'M', quantity: 1, unitPriceFen: 2000 }],
  });
  const seller = await h.newPage();
  await signIn(seller.page, h.url('www'), 'demo_seller', 'seller', `/order/offlineReturnOrder?keyword=${made.returnNo}`);
  await settleOverlays(seller.page);
  const row = seller.page.locator('tr', { hasText: made.returnNo });
  await row.getByRole('button', { name: '撤销' }).click();
  await seller.page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /撤\s*销/ })
    .click();
  await seller.page.getByText(`退货单 ${made.returnNo} 已撤销`).waitFor();
  await expect.poll(() => row.count()).toBe(0);
  await seller.context.close();
});
