/**
 * Goods association in Chromium against the seeded demo (imported Taobao orders): the seller links
 * one SKU by hand and two by the rule 档口#货号 after previewing it, exports the links to Excel and
 * imports the file back: nothing new, nothing duplicated, every link still at its first version.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, settleOverlays, shot, signIn, startHarness } from './harness';

let h: Harness;
// Per try, not per file: a retried test (a page crash on a loaded machine) starts again on a fresh
// server, not on the data its failed try left (a pay password already set, an order already paid).
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

const row = (page: Page, title: string | RegExp) => page.locator('.ant-table-row', { hasText: title });

async function xlsxRows(path: string): Promise<Record<string, string>[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const headers: string[] = [];
  ws?.getRow(1).eachCell((c, i) => {
    headers[i] = c.text;
  });
  const out: Record<string, string>[] = [];
  ws?.eachRow((r, n) => {
    if (n > 1) out.push(Object.fromEntries(headers.flatMap((hd, i) => (hd ? [[hd, r.getCell(i).text]] : []))));
  });
  return out;
}

/** The association list searched for one SKU (the demo also holds SKUs synced from the shop emulators). */
const search = (page: Page, keyword: string, linked = 'ALL') =>
  page.goto(h.url('www', `/goods/association?linked=${linked}&keyword=${encodeURIComponent(keyword)}`));

const MINE = [
  ['宽松牛仔外套', '货号 J3301'],
  ['法式碎花连衣裙', '货号 D2207'],
  ['A312#8801', '货号 8801'],
] as const;

describe('goods association in the browser', () => {
  it('links one SKU by hand and two by a rule, exports the links and re-imports them without duplicates', async () => {
    const { context, page } = await h.newPage();
    await signIn(page, h.url('www'), 'demo_seller', 'seller');
    await settleOverlays(page);

    // 1. By hand: the jacket has no outer code, so no rule can find its stall.
    await search(page, '宽松牛仔外套', 'UNLINKED');
    await row(page, '宽松牛仔外套复古水洗').getByRole('button', { name: '关联' }).click();
    const linkDialog = page.getByRole('dialog', { name: '关联商品' });
    await linkDialog.locator('.ant-select').first().click();
    await page.locator('.ant-select-item-option', { hasText: '衣品轩（XZG3312）' }).click();
    await linkDialog.getByLabel('货号').fill('J3301');
    expect(await linkDialog.getByLabel('颜色').inputValue()).toBe('浅蓝');
    expect(await linkDialog.getByLabel('尺码').inputValue()).toBe('均码');
    await linkDialog.getByLabel('成本价（元）').fill('68');
    await linkDialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('关联已保存').waitFor();
    await row(page, '宽松牛仔外套复古水洗').waitFor({ state: 'detached' });

    // 2. By rule, previewed first: the two seeded SKUs whose outer code names a stall of the seller.
    await page.getByRole('button', { name: '按规则关联' }).click();
    const ruleDialog = page.getByRole('dialog', { name: '按规则关联' });
    expect(await ruleDialog.getByLabel('规则格式').inputValue()).toBe('档口#货号');
    await ruleDialog.getByRole('button', { name: /预\s*览/ }).click();
    const willLink = ruleDialog.locator('.ant-segmented-item', { hasText: '将关联' });
    await willLink.waitFor();
    await willLink.click();
    await ruleDialog.locator('.ant-table-row', { hasText: 'A312#8801' }).getByText('四季青 3楼 A312 小美档口 8801 黑色/M ¥59.00').waitFor();
    await ruleDialog.locator('.ant-table-row', { hasText: 'XZG3312#D2207' }).getByText('衣品轩 D2207 蓝色碎花/S 未填').waitFor();
    const previewed = Number(/将关联 (\d+)/.exec((await willLink.textContent()) ?? '')?.[1]);
    expect(previewed).toBeGreaterThanOrEqual(2);
    await shot(page, 'goods-rule-preview');
    await ruleDialog.getByRole('button', { name: '执行关联' }).click();
    await expect.poll(() => ruleDialog.getByTestId('rule-apply-result').textContent(), { timeout: 60_000 }).toContain(`新关联 ${previewed}，`);
    await ruleDialog
      .getByRole('button', { name: /关\s*闭/ })
      .last()
      .click();

    for (const [keyword, text] of MINE) {
      await search(page, keyword, 'LINKED');
      await expect.poll(() => page.getByTestId('link-cell').first().textContent()).toContain(text);
      expect(await page.getByTestId('link-cell').count()).toBe(1);
    }
    await shot(page, 'goods-association');

    // 3. Export every linked SKU, then import the same file back.
    await page.goto(h.url('www', '/goods/association?linked=LINKED'));
    await page.getByTestId('link-cell').first().waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出Excel' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('商品关联.xlsx');
    const file = await download.path();
    const exported = await xlsxRows(file);
    expect(exported.find((r) => r.货号 === 'J3301')).toMatchObject({ 档口编码: 'XZG3312', '成本价（元）': '68.00', 关联版本: '1' });
    expect(exported.filter((r) => ['J3301', 'D2207', '8801', 'K1123', 'P0913'].includes(r.货号 ?? ''))).toHaveLength(5);

    await page
      .locator('input[type=file][aria-label="选择Excel文件"]')
      .setInputFiles({ name: '商品关联.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: readFileSync(file) });
    const result = page.getByRole('dialog', { name: '导入结果' });
    await expect.poll(() => result.getByTestId('link-result').textContent(), { timeout: 60_000 }).toContain(`新关联 0 个，未变化 ${exported.length} 个`);
    await result.getByRole('button', { name: '知道了' }).click();

    // Nothing was duplicated or re-versioned: each SKU has one current link, still version 1.
    for (const [keyword, text] of MINE) {
      await search(page, keyword, 'LINKED');
      await expect.poll(() => page.getByTestId('link-cell').first().textContent()).toContain(text);
      expect(await page.getByTestId('link-cell').count()).toBe(1);
      expect(await page.getByTestId('link-cell').textContent()).toContain('v1');
    }
    await context.close();
  });
});
