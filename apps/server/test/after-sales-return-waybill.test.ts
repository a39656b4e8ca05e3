/**
 * The buyer's return waybill from a platform other than Taobao (PDD's tracking_number / shipping_name, through
 * the real client against the marketplace emulator): a return refund synced on a shipped order opens the return
 * after-sale with the platform's waybill, and one the buyer fills in later reaches the waiting after-sale on the
 * next sync (a FILL_WAYBILL by 平台), so the warehouse signs the parcel in by it.
 */
import type { NormalizedOrder } from '@dropship/channels';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterSaleEvents, afterSales } from '../src/modules/after-sale/after-sale.table.js';
import { type PlatformRefundWorld, startPlatformRefundWorld } from './platform-refund-world.js';

let w: PlatformRefundWorld;
const db = () => w.t.database.db;
const ofOrder = (orderId: number) => db().select().from(afterSales).where(eq(afterSales.orderId, orderId)).orderBy(afterSales.id);

beforeAll(async () => {
  w = await startPlatformRefundWorld('拼多多退货单号', '7824', 'PDD');
});
afterAll(() => w?.close());

/** A shipped order of the PDD shop and a return refund its buyer asks on its first line. */
async function shippedReturn(waybill?: { returnCourierName: string; returnWaybillNo: string }) {
  const order = w.waitingOrder();
  const { id } = await w.placeAndPay(order);
  await w.deliver(id);
  const item = order.items[0] as NormalizedOrder['items'][number];
  const refund = w.emu.openRefund('PDD', order.platformOrderId, { platformItemId: item.platformItemId, hasGoodReturn: true, reason: '尺码不合适', ...waybill });
  await w.sync();
  const [a] = await ofOrder(id);
  return { a: a as NonNullable<typeof a>, refundId: refund.platformRefundId, orderId: id };
}

describe("a PDD shop's return refund and the buyer's return waybill", () => {
  it('a refund synced with its waybill opens the return after-sale carrying it', async () => {
    const { a } = await shippedReturn({ returnCourierName: '中通快递', returnWaybillNo: 'ZT5566778899' });
    expect(a).toMatchObject({
      source: 'PLATFORM',
      type: 'RETURN_GOODS_DELIVERY',
      status: 'REFUNDING',
      returnStatus: 'WAIT_SIGNED',
      returnCourierName: '中通快递',
      returnWaybillNo: 'ZT5566778899',
    });
  });

  it('a waybill the buyer gives later fills the waiting after-sale on the next sync, once', async () => {
    const { a, refundId, orderId } = await shippedReturn();
    expect(a).toMatchObject({ type: 'RETURN_GOODS_DELIVERY', returnWaybillNo: '' });
    w.emu.changeRefund('PDD', refundId, { returnCourierName: '韵达快递', returnWaybillNo: 'YD3344556677' });
    await w.sync();
    const [filled] = await ofOrder(orderId);
    expect(filled).toMatchObject({ returnCourierName: '韵达快递', returnWaybillNo: 'YD3344556677' });
    const events = await db().select().from(afterSaleEvents).where(eq(afterSaleEvents.afterSaleId, a.id));
    expect(events.map((e) => e.operation)).toEqual(['PLATFORM_APPLY', 'FILL_WAYBILL']);
    await w.sync();
    expect(await db().select().from(afterSaleEvents).where(eq(afterSaleEvents.afterSaleId, a.id))).toHaveLength(2);
  });
});
