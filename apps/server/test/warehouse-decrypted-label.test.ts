/**
 * The paper label of a marketplace order shipped by 快递100 after the platform decrypted its receiver
 * (decision 0025): the printed label (the shipment's and every reprint) carries the decrypted receiver
 * as any plain order's label does (full address, the real phone's last four), while the stored row
 * holds it only sealed; the label retention job erases it RECEIVER_RETAIN_DAYS after the order closed.
 */
import { type MarketplaceEmulator, type NormalizedOrder, waybillReceiverHandle } from '@dropship/channels';
import type { WarehouseScanResult, WaybillLabelData } from '@dropship/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { shops } from '../src/modules/shops/shops.table.js';
import { eraseSealedLabels } from '../src/modules/warehouse/label-retention.js';
import { addOAuthShop } from './shops-support.js';
import { paidPlatformOrder, startWarehouseWorld, tookAll, type WarehouseWorld } from './warehouse-support.js';

let w: WarehouseWorld;
let emu: MarketplaceEmulator;
let shop: { id: number; platformShopId: string };
const db = () => w.t.database.db;

beforeAll(async () => {
  w = await startWarehouseWorld();
  emu = await w.t.app.channels.emulator();
  const id = await addOAuthShop(w.t.app, w.seller, 'TAOBAO', '面单明文测试店');
  const [s] = await db().select().from(shops).where(eq(shops.id, id));
  shop = { id, platformShopId: s?.platformShopId as string };
});
afterAll(() => w?.t.close());

async function shippedDecrypted() {
  const fresh = emu.addOrders('TAOBAO', shop.platformShopId, 20) as NormalizedOrder[];
  const core = emu.core('TAOBAO');
  const order = fresh.find((o) => {
    const truth = core.orders.get(o.platformOrderId)?.order;
    return (
      truth &&
      core.canShip(truth) &&
      o.status === 'WAIT_SELLER_SEND' &&
      o.items.every((i) => i.refundState === 'NONE') &&
      waybillReceiverHandle(o) !== undefined
    );
  });
  if (!order) throw new Error('no shippable TAOBAO order');
  const placed = await paidPlatformOrder(w, shop.id, order, 'TAOBAO', { platformReceiver: true });
  await tookAll(db(), placed.codes);
  const src = await w.post('/api/b2/purchaser/warehouse/waybillSources', w.purchaser, { shopId: shop.id, source: 'KUAIDI100' });
  expect(src.errorCode, src.errorMsg).toBe(0);
  let last: WarehouseScanResult | undefined;
  for (const c of placed.codes) last = (await w.post<WarehouseScanResult>('/api/b2/purchaser/warehouse/scan', w.purchaser, { takeCode: c })).data;
  expect(last?.outcome, last?.shipError ?? last?.message).toBe('SHIPPED');
  const plain = core.orders.get(order.platformOrderId)?.order.receiver;
  if (!plain) throw new Error('no receiver on the platform');
  return { ...placed, label: last?.waybill as WaybillLabelData, plain };
}

const storedLabel = async (orderId: number) =>
  (await queryRows<{ label: string; label_sealed: boolean }>(db(), sql`select label, label_sealed from waybills where order_id = ${orderId}`))[0];
const reprint = (orderId: number) => w.post<WaybillLabelData>('/api/b2/purchaser/warehouse/reprint', w.purchaser, { orderId });

describe('the label of a decrypted order', () => {
  it('prints the decrypted receiver, stores it only sealed, and reprints it until retention erases it', async () => {
    const o = await shippedDecrypted();
    expect(o.label.receiverAddress).toContain(o.plain.address);
    expect(o.label.receiverPhone.slice(-4)).toBe(o.plain.phone.slice(-4));
    expect(o.label.receiverPhone).not.toBe(o.plain.phone);
    expect(JSON.stringify(o.label)).not.toContain('receiverSealed');

    const again = await reprint(o.id);
    expect(again.errorCode, again.errorMsg).toBe(0);
    expect(again.data.receiverAddress).toContain(o.plain.address);

    // Stored: sealed, nothing plain in the waybill, the order or the audit log.
    const row = await storedLabel(o.id);
    expect(row?.label_sealed).toBe(true);
    expect(JSON.parse(row?.label ?? '{}').receiverSealed).toMatch(/^\w+\.[\w-]+$/);
    const [all] = await queryRows<{ t: string }>(
      db(),
      sql`select concat_ws('|', (select w.label from waybills w where w.order_id = ${o.id}), (select d::text from dropship_orders d where d.id = ${o.id}),
        (select string_agg(r::text, '|') from receiver_decrypts r where r.order_id = ${o.id})) as t`,
    );
    expect(all?.t).not.toContain(o.plain.phone);
    expect(all?.t).not.toContain(o.plain.address);

    // Not closed long enough: kept. Finished 31 days ago (TEST ONLY, standing in for 签收 then): erased.
    expect(await eraseSealedLabels(db(), 30)).toBe(0);
    await db().execute(sql`update dropship_orders set status = 'FINISHED', finished_at = now() - interval '31 days' where id = ${o.id}`);
    expect(await eraseSealedLabels(db(), 30)).toBeGreaterThanOrEqual(1);
    const erased = await storedLabel(o.id);
    expect(erased?.label_sealed).toBe(false);
    expect(erased?.label).not.toContain('receiverSealed');
    const masked = await reprint(o.id);
    expect(masked.data.receiverAddress).not.toContain(o.plain.address);
  });
});
