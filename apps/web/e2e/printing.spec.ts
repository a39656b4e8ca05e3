import { type ClodopEmulator, type PrintComponentEmulators, startClodopEmulator, startPrintComponentEmulators } from '@dropship/channels';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Harness, settleOverlays, signIn, startHarness } from './harness';

let h: Harness;
let emu: ClodopEmulator | undefined;
let components: PrintComponentEmulators | undefined;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await emu?.close();
  await components?.close();
  await h?.close();
});

const isRender = (r: { url(): string; request(): { method(): string } }) => r.url().endsWith('/api/labels/render') && r.request().method() === 'POST';

it('without C-Lodop: the install message with both installers, offsets kept across reload, the calibration page as PDF', async () => {
  const { context, page } = await h.newPage();
  await signIn(page, h.url('www'), 'demo_seller', 'seller', '/print/printSetting');
  await settleOverlays(page);

  const msg = page.getByTestId('print-service-message');
  await msg.waitFor();
  expect(await msg.textContent()).toContain('Web打印服务C-Lodop未安装启动');
  expect(await msg.textContent()).toContain('安装后请刷新页面');
  expect(await msg.getByRole('link', { name: '32位' }).getAttribute('href')).toBe('/downloads/CLodop_Setup_for_Win32NT.exe');
  expect(await msg.getByRole('link', { name: '64位' }).getAttribute('href')).toBe('/downloads/CLodop_Setup_for_Win64NT.exe');
  await page.getByText('仅对本电脑生效', { exact: false }).waitFor();

  await page.getByLabel('拿货标签 X偏移', { exact: true }).fill('1.5');
  await page.getByLabel('拿货标签 Y偏移', { exact: true }).fill('-2');
  await page.getByTestId('save-pickupTag').click();
  await page.getByText('拿货标签设置已保存').waitFor();
  await page.reload();
  await page.getByTestId('print-service-message').waitFor();
  expect(await page.getByLabel('拿货标签 X偏移', { exact: true }).inputValue()).toBe('1.5');
  expect(await page.getByLabel('拿货标签 Y偏移', { exact: true }).inputValue()).toBe('-2.0');

  // Chromium does not keep the bytes of a response the page read into a Blob (res.body() is empty),
  // so the test reads them on the way through, unchanged.
  let bytes: Buffer = Buffer.alloc(0);
  await page.route('**/api/labels/render', async (route) => {
    // Node cannot resolve *.daifa.test (only Chromium maps it), so the same request goes to 127.0.0.1 with the Host kept.
    const url = new URL(route.request().url());
    const upstream = await route.fetch({ url: `http://127.0.0.1:${h.port}${url.pathname}`, headers: { ...route.request().headers(), host: url.host } });
    bytes = await upstream.body();
    await route.fulfill({ response: upstream, body: bytes });
  });
  const rendered = page.waitForResponse(isRender);
  await page.getByTestId('calibrate-pickupTag').click();
  const res = await rendered;
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.locator('iframe[data-testid="pdf-print-frame"]').waitFor({ state: 'attached' });
  const sent = res.request().postDataJSON() as { format: string; options: { offsetXMm: number; offsetYMm: number } };
  expect(sent.format).toBe('pdf');
  expect(sent.options).toMatchObject({ offsetXMm: 1.5, offsetYMm: -2 });
  await context.close();
});

it('with the C-Lodop emulator: connected, version and printers shown, the calibration page sent as one C-Lodop job', async () => {
  emu = await startClodopEmulator({ version: '6.6.2.0', printers: ['得力 DL-888T', 'Xprinter XP-420B'] });
  const { context, page } = await h.newPage();
  await signIn(page, h.url('www'), 'demo_seller', 'seller');
  await settleOverlays(page);
  // The page is told where the service listens (documented on the page); the real one is on 8000/18000.
  await page.evaluate((port) => localStorage.setItem('clodop_ports', String(port)), emu.port);
  await page.goto(h.url('www', '/print/printSetting'));

  const status = page.getByTestId('print-service-status');
  await status.getByText('打印服务已连接').waitFor();
  await status.getByText('6.6.2.0').waitFor();
  await status.getByText('得力 DL-888T、Xprinter XP-420B').waitFor();
  expect(await page.getByTestId('print-service-message').count()).toBe(0);

  await page.getByLabel('拿货标签 打印机', { exact: true }).click();
  await page.locator('.ant-select-item-option', { hasText: 'Xprinter XP-420B' }).click();
  await page.getByLabel('拿货标签 X偏移', { exact: true }).fill('0.5');
  await page.getByTestId('save-pickupTag').click();

  const rendered = page.waitForResponse(isRender);
  await page.getByTestId('calibrate-pickupTag').click();
  const res = await rendered;
  expect((res.request().postDataJSON() as { format: string }).format).toBe('lodop');
  await expect.poll(() => emu?.jobs().length, { timeout: 10_000 }).toBe(1);
  await page.getByText('校准页已发送到打印机').waitFor();
  const job = emu.jobs()[0]!;
  expect(job.commands.slice(0, 2).map((c) => c.fn)).toEqual(['PRINT_INITA', 'SET_PRINT_PAGESIZE']);
  // 0.5 mm to the right is PRINT_INITA's left, in px (0.5 × 96 / 25.4 ≈ 1.89).
  expect(job.commands[0]!.args[1]).toBeCloseTo(1.89, 1);
  expect(job.printer).toBe('Xprinter XP-420B');
  expect(emu.refusals()).toBe(0);
  await context.close();
});

it('with the platform print-component emulators: each shows 已连接, a stopped one what to do until rechecked, the chosen printer kept', async () => {
  // Free ports: the real components' ports may be taken on a developer's machine.
  components = await startPrintComponentEmulators({ ports: 0, printers: ['面单机-A', '面单机-B'] });
  await components.emulators.REDBOOK.setOffline(true);
  const { context, page } = await h.newPage();
  await signIn(page, h.url('www'), 'demo_seller', 'seller');
  await settleOverlays(page);
  // The page is told where the components listen (documented on the page), as for C-Lodop.
  await page.evaluate((ports) => localStorage.setItem('platform_print_ports', JSON.stringify(ports)), components.ports);
  await page.goto(h.url('www', '/print/printSetting'));

  const card = page.getByTestId('platform-print-card');
  for (const source of ['CAINIAO', 'PDD', 'TIKTOK', 'KUAISHOU', 'JD']) {
    await expect.poll(() => card.getByTestId(`component-state-${source}`).textContent()).toBe('已连接');
  }
  await expect.poll(() => card.getByTestId('component-state-REDBOOK').textContent()).toBe('未安装或未启动');
  expect(await card.getByTestId('component-advice-REDBOOK').textContent()).toBe(
    '未检测到小红书打印组件：请在仓库电脑安装并启动小红书打印组件（REDBOOK 打印组件），再点重新检测。',
  );

  await components.emulators.REDBOOK.setOffline(false);
  await card.getByTestId('recheck-REDBOOK').click();
  await expect.poll(() => card.getByTestId('component-state-REDBOOK').textContent()).toBe('已连接');
  expect(await card.getByTestId('component-advice-REDBOOK').count()).toBe(0);

  await page.getByLabel('菜鸟打印组件 打印机', { exact: true }).click();
  await page.locator('.ant-select-item-option', { hasText: '面单机-B' }).click();
  await page.reload();
  await expect.poll(() => card.getByTestId('component-state-CAINIAO').textContent()).toBe('已连接');
  expect(await page.evaluate(() => localStorage.getItem('platform_print_printers'))).toBe('{"CAINIAO":"面单机-B"}');
  await card.getByText('面单机-B').first().waitFor();
  await context.close();
});
