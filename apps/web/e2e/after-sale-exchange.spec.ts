/**
 * 换货补发 in Chromium against the real server: an order paid, taken and delivered and its 换货 asked
 * server-side (the server tests' helpers); the warehouse on a 390 px phone scans the return in and
 * inspects it 合格 with a photo taken by the camera input and the 到付运费 it paid; the stall takes the
 * goods back (server-side); then the seller opens 售后详情, sees the photo and the freight charged in
 * the money, opens the 换货补发 drawer, pays with the pay password and finds the replacement order's
 * number on the timeline.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/client';
import { users } from '../../server/src/modules/auth/auth.table';
import { dropshipOrderItems } from '../../server/src/modules/dropship-orders/dropship-orders.table';
import { deliverOrder } from '../../server/src/modules/dropship-orders/fulfilment/deliver.service';
import { offlineReturnLines } from '../../server/src/modules/offline/offline.table';
import { setPayPassword } from '../../server/test/funds-payments-support';
import { paidOrder, tookAll, type WarehouseWorld } from '../../server/test/warehouse-support';
import { DEMO_PASSWORD, type Harness, settleOverlays, shot, signIn, startHarness } from './harness';
import { PAY_PASSWORD } from './money';
import { worldOf } from './warehouse-world';

// A server per try: a retry must not meet the first try's pay password and after-sale.
let h: Harness;
let w: WarehouseWorld;
beforeEach(async () => {
  h = await startHarness();
  w = await worldOf(h);
});
afterEach(() => h?.close());

const ok = <T>(r: { errorCode: number; errorMsg: string; data: T }) => {
  expect(r.errorCode, r.errorMsg).toBe(0);
  return r.data;
};

/** A delivered one-piece order and its 换货 with the buyer's return waybill (server-side). */
async function exchangeReturning() {
  const db = w.t.database.db;
  const placed = await paidOrder(w, [{ costFen: 2800 }]);
  await tookAll(db, placed.codes);
  await db.transaction((tx) =>
    deliverOrder(tx as unknown as Db, h.serving.app.jobs, { purchaserOrgId: w.purchaserOrg, userId: null }, w.sellerOrg, placed.id, {
      courierCode: 'ZTO',
      courierName: '中通快递',
      trackingNo: `7826${String(Date.now() % 1e9).padStart(9, '0')}`,
    }),
  );
  const [item] = await db.select().from(dropshipOrderItems).where(eq(dropshipOrderItems.orderId, placed.id));
  const waybill = `SF${Date.now()}`;
  const applied = ok(
    await w.post<{ ids: number[]; afterSaleNos: string[] }>('/api/b2/aftersale/orders/apply', w.seller, {
      orderId: placed.id,
      kind: 'EXCHANGE',
      lines: [{ itemId: item?.id, quantity: 1 }],
      reason: '尺码不合适',
      returnCourierName: '顺丰速运',
      returnWaybillNo: waybill,
      requestKey: `e2e-exchange-${Date.now()}`,
    }),
  );
  return { id: applied.ids[0] as number, afterSaleNo: applied.afterSaleNos[0] as string, waybill };
}

/** The smallest PNG (1×1): the server checks the bytes. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/**
 * On a 390 px phone: 退货登记 scans the return in, 验货 合格 with a photo from the camera (the file
 * input) and the ¥12.00 到付运费 the warehouse paid; nothing scrolls sideways.
 */
async function inspectOnPhone(a: { afterSaleNo: string; waybill: string }) {
  const { context, page } = await h.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(page, h.url('www'), 'demo_purchaser', 'purchaser', '/offlineReturnOrder/returnRegistration');
  await settleOverlays(page);
  const scan = page.getByLabel('扫描快递单号');
  await expect.poll(() => scan.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(a.waybill);
  await page.keyboard.press('Enter');
  const matched = page.getByTestId('after-sale-matches').locator('tr', { hasText: a.afterSaleNo });
  await matched.getByRole('button', { name: '验货' }).click();
  const dialog = page.locator('.ant-modal', { hasText: `验货 ${a.afterSaleNo}` });
  const input = dialog.locator('input[type=file]');
  expect([await input.getAttribute('accept'), await input.getAttribute('capture')]).toEqual(['image/*', 'environment']);
  await input.setInputFiles({ name: 'return.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByAltText('验货图片1').waitFor();
  await dialog.getByLabel('到付运费（元）').fill('12');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await shot(page, 'after-sale-inspect-phone');
  await dialog.getByRole('button', { name: '提交验货' }).click();
  await page.getByText(`${a.afterSaleNo} 验货合格，已进入退货入库分配`).waitFor();
  await context.close();
}

/** The return line assigned and the stall's 已退货 (server-side): the exchange's goods are taken back. */
async function stallTakesBack(id: number) {
  const db = w.t.database.db;
  const lineId = (await db.select({ lineId: offlineReturnLines.id }).from(offlineReturnLines).where(eq(offlineReturnLines.afterSaleId, id)))[0]?.lineId;
  const [picker] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'demo_picker'));
  ok(await w.post('/api/b2/purchaser/offlineReturn/lines/assign', w.purchaser, { lineIds: [lineId], pickerUserId: picker?.id }));
  ok(await w.post('/api/b2/purchaser/offlineReturn/lines/returned', w.purchaser, { lineId }));
}

it('the phone’s 验货 with a photo and 到付运费, then 换货补发 from 售后详情: the drawer pays with the pay password and the timeline names the replacement order', async () => {
  await setPayPassword(w.t, w.seller, DEMO_PASSWORD);
  const a = await exchangeReturning();
  await inspectOnPhone(a);
  await stallTakesBack(a.id);

  const { page } = await h.newPage();
  await signIn(page, h.url('www'), 'demo_seller', 'seller', `/afterSale/afterSaleListDetail?id=${a.id}`);
  await settleOverlays(page);
  await page.getByText(`售后单 ${a.afterSaleNo}`).waitFor();
  // The 到付运费 the warehouse paid is the after-sale's money, and on its timeline.
  await page.getByRole('cell', { name: '-12.00' }).waitFor();
  await page.getByText('扣除退货到付运费').first().waitFor();
  // The phone's photo, served to the seller of the after-sale.
  const photo = page.getByTestId('after-sale-inspection').getByAltText('验货图片1');
  await expect.poll(() => photo.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);

  await page.getByRole('button', { name: '换货补发' }).click();
  const drawer = page.locator('.ant-drawer', { hasText: `换货补发 ${a.afterSaleNo}` });
  await drawer.getByText('档口已收回退货').waitFor();
  await drawer.getByLabel('支付密码').fill(PAY_PASSWORD);
  await drawer.getByRole('button', { name: '确认补发' }).click();
  const title = drawer.getByText(/已补发为代发订单 \S+/).first();
  await title.waitFor();
  const orderNo = (/已补发为代发订单 (\S+)/.exec((await title.textContent()) ?? '')?.[1] ?? '').trim();
  expect(orderNo).not.toBe('');
  await page.keyboard.press('Escape');

  const timeline = page.locator('.ant-card', { hasText: '售后进度' });
  await timeline.getByText('换货补发').first().waitFor();
  await timeline.getByText(orderNo, { exact: false }).first().waitFor();
  await shot(page, 'after-sale-exchange-reshipped');
});
