/**
 * A headless parcel (无头件) in Chromium against the real server: the seller's order is delivered
 * and a 退货退款 applied server-side without a return waybill (the buyer sent it back on a waybill
 * nobody recorded). Through the pages: the purchaser's 退货登记 scan finds nothing and registers the
 * parcel with its goods as a headless parcel (its label number shown, with the print button); the
 * seller finds it in the pool on 无头件 and claims it with the after-sale number as proof; the
 * purchaser confirms the claim on its own 无头件 page; the parcel is MATCHED to the after-sale, which
 * is signed in, and the seller's 我的认领 says 认领成功.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/client';
import { afterSales } from '../../server/src/modules/after-sale/after-sale.table';
import { dropshipOrderItems } from '../../server/src/modules/dropship-orders/dropship-orders.table';
import { deliverOrder } from '../../server/src/modules/dropship-orders/fulfilment/deliver.service';
import { callers, fund, orgOf } from '../../server/test/funds-payments-support';
import { login } from '../../server/test/helpers';
import { paidOrder, tookAll, type WarehouseWorld } from '../../server/test/warehouse-support';
import { type Harness, settleOverlays, shot, signIn, startHarness } from './harness';

let h: Harness;
let w: WarehouseWorld;
beforeAll(async () => {
  h = await startHarness();
  const t = { app: h.serving.app, database: h.serving.database, config: h.serving.app.initialConfig as never, close: async () => {} };
  const seller = await login(t.app, 'demo_seller');
  const purchaser = await login(t.app, 'demo_purchaser');
  const sellerOrg = await orgOf(t.database.db, seller);
  await fund(t.database.db, sellerOrg, 1_000_000);
  w = { t, seller, purchaser, sellerOrg, purchaserOrg: await orgOf(t.database.db, purchaser), ...callers(() => t) };
});
afterAll(() => h?.close());

async function pageOf(username: 'demo_seller' | 'demo_purchaser', viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await h.newPage(viewport ? { viewport } : undefined);
  await signIn(page, h.url('www'), username, username === 'demo_seller' ? 'seller' : 'purchaser');
  await settleOverlays(page);
  return page;
}

it('registers a headless parcel, the seller claims it with proof, the purchaser confirms and it is matched', async () => {
  const db = w.t.database.db;
  const placed = await paidOrder(w, [{ costFen: 3000 }]);
  await tookAll(db, placed.codes);
  await db.transaction((tx) =>
    deliverOrder(tx as unknown as Db, h.serving.app.jobs, { purchaserOrgId: w.purchaserOrg, userId: null }, w.sellerOrg, placed.id, {
      courierCode: 'ZTO',
      courierName: '中通快递',
      trackingNo: `7826${String(Date.now() % 1e9).padStart(9, '0')}`,
    }),
  );
  const [item] = await db.select().from(dropshipOrderItems).where(eq(dropshipOrderItems.orderId, placed.id));
  const applied = await w.post<{ afterSaleNos: string[] }>('/api/b2/aftersale/orders/apply', w.seller, {
    orderId: placed.id,
    kind: 'RETURN_REFUND',
    lines: [{ itemId: item?.id, quantity: 1 }],
    reason: '尺码不合适',
    requestKey: `hp-e2e-${Date.now()}`,
  });
  expect(applied.errorCode, applied.errorMsg).toBe(0);
  const afterSaleNo = applied.data.afterSaleNos[0] as string;
  const waybill = `YT${Date.now()}`;

  // 退货登记: nothing matches the scan; the desk registers what is inside as a headless parcel.
  const purchaser = await pageOf('demo_purchaser');
  await purchaser.goto(h.url('www', '/offlineReturnOrder/returnRegistration'));
  const scan = purchaser.getByLabel('扫描快递单号');
  await expect.poll(() => scan.evaluate((el) => el === document.activeElement)).toBe(true);
  await purchaser.keyboard.type(waybill);
  await purchaser.keyboard.press('Enter');
  await purchaser.getByText(`没有找到快递单号 ${waybill}`).waitFor();
  await purchaser.getByLabel('退回快递').fill('圆通速递');
  await purchaser.getByLabel('货号1').fill('K9001');
  await purchaser.getByLabel('颜色1').fill('黑色');
  await purchaser.getByLabel('尺码1').fill('M');
  await purchaser.getByRole('button', { name: '登记为无头件' }).click();
  const result = purchaser.getByTestId('headless-result');
  await result.getByRole('button', { name: '打印无头件标签' }).waitFor();
  const barcodeNo = /HP\d{14}/.exec((await result.textContent()) ?? '')?.[0] ?? '';
  expect(barcodeNo).not.toBe('');
  await shot(purchaser, 'headless-registered');

  // 无头件 (seller): the parcel is in the pool, the waybill masked; claim it with the after-sale as proof.
  const seller = await pageOf('demo_seller');
  await seller.goto(h.url('www', `/afterSale/headlessList?keyword=${barcodeNo}`));
  const row = seller.locator('tr', { hasText: barcodeNo });
  await row.getByText('K9001').waitFor();
  expect(await row.textContent()).not.toContain(waybill);
  await row.getByRole('button', { name: '认领' }).click();
  const dialog = seller.locator('.ant-modal', { hasText: `认领无头件 ${barcodeNo}` });
  await dialog.getByLabel('售后单号').fill(afterSaleNo);
  await dialog.getByLabel('商品说明').fill('K9001 黑色 M 一件');
  await dialog.getByRole('button', { name: '提交认领' }).click();
  await seller.getByText('认领已提交，等待仓库确认').waitFor();
  await row.getByText('待仓库确认').waitFor();

  // 无头件 (purchaser), on a phone at the shelf: the claim with its proof; confirming joins the after-sale.
  const phone = await pageOf('demo_purchaser', { width: 375, height: 812 });
  await phone.goto(h.url('www', `/offlineReturnOrder/headlessParcels?keyword=${barcodeNo}`));
  const card = phone.getByTestId(`headless-${barcodeNo}`);
  await card.getByText('待认领').waitFor();
  const box = await card.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(375);
  await card.getByRole('button', { name: '认领处理' }).click();
  const drawer = phone.getByRole('dialog').filter({ hasText: `无头件 ${barcodeNo} 的认领` });
  await drawer.getByText(`售后单 ${afterSaleNo}`).waitFor();
  await drawer.getByRole('button', { name: '确认认领' }).click();
  await phone.getByText('已确认认领并关联售后单').waitFor();
  await drawer.getByText('认领成功').waitFor();
  await shot(phone, 'headless-confirmed');
  await phone.keyboard.press('Escape');
  await card.getByText('已匹配').waitFor();
  await card.getByText(`售后单 ${afterSaleNo}`).waitFor();

  // The seller's 我的认领 says so; the after-sale's return is signed in.
  await seller.goto(h.url('www', '/afterSale/headlessList?tab=claims'));
  await seller.locator('tr', { hasText: barcodeNo }).getByText('认领成功').waitFor();
  const [a] = await db.select().from(afterSales).where(eq(afterSales.afterSaleNo, afterSaleNo));
  expect(a?.returnStatus).toBe('SIGNED');
});
