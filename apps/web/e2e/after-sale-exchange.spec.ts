/**
 * 换货补发 in Chromium against the real server: an order paid, taken and delivered, its 换货 signed in,
 * inspected 合格 with the 到付运费 the warehouse paid, and taken back by the stall — all server-side
 * with the server tests' helpers; then the seller opens 售后详情, sees the freight charged in the
 * money, opens the 换货补发 drawer, pays with the pay password and finds the replacement order's
 * number on the timeline.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/client';
import { users } from '../../server/src/modules/auth/auth.table';
import { dropshipOrderItems } from '../../server/src/modules/dropship-orders/dropship-orders.table';
import { deliverOrder } from '../../server/src/modules/dropship-orders/fulfilment/deliver.service';
import { setPayPassword } from '../../server/test/funds-payments-support';
import { paidOrder, tookAll, type WarehouseWorld } from '../../server/test/warehouse-support';
import { DEMO_PASSWORD, type Harness, settleOverlays, shot, signIn, startHarness } from './harness';
import { PAY_PASSWORD } from './money';
import { worldOf } from './warehouse-world';

let h: Harness;
let w: WarehouseWorld;
beforeAll(async () => {
  h = await startHarness();
  w = await worldOf(h);
});
afterAll(() => h?.close());

/** A delivered one-piece order whose 换货 the stall took back, the return having come 到付 ¥12.00. */
async function exchangeTakenBack() {
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
  const ok = <T>(r: { errorCode: number; errorMsg: string; data: T }) => {
    expect(r.errorCode, r.errorMsg).toBe(0);
    return r.data;
  };
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
  const id = applied.ids[0] as number;
  ok(await w.post('/api/b2/purchaser/offlineReturn/register', w.purchaser, { waybillNo: waybill }));
  const inspected = ok(
    await w.post<{ returnLineId: number }>('/api/b2/purchaser/offlineReturn/afterSale/inspect', w.purchaser, {
      id,
      result: 'QUALIFIED',
      receivedQuantity: 1,
      freightCollectFen: 1200,
    }),
  );
  const [picker] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'demo_picker'));
  ok(await w.post('/api/b2/purchaser/offlineReturn/lines/assign', w.purchaser, { lineIds: [inspected.returnLineId], pickerUserId: picker?.id }));
  ok(await w.post('/api/b2/purchaser/offlineReturn/lines/returned', w.purchaser, { lineId: inspected.returnLineId }));
  return { id, afterSaleNo: applied.afterSaleNos[0] as string };
}

it('换货补发 from 售后详情: the drawer pays with the pay password and the timeline names the replacement order', async () => {
  await setPayPassword(w.t, w.seller, DEMO_PASSWORD);
  const a = await exchangeTakenBack();

  const { page } = await h.newPage();
  await signIn(page, h.url('www'), 'demo_seller', 'seller');
  await settleOverlays(page);
  await page.goto(h.url('www', `/afterSale/afterSaleListDetail?id=${a.id}`));
  await page.getByText(`售后单 ${a.afterSaleNo}`).waitFor();
  // The 到付运费 the warehouse paid is the after-sale's money, and on its timeline.
  await page.getByRole('cell', { name: '-12.00' }).waitFor();
  await page.getByText('扣除退货到付运费').first().waitFor();

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
