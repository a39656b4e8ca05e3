/**
 * Every marketplace channel end to end against one real server and the marketplace emulator: for
 * each of TAOBAO, TIKTOK, PDD, KUAISHOU, REDBOOK and JD a shop is authorized, synced through the
 * sync call, and one of its synced orders is placed with the platform's encrypted receiver, paid
 * and taken (the server tests' helpers, as warehouse-platform.spec does); in the browser the
 * warehouse scans each order's code at 扫描打印, it ships on its platform's e-waybill and the job
 * reaches that platform's print component; after the ship-back job the seller's order detail shows
 * 物流回传 成功 with the number, and the emulator holds the shipment of that platform order.
 */
import type { MarketplaceChannel, MarketplaceEmulator, NormalizedOrder, PrintComponentSource } from '@dropship/channels';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { shops } from '../../server/src/modules/shops/shops.table';
import { addOAuthShop } from '../../server/test/shops-support';
import { orderRow, paidPlatformOrder, shippableEmulatorOrder, tookAll } from '../../server/test/warehouse-support';
import { type Harness, settleOverlays, shot, signIn, startHarness } from './harness';
import { worldOf } from './warehouse-world';

let h: Harness;
// Per try, not per file: a retried test starts again on a fresh server.
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

/** Each channel with the print component its e-waybill prints through (warehouse-marketplace.test.ts). */
const CHANNELS = [
  { channel: 'TAOBAO', source: 'CAINIAO' },
  { channel: 'TIKTOK', source: 'TIKTOK' },
  { channel: 'PDD', source: 'PDD' },
  { channel: 'KUAISHOU', source: 'KUAISHOU' },
  { channel: 'REDBOOK', source: 'REDBOOK' },
  { channel: 'JD', source: 'JD' },
] as const satisfies readonly { channel: MarketplaceChannel; source: PrintComponentSource }[];

interface ShopRow {
  id: number;
  sync: { state: string; lastSyncedAt: string | null };
}

it('TAOBAO, TIKTOK, PDD, KUAISHOU, REDBOOK and JD: synced, placed, paid, taken, scanned and shipped on the platform waybill; tracking pushed back', async () => {
  const w = await worldOf(h);
  const db = w.t.database.db;
  const emu: MarketplaceEmulator = await h.serving.app.channels.emulator();
  const seller = await h.apiSession('demo_seller', 'seller');
  const components = h.serving.printComponents;
  if (!components) throw new Error('print-component emulators not started');

  // Every shop authorized with a shippable order waiting on the platform, then all six synced at once.
  const shopsOf: { channel: MarketplaceChannel; source: PrintComponentSource; shopId: number; order: NormalizedOrder }[] = [];
  for (const { channel, source } of CHANNELS) {
    const shopId = await addOAuthShop(h.serving.app, w.seller, channel, `全渠道测试店${channel}`);
    const [shop] = await db.select().from(shops).where(eq(shops.id, shopId));
    const order = shippableEmulatorOrder(emu, channel, shop?.platformShopId as string);
    shopsOf.push({ channel, source, shopId, order });
  }
  const asked = Date.now();
  for (const { shopId } of shopsOf) await seller.post('/api/b2/shops/sync', { id: shopId });
  await expect
    .poll(
      async () => {
        const list = await seller.post<ShopRow[]>('/api/b2/shops/list', {});
        return shopsOf.every(({ shopId }) => {
          const s = list.find((x) => x.id === shopId)?.sync;
          return !!s && s.state === 'IDLE' && !!s.lastSyncedAt && Date.parse(s.lastSyncedAt) >= asked - 1000;
        });
      },
      { timeout: 120_000, interval: 500, message: '六个店铺同步完成' },
    )
    .toBe(true);

  const placed: { channel: MarketplaceChannel; source: PrintComponentSource; id: number; codes: string[]; platformOrderId: string }[] = [];
  for (const { channel, source, shopId, order } of shopsOf) {
    const synced = await seller.post<{ list: { platformOrderId: string }[] }>('/api/b2/orders/page', {
      pageNo: 1,
      pageSize: 20,
      shopId,
      platformOrderId: order.platformOrderId,
    });
    expect(
      synced.list.map((o) => o.platformOrderId),
      `${channel} 同步到的订单`,
    ).toContain(order.platformOrderId);
    const o = await paidPlatformOrder(w, shopId, order, channel, { platformReceiver: true });
    await tookAll(db, o.codes);
    placed.push({ channel, source, id: o.id, codes: o.codes, platformOrderId: order.platformOrderId });
  }

  const { context, page } = await h.newPage();
  await context.addInitScript((ports) => window.localStorage.setItem('platform_print_ports', ports), JSON.stringify(components.ports));
  await signIn(page, h.url('www'), 'demo_purchaser', 'purchaser', '/print/scanPrint');
  await settleOverlays(page);
  await page.getByRole('heading', { name: '扫描打印' }).waitFor();
  await page.getByRole('checkbox', { name: '发货后自动打印面单' }).check();
  const field = page.getByLabel('拿货码');
  const result = page.getByTestId('scan-result');
  const tracking = new Map<number, string>();
  for (const p of placed) {
    const jobsBefore = components.emulators[p.source].jobs().length;
    for (const code of p.codes) {
      await field.focus();
      await page.keyboard.type(code);
      const answered = page.waitForResponse((r) => r.url().includes('/warehouse/scan'), { timeout: 30_000 });
      await page.keyboard.press('Enter');
      await answered;
    }
    await expect.poll(() => result.getAttribute('data-outcome'), { timeout: 20_000, message: `${p.channel} 发货` }).toBe('SHIPPED');
    await expect.poll(() => components.emulators[p.source].jobs().length, { timeout: 20_000, message: `${p.source} 打印组件收到面单` }).toBe(jobsBefore + 1);
    const no = (await orderRow(db, p.id))?.tracking_no;
    expect(no, `${p.channel} 运单号`).toBeTruthy();
    tracking.set(p.id, no as string);
  }
  await shot(page, 'marketplace-channels-scanned');
  await context.close();

  await h.serving.app.jobs.runDue();
  const sellerPage = await h.newPage();
  await signIn(sellerPage.page, h.url('www'), 'demo_seller', 'seller');
  await settleOverlays(sellerPage.page);
  for (const p of placed) {
    const no = tracking.get(p.id) as string;
    await sellerPage.page.goto(h.url('www', `/order/daifaOrderList/daifaOrederListDetail?id=${p.id}`));
    const card = sellerPage.page.getByTestId('ship-back');
    await card.getByText('成功').waitFor({ timeout: 20_000 });
    await card.getByText(no, { exact: false }).waitFor();
    expect(emu.shipments(p.channel).find((x) => x.platformOrderId === p.platformOrderId)?.trackingNo, `${p.channel} 平台收到运单号`).toBe(no);
  }
  await shot(sellerPage.page, 'marketplace-channels-shipped-back');
  await sellerPage.context.close();
});
