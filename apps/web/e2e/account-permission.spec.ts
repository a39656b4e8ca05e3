/**
 * 账号管理 in Chromium: the seller's main account creates a role with two pages, a sub-account
 * holding it, exports the list; the sub-account signs in and sees only those menu entries, and a
 * page outside its role answers /403 (the server refuses its calls too: apps/server/test/roles.test.ts).
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, type Harness, settleOverlays, shot, signIn, startHarness } from './harness';

let h: Harness;
// Per try, not per file: a retried test (a page crash on a loaded machine) starts again on a fresh
// server, not on the data its failed try left (a pay password already set, an order already paid).
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

const menuText = async (page: Page) => ((await page.getByTestId('left-menu').textContent()) ?? '').replace(/\s+/g, ' ');
const treeBox = (page: Page, title: string) => page.locator(`.ant-tree-treenode:has(.ant-tree-title:text-is("${title}")) .ant-tree-checkbox`);
const SAVE = /保\s*存/;

describe('account management in the browser', () => {
  it('a role with two pages, a sub-account holding it, and that sub-account sees only those pages', async () => {
    const main = await h.newPage();
    await signIn(main.page, h.url('www'), 'demo_seller', 'seller');
    await settleOverlays(main.page);
    const page = main.page;

    // 1. The role: created, then its permission drawer opens on its own.
    await page.goto(h.url('www', '/accountPermission/accountManagement?tab=roles'));
    expect(await page.title()).toBe('账号管理 | 订单管理系统');
    await page.getByRole('button', { name: '新增角色' }).click();
    const roleDialog = page.getByRole('dialog', { name: '新增角色' });
    await roleDialog.getByLabel('角色名称').fill('客服专员');
    await roleDialog.getByRole('button', { name: SAVE }).click();
    const drawer = page.getByRole('dialog', { name: '设置权限：客服专员' });
    await drawer.waitFor();
    // 工作台 is open to everyone and 账号管理 only to the main account: neither is offered.
    expect(await drawer.locator('.ant-tree-title:text-is("工作台")').count()).toBe(0);
    expect(await drawer.locator('.ant-tree-title:text-is("账号管理")').count()).toBe(0);
    await treeBox(page, '代发订单').click();
    await treeBox(page, '缺货统计').click();
    // Ticking 代发订单 ticked the pages inside it.
    await expect.poll(() => treeBox(page, '代发下单').getAttribute('class')).toContain('ant-tree-checkbox-checked');
    await shot(page, 'account-role-permissions');
    await drawer.getByRole('button', { name: SAVE }).click();
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('.ant-table-row', { hasText: '客服专员' }).locator('td').nth(2).textContent()).toBe('4');

    // 2. The sub-account.
    await page.getByRole('tab', { name: '子账号' }).click();
    await page.getByRole('button', { name: '新增子账号' }).click();
    const userDrawer = page.getByRole('dialog', { name: '新增子账号' });
    await userDrawer.getByLabel('账号').fill('seller_kefu');
    await userDrawer.getByLabel('姓名').fill('陈小燕');
    await userDrawer.getByLabel('手机号').fill('13900001234');
    await userDrawer.getByLabel('登录密码').fill(DEMO_PASSWORD);
    await userDrawer.getByLabel('角色').click();
    await page.locator('.ant-select-item-option', { hasText: '客服专员' }).click();
    await userDrawer.getByRole('button', { name: SAVE }).click();
    await userDrawer.waitFor({ state: 'hidden' });
    const row = page.locator('.ant-table-row', { hasText: 'seller_kefu' });
    await row.waitFor();
    expect(await row.textContent()).toContain('陈*燕');
    expect(await row.textContent()).toContain('139****1234');
    expect(await row.textContent()).not.toContain('13900001234');
    await shot(page, 'account-sub-users');

    // 3. The export carries the same masked list.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: /导出Excel/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('子账号.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await download.path()) ?? '') as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    const texts: string[] = [];
    sheet?.eachRow((r) => {
      texts.push(r.values?.toString() ?? '');
    });
    expect(texts.join('\n')).toContain('seller_kefu');
    expect(texts.join('\n')).toContain('139****1234');
    await main.context.close();

    // 4. The sub-account: only 工作台, 代发订单 (and its pages) and 缺货统计.
    const sub = await h.newPage();
    await signIn(sub.page, h.url('www'), 'seller_kefu', 'seller');
    await settleOverlays(sub.page);
    const menu = sub.page.getByTestId('left-menu');
    await menu.getByText('代发管理', { exact: true }).click();
    await menu.getByText('代发订单', { exact: true }).waitFor();
    await menu.getByText('统计', { exact: true }).click();
    await menu.getByText('缺货统计', { exact: true }).waitFor();
    const text = await menuText(sub.page);
    expect(text).toContain('工作台');
    await shot(sub.page, 'account-sub-account-menu');
    for (const hidden of ['售后订单', '问题件', '店铺订单', '商品', '资产', '账号权限', '基础设置', '拿货统计']) expect(text, hidden).not.toContain(hidden);

    // 5. Pages outside the role answer /403; pages inside it open.
    for (const p of ['/funds/balance', '/accountPermission/accountManagement', '/order/orderList']) {
      await sub.page.goto(h.url('www', p));
      await sub.page.waitForURL('**/403');
      await sub.page.getByText('没有权限访问该页面，请联系主账号管理员开通权限').waitFor();
    }
    await sub.page.goto(h.url('www', '/order/daifaOrderList'));
    expect(await sub.page.title()).toBe('代发订单 | 订单管理系统');
    expect(new URL(sub.page.url()).pathname).toBe('/order/daifaOrderList');
    await sub.context.close();
  });
});
