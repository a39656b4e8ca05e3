/**
 * Shops in a real browser: demo_seller adds a TAOBAO shop through the marketplace emulator's consent
 * page (the server runs the emulator in demo mode), sees it authorized, syncs it, then filters its
 * orders by shop and by a phone tail and exports them to a spreadsheet with exactly those rows.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type Harness, settleOverlays, signIn, startHarness } from './harness';

let h: Harness;
// Per try, not per file: a retried test starts again on a fresh server, not on the shop its failed try authorized.
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h?.close();
});

const SHOP = 'E2E淘宝测试店';

it('authorize a TAOBAO shop on the consent page, sync it, filter its orders, export them', async () => {
  const { context, page } = await h.newPage();
  await signIn(page, h.url('www'), 'demo_seller', 'seller', '/basicSet/shopAuthorization');
  await settleOverlays(page);
  await page.getByRole('button', { name: '添加店铺' }).click();
  const dialog = page.locator('.ant-modal', { hasText: '添加店铺' });
  await dialog.getByText('淘宝/天猫', { exact: true }).click();
  await dialog.getByLabel('店铺名称').fill(SHOP);
  await dialog.getByRole('button', { name: '去授权' }).click();

  // The platform's consent page (the emulator, on another origin).
  await page.waitForURL(/127\.0\.0\.1:\d+\/taobao\//);
  await page.getByText(SHOP).waitFor();
  await page.getByRole('button', { name: '授权' }).click();

  // Back on our page: authorized, then synced by the background job.
  await page.waitForURL(/\/basicSet\/shopAuthorization/);
  await page.getByText('店铺授权成功，正在同步订单').waitFor();
  await settleOverlays(page);
  const row = page.locator('tr', { hasText: SHOP });
  await row.getByText('已授权').waitFor();
  await row.getByText(/同步成功：读取 \d+ 单/).waitFor({ timeout: 60_000 });
  // The page polls while the sync waits and runs; a list answer then carries this run's finished time. The page
  // shows it to the second, and a fast run can end within the second of the last one, so the answer is read.
  type ListAnswer = { data: { name: string; sync: { state: string; lastSyncedAt: string | null } }[] };
  const clickedAt = Date.now();
  const finished = page.waitForResponse(
    async (r) => {
      if (!r.url().endsWith('/api/b2/shops/list')) return false;
      const s = ((await r.json()) as ListAnswer).data.find((x) => x.name === SHOP)?.sync;
      return !!s && s.state === 'IDLE' && !!s.lastSyncedAt && Date.parse(s.lastSyncedAt) >= clickedAt;
    },
    { timeout: 60_000 },
  );
  await row.getByRole('button', { name: '立即同步' }).click();
  await page.getByText('已开始同步').waitFor();
  await finished;
  await row.getByText(/同步成功：读取 \d+ 单/).waitFor();
  await row.getByRole('button', { name: '立即同步' }).waitFor();

  // Shop orders: filter by the shop. The answer of the list call tells what the table must show.
  type PageAnswer = { data: { total: number; list: { receiverPhone: string; shopName: string }[] } };
  const listed = (want: (body: Record<string, unknown>) => boolean) =>
    page.waitForResponse((r) => r.url().endsWith('/api/b2/orders/page') && want(r.request().postDataJSON() ?? {}));
  await page.goto(h.url('www', '/order/orderList'));
  await page.getByLabel('店铺').click();
  await page.locator('.ant-select-item-option', { hasText: SHOP }).click();
  let answer = listed((b) => b.shopId !== undefined && b.phoneTail === undefined);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const byShop = ((await (await answer).json()) as PageAnswer).data;
  expect(byShop.total).toBeGreaterThan(0);
  expect(byShop.list.every((o) => o.shopName === SHOP)).toBe(true);
  const total = page.locator('.ant-pagination-total-text');
  await total.getByText(`共 ${byShop.total} 条`).waitFor();
  const rows = page.locator('tbody tr.ant-table-row');
  for (const text of await rows.allTextContents()) expect(text).toContain(SHOP);

  // Then by the tail of the first order's (masked) phone.
  const tail = byShop.list[0]!.receiverPhone.slice(-4);
  expect(tail).toMatch(/^\d{4}$/);
  await page.getByLabel('手机尾号').fill(tail);
  answer = listed((b) => b.shopId !== undefined && b.phoneTail === tail);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const filtered = ((await (await answer).json()) as PageAnswer).data.total;
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThanOrEqual(byShop.total);
  await total.getByText(`共 ${filtered} 条`).waitFor();
  expect(await rows.count()).toBe(Math.min(filtered, 20));
  for (const text of await rows.allTextContents()) {
    expect(text).toContain(SHOP);
    expect(text).toMatch(new RegExp(`\\*{4,}${tail}`));
  }

  // Export the filtered set.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = await download.path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  expect(ws.rowCount).toBe(1 + filtered);
  expect((ws.getRow(2).values as unknown[]).join(' ')).toContain(SHOP);
  await context.close();
});
