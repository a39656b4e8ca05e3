/**
 * A synced marketplace order whose receiver the platform encrypted, in a real browser: the demo's Douyin
 * shop syncs from the marketplace emulator, demo_seller ticks one of its orders and clicks 批量代发下单, and
 * the place page shows the platform's masked receiver tagged 平台加密 (it answered 系统异常 before); 修改
 * starts a typed receiver from the area only.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Harness, settleOverlays, shot, signIn, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const SHOP = '小美抖音小店';

interface ShopRow {
  id: number;
  name: string;
  sync: { state: string; lastSyncedAt: string | null };
}

it('places from an encrypted synced order: masks shown, tagged 平台加密, no 系统异常', async () => {
  const seller = await h.apiSession('demo_seller', 'seller');
  const shopOf = async () => (await seller.post<ShopRow[]>('/api/b2/shops/list', {})).find((s) => s.name === SHOP);
  const shop = await shopOf();
  expect(shop).toBeTruthy();
  const asked = Date.now();
  await seller.post('/api/b2/shops/sync', { id: shop!.id });
  await expect
    .poll(
      async () => {
        const s = (await shopOf())?.sync;
        return !!s && s.state === 'IDLE' && !!s.lastSyncedAt && Date.parse(s.lastSyncedAt) >= asked - 1000;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  const page1 = await seller.post<{ list: { platformOrderId: string; status: string }[] }>('/api/b2/orders/page', {
    pageNo: 1,
    pageSize: 50,
    shopId: shop!.id,
  });
  const synced = page1.list.find((o) => o.status === 'WAIT_SELLER_SEND');
  expect(synced, '一个待发货的抖音订单').toBeTruthy();

  const { context, page } = await h.newPage();
  await signIn(page, h.url('www'), 'demo_seller', 'seller', `/order/orderList?platformOrderId=${synced!.platformOrderId}`);
  await settleOverlays(page);
  await page.locator('tr', { hasText: synced!.platformOrderId }).locator('input[type=checkbox]').check();
  await page.getByRole('button', { name: /批量代发下单/ }).click();
  await page.waitForURL(/\/order\/placeOrder\?shopOrderIds=\d+$/);
  const card = page.getByTestId('place-order-card');
  await card.getByText(synced!.platformOrderId).waitFor();
  const tag = card.getByTestId('receiver-encrypted');
  await tag.waitFor();
  expect(await tag.textContent()).toBe('平台加密');
  await tag.hover();
  await page.getByText('发货时由平台解密或使用平台电子面单，卖家无需填写').waitFor();
  // The masks as the platform gave them (Douyin: 138****5678), never a plain number.
  expect(await card.textContent()).toMatch(/\d{3}\*{4}\d{4}/);
  expect(await page.getByText('系统异常').count()).toBe(0);
  await shot(page, 'dropship-place-encrypted');

  // 修改: a typed receiver replaces the platform's; the form starts from the area only.
  await card.getByRole('button', { name: '修改' }).click();
  const dialog = page.locator('.ant-modal', { hasText: '修改收货信息' });
  await dialog.waitFor();
  expect(await dialog.getByLabel('收货人').inputValue()).toBe('');
  expect(await dialog.getByLabel('手机号').inputValue()).toBe('');
  await context.close();
}, 120_000);
