/**
 * Order import in Chromium: demo_seller imports a PDD export (GBK .csv made here) into the PDD
 * shop: the layout is recognized, the preview shows the bad row's reason, the import runs with
 * progress on the job queue, and the result and the history say what happened.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csv, PDD_HEADERS, pddRow, sampleOrder } from '../../server/test/order-import-fixtures';
import { type Harness, settleOverlays, signIn, startHarness } from './harness';

let h: Harness;
// Per try, not per file: a retried test (a page crash on a loaded machine) starts again on a fresh
// server, not on the data its failed try left (a pay password already set, an order already paid).
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

describe('order import in Chromium', () => {
  it('imports a PDD export file: recognized, previewed with reasons, imported, recorded', async () => {
    const good = Array.from({ length: 3 }, (_, i) => pddRow(sampleOrder(i, 'E2E')));
    const masked = pddRow({ ...sampleOrder(9, 'E2E'), phone: '138****1234' });
    const file = csv(PDD_HEADERS, [...good, masked]);

    const { context, page } = await h.newPage();
    await signIn(page, h.url('www'), 'demo_seller', 'seller');
    await page.goto(h.url('www', '/order/intelligentImport'));
    await settleOverlays(page);
    await page.getByRole('heading', { name: '订单导入' }).waitFor();
    await page.getByText('单个文件不超过 20MB、10 万行').waitFor();

    await page.getByLabel('导入到店铺').click();
    await page.locator('.ant-select-item-option', { hasText: '小美拼多多专营店（拼多多）' }).click();
    await page.locator('.ant-upload-drag input[type=file]').setInputFiles({ name: '拼多多订单.csv', mimeType: 'text/csv', buffer: file });
    await page.getByText('拼多多订单.csv').waitFor();
    await page.getByRole('button', { name: '下一步' }).click();

    await page.getByText('已识别为：拼多多 订单导出（拼多多）').waitFor();
    await page.getByRole('button', { name: '生成预览' }).click();

    const confirm = page.getByRole('button', { name: '确认导入 3 单' });
    await confirm.waitFor({ timeout: 60_000 });
    expect(page.url()).toMatch(/jobId=\d+/);
    await page.getByText('手机号已脱敏（含*），无法发货，请导出完整手机号后再导入').waitFor();
    // Receivers are masked in the list.
    await page.getByRole('cell', { name: '138****0000' }).waitFor();
    // The box follows the URL, which changes a moment after the click.
    await page.getByRole('checkbox', { name: '仅看错误' }).click();
    await page.waitForURL(/errorsOnly=1/);
    const previewRows = page.locator('.ant-table').first().locator('tbody tr.ant-table-row');
    await expect.poll(() => previewRows.count()).toBe(1);
    await previewRows.getByText('138****1234').waitFor();

    await confirm.click();
    await page.getByText('导入完成').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-result').textContent()).toBe('新增 3 单，更新 0 单，失败 1 单（有错误行）');

    const history = page.locator('.ant-card', { hasText: '导入记录' });
    await history.getByRole('cell', { name: '拼多多订单.csv' }).waitFor();
    await history.getByText('已完成').waitFor();
    await context.close();
  });
});
