/**
 * A marketplace order ships on its platform's e-waybill and prints through the platform's print
 * component (decision 0025): a PDD shop authorized on the marketplace emulator, one of its orders
 * synced, placed, paid and taken (server-side, as the server tests do); the scan station ships it,
 * the PDD print-component emulator receives the print job, and the page shows the component's
 * reason when the component is not running.
 */
import type { MarketplaceEmulator } from '@dropship/channels';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { shops } from '../../server/src/modules/shops/shops.table';
import { addOAuthShop } from '../../server/test/shops-support';
import { paidPlatformOrder, shippableEmulatorOrder, tookAll } from '../../server/test/warehouse-support';
import { type Harness, settleOverlays, signIn, startHarness } from './harness';
import { worldOf } from './warehouse-world';

let h: Harness;
// Per try, not per file: a retried test starts again on a fresh server.
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

it('scanning an order of a PLATFORM shop prints its e-waybill through the platform print component', async () => {
  const w = await worldOf(h);
  const emu: MarketplaceEmulator = await h.serving.app.channels.emulator();
  const shopId = await addOAuthShop(h.serving.app, w.seller, 'PDD', '拼多多打印测试店');
  const [shop] = await w.t.database.db.select().from(shops).where(eq(shops.id, shopId));
  const order = shippableEmulatorOrder(emu, 'PDD', shop?.platformShopId as string);
  // Placed with the platform's encrypted receiver, as the place page keeps it: only that ships on the platform's e-waybill.
  const placed = await paidPlatformOrder(w, shopId, order, 'PDD', { platformReceiver: true });
  await tookAll(w.t.database.db, placed.codes);

  const components = h.serving.printComponents;
  if (!components) throw new Error('print-component emulators not started');
  const { context, page } = await h.newPage();
  // The page's component table points at the emulators' free ports (read once per page, as in 打印设置).
  await context.addInitScript((ports) => window.localStorage.setItem('platform_print_ports', ports), JSON.stringify(components.ports));
  await signIn(page, h.url('www'), 'demo_purchaser', 'purchaser', '/print/scanPrint');
  await settleOverlays(page);
  await page.getByRole('heading', { name: '扫描打印' }).waitFor();
  await page.getByRole('checkbox', { name: '发货后自动打印面单' }).check();
  const field = page.getByLabel('拿货码');
  await field.focus();
  await page.keyboard.type(placed.codes[0] as string);
  await page.keyboard.press('Enter');
  const result = page.getByTestId('scan-result');
  await expect.poll(() => result.getAttribute('data-outcome'), { timeout: 20_000 }).toBe('SHIPPED');
  await expect.poll(() => components.emulators.PDD.jobs().length, { timeout: 20_000 }).toBe(1);
  const [job] = components.emulators.PDD.jobs();
  expect(JSON.stringify(job)).toContain('encryptedData');

  // 再打一张 with the component stopped: the page says what to do.
  await components.emulators.PDD.setOffline(true);
  await page.getByRole('button', { name: '再打一张' }).click();
  await page.getByText('面单未能打印').waitFor({ timeout: 20_000 });
  await page
    .getByText(/拼多多打印组件/)
    .first()
    .waitFor();
  await components.emulators.PDD.setOffline(false);
  await context.close();
});
