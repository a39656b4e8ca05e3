/**
 * 打印发货 → 作废面单: an order waiting in its slot that holds a kept waybill (taken, then shipping
 * stopped) shows 已取号; 作废面单 asks first, then gives the number back to Kuaidi100 and the tag goes.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { findOrders } from '../../server/src/modules/dropship-orders/index';
import { insertWaybill } from '../../server/src/modules/warehouse/warehouse.repository';
import { paidOrder, tookAll, WAREHOUSE } from '../../server/test/warehouse-support';
import { type Harness, settleOverlays, signIn, startHarness } from './harness';
import { worldOf } from './warehouse-world';

let h: Harness;
// Per try, not per file: a retried test starts again on a fresh server.
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

it('作废面单 on a sorting order holding a kept waybill: confirm, cancelled at Kuaidi100, the 已取号 tag goes', async () => {
  const w = await worldOf(h);
  const db = w.t.database.db;
  expect((await w.post('/api/b2/purchaser/warehouse/setting', w.purchaser, WAREHOUSE)).errorCode).toBe(0);
  const o = await paidOrder(w, [{ costFen: 3000 }, { costFen: 2000 }]);
  await tookAll(db, o.codes);
  expect((await w.post('/api/b2/purchaser/warehouse/scan', w.purchaser, { takeCode: o.codes[0] })).errorCode).toBe(0);
  // Standing in for a shipment that stopped after the number was taken: the number, kept as shipParcel keeps it.
  const [order] = await findOrders(db, w.sellerOrg, [o.id]);
  const courier = h.serving.app.courier;
  const issued = await (await courier.client()).createWaybill({
    courierCode: order?.expressCode ?? 'ZTO',
    orderId: o.orderNo,
    recMan: { name: '林晓', mobile: '13800138001', printAddr: '浙江省杭州市西湖区文三路90号' },
    sendMan: { name: '代发仓', mobile: WAREHOUSE.senderPhone, printAddr: WAREHOUSE.senderAddress },
    cargo: '服装',
    count: 2,
  });
  await insertWaybill(db, {
    purchaserOrgId: w.purchaserOrg,
    sellerOrgId: w.sellerOrg,
    orderId: o.id,
    courierCode: order?.expressCode ?? 'ZTO',
    trackingNo: issued.trackingNo,
    taskId: issued.taskId,
    courierOrderNo: issued.kdComOrderNum ?? '',
    label: '{}',
  });

  const { page } = await h.newPage();
  await signIn(page, h.url('www'), 'demo_purchaser', 'purchaser', `/print/printDelivery?view=SORTING&orderNo=${o.orderNo}`);
  await settleOverlays(page);
  const row = page.getByRole('row', { name: new RegExp(o.orderNo) });
  await row.getByText('已取号').waitFor();
  await row.getByRole('button', { name: '作废面单' }).click();
  await page.getByText(`作废面单 ${issued.trackingNo}？`).waitFor();
  // antd spaces a two-character button label (作 废).
  await page.getByRole('button', { name: /^作\s?废$/ }).click();
  await page.getByText(`面单 ${issued.trackingNo} 已作废`).waitFor();
  const emulator = await courier.emulator();
  await expect.poll(() => emulator.waybills().find((x) => x.trackingNo === issued.trackingNo)?.cancelledAt).toBeTypeOf('number');
  await expect.poll(() => row.getByText('已取号').count()).toBe(0);
});
