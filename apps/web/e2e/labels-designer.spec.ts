import { crc32, deflateSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, settleOverlays, signIn, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** A 2×2 red PNG, built here so the test needs no fixture file. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = [0, 255, 0, 0, 255, 0, 0];
  const raw = Buffer.from([...row, ...row]);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const renderOf = (page: Page, format: 'svg' | 'pdf') =>
  page.waitForResponse((r: Response) => r.url().endsWith('/api/labels/render') && (r.request().postData() ?? '').includes(`"format":"${format}"`), {
    timeout: 60_000,
  });

/**
 * The next PDF render, request and bytes. The bytes are taken through a route: Chromium may drop
 * the body of a response the page has already turned into a Blob before the test asks for it.
 */
async function nextPdf(page: Page): Promise<{ request: Record<string, unknown>; body: Buffer; contentType: string }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no PDF render within 60 s')), 60_000);
    void page.route('**/api/labels/render', async (route) => {
      const postData = route.request().postData() ?? '{}';
      // Node cannot resolve *.daifa.test (only Chromium maps it), so the route fetches the same server by its address.
      const res = await route.fetch({
        url: route
          .request()
          .url()
          .replace(/\/\/[^/:]+:/, '//127.0.0.1:'),
      });
      const body = await res.body();
      await route.fulfill({ response: res, body });
      if (!postData.includes('"format":"pdf"')) return;
      clearTimeout(timer);
      await page.unroute('**/api/labels/render');
      resolve({ request: JSON.parse(postData) as Record<string, unknown>, body, contentType: res.headers()['content-type'] ?? '' });
    });
  });
}

async function openDesigner(page: Page) {
  await page.goto(h.url('www', '/tagEditorFabric'));
  await settleOverlays(page);
  await page.locator('[data-testid=tag-canvas] canvas.upper-canvas').waitFor();
}

/** Where a canvas point (model px) is on the page, at the designer's default zoom ×2. */
async function onCanvas(page: Page, x: number, y: number) {
  const box = await page.locator('[data-testid=tag-canvas] canvas.upper-canvas').boundingBox();
  if (!box) throw new Error('canvas not visible');
  return { x: box.x + x * 2, y: box.y + y * 2 };
}

describe('tag designer and certificates in Chromium', () => {
  it('edits, saves as the default, previews and prints a pick-up tag template', async () => {
    const { context, page } = await h.newPage();
    await signIn(page, h.url('www'), 'demo_seller', 'seller');
    await openDesigner(page);

    // Tick 买家备注 (adds it to the canvas).
    await page.getByTestId('tag-palette').getByRole('checkbox', { name: '买家备注' }).check();

    // Drag 快递名称 (x 4, y 2, 150 × 28 px) by 10 × 6 model px.
    const from = await onCanvas(page, 79, 16);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 10, from.y + 6, { steps: 4 });
    await page.mouse.move(from.x + 20, from.y + 12, { steps: 4 });
    await page.mouse.up();
    const panel = page.getByTestId('tag-style-panel');
    await panel.getByText('快递名称').waitFor();
    // 14 px = 3.7 mm, 8 px = 2.1 mm
    await expect.poll(() => page.getByTestId('tag-geometry').textContent()).toContain('位置 3.7, 2.1 mm');

    // Font size 16 → 20.
    await panel.getByLabel('字号').fill('20');
    await panel.getByLabel('字号').blur();

    // Save as a named default template.
    await page.getByRole('button', { name: '保存模板' }).click();
    const dialog = page.getByRole('dialog', { name: '保存模板' });
    await dialog.getByLabel('模板名称').fill('E2E模板');
    await dialog.getByRole('checkbox', { name: '设为默认' }).check();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/labels/tagTemplate/save'));
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    expect((await (await saved).json()).errorCode).toBe(0);
    await page.getByText('保存成功').waitFor();

    // Reload: the default is the saved template, with the moved, enlarged title and the ticked remark.
    await openDesigner(page);
    await page.getByText('E2E模板（默认）').waitFor();
    expect(await page.getByTestId('tag-palette').getByRole('checkbox', { name: '买家备注' }).isChecked()).toBe(true);
    const moved = await onCanvas(page, 89, 22);
    await page.mouse.click(moved.x, moved.y);
    await panel.getByText('快递名称').waitFor();
    expect(await page.getByTestId('tag-geometry').textContent()).toContain('位置 3.7, 2.1 mm');
    expect(await panel.getByLabel('字号').inputValue()).toBe('20');

    // Preview: the server's SVG in a dialog.
    const svg = renderOf(page, 'svg');
    await page.getByRole('button', { name: /预\s*览/ }).click();
    const svgRes = await svg;
    expect(svgRes.headers()['content-type']).toContain('image/svg+xml');
    const img = page.getByRole('dialog', { name: '标签预览' }).getByTestId('svg-preview');
    await img.waitFor();
    // The page reads the answer as a Blob, so the SVG is read back through the image's own URL.
    expect(await img.evaluate(async (el) => (await fetch((el as HTMLImageElement).src)).text())).toContain('<svg');
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: '标签预览' }).waitFor({ state: 'hidden' });

    // Print: without C-Lodop the labels come as a PDF.
    const pdf = nextPdf(page);
    await page.getByRole('button', { name: '打印 PDF' }).click();
    const printed = await pdf;
    expect(printed.request).toMatchObject({ kind: 'pickupTag', format: 'pdf', options: { template: { name: 'E2E模板' } } });
    expect(printed.contentType).toContain('application/pdf');
    expect(printed.body.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await context.close();
  });

  it('creates a certificate with a wash-care symbol and prints two copies', async () => {
    const { context, page } = await h.newPage();
    await signIn(page, h.url('www'), 'demo_seller', 'seller');
    await page.goto(h.url('www', '/basicSet/addCustomCertificate'));
    await settleOverlays(page);

    await page.getByLabel('品牌').fill('E2E品牌');
    await page.getByLabel('品名').fill('连衣裙');
    await page.getByLabel('货号').fill('E2E-001');
    await page.getByTestId('washed-labels').locator('input[type=file]').setInputFiles({ name: 'wash.png', mimeType: 'image/png', buffer: tinyPng() });
    await page.getByLabel('洗涤说明1').fill('不可漂白');
    // The live preview follows the form (1 s after the last change).
    const preview = renderOf(page, 'svg');
    expect((await preview).headers()['content-type']).toContain('image/svg+xml');
    const previewImg = page.getByTestId('svg-preview');
    await previewImg.waitFor();
    await expect.poll(() => previewImg.evaluate(async (el) => (await fetch((el as HTMLImageElement).src)).text())).toContain('E2E-001');

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/labels/certificate/save'));
    await page.getByRole('button', { name: /保\s*存/ }).click();
    expect((await (await saved).json()).errorCode).toBe(0);
    await page.waitForURL('**/basicSet/customCertificate');
    const row = page.getByRole('row', { name: /E2E-001/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('E2E品牌');

    await row.getByRole('button', { name: /打\s*印/ }).click();
    const dialog = page.getByRole('dialog', { name: '打印合格证' });
    await dialog.getByLabel('打印数量').fill('2');
    const pdf = nextPdf(page);
    await dialog.getByRole('button', { name: /打\s*印/ }).click();
    const { request, body } = await pdf;
    const sent = request as { kind: string; data: { quantity: number; washedLabelList: unknown[] }[] };
    expect(sent.kind).toBe('certificate');
    expect(sent.data[0]?.quantity).toBe(2);
    expect(sent.data[0]?.washedLabelList).toHaveLength(1);
    expect(body.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(body.toString('latin1')).toMatch(/\/Count 2\b/);
    await context.close();
  });
});
