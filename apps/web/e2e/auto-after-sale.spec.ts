/**
 * Automatic after-sale in a real browser: the seller turns 未拿货仅退款自动拦截并同意 on for a TAOBAO shop
 * of the marketplace emulator; one of its orders is placed and paid (server-side, as the server tests
 * do), the buyer asks a refund on the platform before picking (the emulator's own command); after
 * 立即同步 the after-sale reads 已完成 with the goods money back, the platform's refund reads agreed,
 * and the log shows the rule that did it.
 */
import type { MarketplaceEmulator, NormalizedOrder } from '@dropship/channels';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { shops } from '../../server/src/modules/shops/shops.table';
import { addOAuthShop } from '../../server/test/shops-support';
import { paidPlatformOrder } from '../../server/test/warehouse-support';
import { type Harness, settleOverlays, shot, signIn, startHarness } from './harness';
import { worldOf } from './warehouse-world';

let h: Harness;
// Per try, not per file: a retried test starts again on a fresh server.
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

const SHOP = '自动售后E2E店';

it('a rule turned on intercepts, refunds and agrees a platform refund before picking; the log shows the rule', async () => {
  const w = await worldOf(h);
  const emu: MarketplaceEmulator = await h.serving.app.channels.emulator();
  const shopId = await addOAuthShop(h.serving.app, w.seller, 'TAOBAO', SHOP);
  const [shop] = await w.t.database.db.select().from(shops).where(eq(shops.id, shopId));
  const order = (emu.addOrders('TAOBAO', shop?.platformShopId as string, 10) as NormalizedOrder[]).find(
    (o) => o.status === 'WAIT_SELLER_SEND' && o.items.every((i) => i.refundState === 'NONE'),
  );
  if (!order) throw new Error('no waiting TAOBAO order');
  const placed = await paidPlatformOrder(w, shopId, order);
  const item = order.items[0] as NormalizedOrder['items'][number];
  const goods = `${((2000 * item.quantity) / 100).toFixed(2)}`;

  const { context, page } = await h.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(page, h.url('www'), 'demo_seller', 'seller');
  await settleOverlays(page);

  // 自动售后设置: choose the shop, turn the rule on, save.
  await page.goto(h.url('www', '/basicSet/automaticAfterSale'));
  await page.getByText('自动售后未开启').waitFor();
  await page.getByRole('combobox', { name: '店铺' }).click();
  await page.locator('.ant-select-item-option', { hasText: SHOP }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('switch', { name: '未拿货仅退款自动拦截并同意' }).click();
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await page.getByText('已保存1个店铺的自动售后规则').waitFor();
  await page.getByText(/自动售后已开启（1个店铺）/).waitFor();
  await shot(page, 'auto-after-sale-settings');

  // The buyer asks a refund of the first line on the platform, before anything is picked.
  const refund = emu.openRefund('TAOBAO', order.platformOrderId, { platformItemId: item.platformItemId, reason: '不想要了' });

  // 店铺授权 → 立即同步: the sync brings the refund; the rule's job intercepts, refunds and agrees.
  await page.goto(h.url('www', '/basicSet/shopAuthorization'));
  const row = page.locator('tr', { hasText: SHOP });
  await row.getByRole('button', { name: '立即同步' }).click();
  await page.getByText('已开始同步').waitFor();

  await page.goto(h.url('www', `/afterSale/afterSaleList?orderNo=${placed.orderNo}`));
  const asRow = page.locator('tbody tr', { hasText: placed.orderNo });
  // The list is read again until the sync and the rule's job have run.
  await expect
    .poll(
      async () => {
        await page.reload();
        await asRow
          .first()
          .waitFor({ timeout: 5_000 })
          .catch(() => undefined);
        return (
          (await asRow
            .first()
            .textContent()
            .catch(() => '')) ?? ''
        );
      },
      { timeout: 60_000, interval: 1_500 },
    )
    .toContain(`已退 ${goods}`);
  await asRow.getByText('已完成').waitFor();
  expect(emu.refunds('TAOBAO', shop?.platformShopId as string).find((r) => r.platformRefundId === refund.platformRefundId)?.platformStatus).toBe('SUCCESS');
  await shot(page, 'auto-after-sale-list');

  // 自动售后日志: the decision with its rule.
  await page.goto(h.url('www', '/basicSet/automaticAfterSale/AutomaticLog'));
  const logRow = page.locator('tbody tr', { hasText: SHOP });
  await logRow.getByText('未拿货仅退款自动拦截并同意').waitFor();
  await logRow.getByText('已执行').waitFor();
  await logRow.getByText(/已在平台同意退款/).waitFor();
  await shot(page, 'auto-after-sale-log');
  await context.close();
});
