/**
 * 异常订单 → 平台解密收货人失败: a Taobao order shipped by 快递100 whose shop's decrypt quota is used
 * up stays in the warehouse; the seller's abnormal list shows it with the platform's message, and
 * 修改地址 (typing the receiver) takes it off the list.
 */
import type { MarketplaceEmulator, NormalizedOrder } from '@dropship/channels';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { shops } from '../../server/src/modules/shops/shops.table';
import { addOAuthShop } from '../../server/test/shops-support';
import { paidPlatformOrder, tookAll, WAREHOUSE } from '../../server/test/warehouse-support';
import { type Harness, settleOverlays, signIn, startHarness } from './harness';
import { worldOf } from './warehouse-world';

let h: Harness;
// Per try, not per file: a retried test starts again on a fresh server.
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

it('a decrypt refused for lack of quota shows on the abnormal list with the platform’s message; typing the receiver clears it', async () => {
  const w = await worldOf(h);
  expect((await w.post('/api/b2/purchaser/warehouse/setting', w.purchaser, WAREHOUSE)).errorCode).toBe(0);
  const emu: MarketplaceEmulator = await h.serving.app.channels.emulator();
  const shopId = await addOAuthShop(h.serving.app, w.seller, 'TAOBAO', '解密额度测试店');
  const [shop] = await w.t.database.db.select().from(shops).where(eq(shops.id, shopId));
  const platformShopId = shop?.platformShopId as string;
  const core = emu.core('TAOBAO');
  const order = (emu.addOrders('TAOBAO', platformShopId, 20) as NormalizedOrder[]).find((o) => {
    const truth = core.orders.get(o.platformOrderId)?.order;
    return truth && core.canShip(truth) && o.status === 'WAIT_SELLER_SEND' && o.items.every((i) => i.refundState === 'NONE') && o.receiver.decryptHandle;
  });
  if (!order) throw new Error('no shippable TAOBAO order');
  const placed = await paidPlatformOrder(w, shopId, order, 'TAOBAO', { platformReceiver: true });
  await tookAll(w.t.database.db, placed.codes);
  expect((await w.post('/api/b2/purchaser/warehouse/waybillSources', w.purchaser, { shopId, source: 'KUAIDI100' })).errorCode).toBe(0);
  core.decrypts.setRemaining(platformShopId, 0);
  for (const c of placed.codes) await w.post('/api/b2/purchaser/warehouse/scan', w.purchaser, { takeCode: c });

  const { page } = await h.newPage();
  await signIn(page, h.url('www'), 'demo_seller', 'seller', '/order/abnormalList?reason=DECRYPT_FAILED');
  await settleOverlays(page);
  const row = page.getByRole('row', { name: new RegExp(order.platformOrderId) });
  await row.getByText('平台解密收货人失败').waitFor();
  await row.getByText(/额度/).first().waitFor();
  await row.getByRole('button', { name: /处\s?理/ }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByText(`代发订单 ${placed.orderNo} 发货时平台解密收货人失败`).waitFor();
  await drawer.getByText(/等额度恢复后仓库再次发货/).waitFor();
  await drawer.getByRole('button', { name: '修改地址' }).first().click();
  const modal = page.getByRole('dialog', { name: '修改收货地址' });
  await modal.getByLabel('收货人').fill('王小二');
  await modal.getByLabel('手机号').fill('13712345678');
  await modal.getByLabel('详细地址').fill('人民路8号');
  await modal.getByRole('button', { name: /保\s?存/ }).click();
  await page.getByText('收货地址已修改').waitFor();
  await expect.poll(() => page.getByRole('row', { name: new RegExp(order.platformOrderId) }).count(), { timeout: 20_000 }).toBe(0);
});
