/**
 * Shipping real marketplace orders (decision 0025) against the marketplace emulator: for each of
 * TAOBAO, TIKTOK, PDD, KUAISHOU, REDBOOK and JD a synced order is placed, paid, taken and scanned and
 * ships on its platform's e-waybill (print data for the platform's component, nothing decrypted),
 * then ship-back pushes the number to the shop. A shop set to 快递100 ships by decrypting through the
 * platform, once per order even when retried, with an audit row the seller reads. Quota exhausted,
 * an expired token, a refused order and a shop without a waybill account keep the goods in with a
 * Chinese reason. The warehouse settings calls refuse bad input and another tenant's shop.
 */
import { emulatorPrintSecret, type MarketplaceChannel, type MarketplaceEmulator, verifyPrintData, waybillBook } from '@dropship/channels';
import type { ReceiverDecryptPage, ShipBackView, WarehouseScanResult, WarehouseShipResult, WaybillSourceList } from '@dropship/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { shops } from '../src/modules/shops/shops.table.js';
import { login, type Session } from './helpers.js';
import { addOAuthShop } from './shops-support.js';
import { createSecondSeller, isChinese, PASSWORD } from './support.js';
import {
  orderRow,
  paidPlatformOrder,
  secondPurchaser,
  shippableEmulatorOrder,
  startWarehouseWorld,
  tookAll,
  type WarehouseWorld,
} from './warehouse-support.js';

const CHANNELS: { channel: MarketplaceChannel; source: string }[] = [
  { channel: 'TAOBAO', source: 'CAINIAO' },
  { channel: 'TIKTOK', source: 'TIKTOK' },
  { channel: 'PDD', source: 'PDD' },
  { channel: 'KUAISHOU', source: 'KUAISHOU' },
  { channel: 'REDBOOK', source: 'REDBOOK' },
  { channel: 'JD', source: 'JD' },
];

let w: WarehouseWorld;
let emu: MarketplaceEmulator;
let otherPurchaser: Session;
let otherSeller: Session;
const shopOf = new Map<MarketplaceChannel, { id: number; platformShopId: string }>();
const db = () => w.t.database.db;

beforeAll(async () => {
  w = await startWarehouseWorld();
  emu = await w.t.app.channels.emulator();
  for (const { channel } of CHANNELS) {
    const id = await addOAuthShop(w.t.app, w.seller, channel, `发货测试店${channel}`);
    const [s] = await db().select().from(shops).where(eq(shops.id, id));
    shopOf.set(channel, { id, platformShopId: s?.platformShopId as string });
  }
  otherPurchaser = await secondPurchaser(w);
  const second = await createSecondSeller(db(), 'mk');
  otherSeller = await login(w.t.app, second.username, PASSWORD);
});
afterAll(() => w?.t.close());

const shop = (c: MarketplaceChannel) => shopOf.get(c) as { id: number; platformShopId: string };

/** A shippable emulator order of the channel's shop, placed and paid, its goods taken. */
async function takenOrder(channel: MarketplaceChannel) {
  const order = shippableEmulatorOrder(emu, channel, shop(channel).platformShopId);
  const placed = await paidPlatformOrder(w, shop(channel).id, order, channel, { platformReceiver: true });
  await tookAll(db(), placed.codes);
  return { ...placed, platformOrderId: order.platformOrderId };
}

async function scanAll(codes: string[]) {
  let last: WarehouseScanResult | undefined;
  for (const c of codes) {
    const r = await w.post<WarehouseScanResult>('/api/b2/purchaser/warehouse/scan', w.purchaser, { takeCode: c });
    expect(r.errorCode, r.errorMsg).toBe(0);
    last = r.data;
  }
  return last as WarehouseScanResult;
}

const setSource = (shopId: number, source: string, s = w.purchaser) =>
  w.post<WaybillSourceList>('/api/b2/purchaser/warehouse/waybillSources', s, { shopId, source });
const stats = (c: MarketplaceChannel) => emu.core(c).decrypts.stats(shop(c).platformShopId);
const decryptsOf = async (orderNo: string, s = w.seller) => (await w.get<ReceiverDecryptPage>(`/api/b2/shops/decrypts?orderNo=${orderNo}`, s)).data;

describe('warehouse settings: waybill source per shop', () => {
  it('lists the shops of the sellers it serves, PLATFORM by default where the channel has one; saves a choice', async () => {
    await takenOrder('TAOBAO');
    const list = await w.get<WaybillSourceList>('/api/b2/purchaser/warehouse/waybillSources', w.purchaser);
    expect(list.errorCode, list.errorMsg).toBe(0);
    for (const { channel } of CHANNELS) {
      const row = list.data.list.find((r) => r.shopId === shop(channel).id);
      expect(row).toMatchObject({ channel, platformAvailable: true, source: 'PLATFORM', saved: false });
    }
    const saved = await setSource(shop('TAOBAO').id, 'KUAIDI100');
    expect(saved.data.list.find((r) => r.shopId === shop('TAOBAO').id)).toMatchObject({ source: 'KUAIDI100', saved: true });
    expect((await setSource(shop('TAOBAO').id, 'PLATFORM')).errorCode).toBe(0);
  });

  it('refuses bad input in Chinese and another purchaser’s view of the shop (not found, nothing listed)', async () => {
    for (const body of [{ shopId: shop('PDD').id, source: 'SF' }, { shopId: 'x', source: 'PLATFORM' }, {}]) {
      const r = await w.post('/api/b2/purchaser/warehouse/waybillSources', w.purchaser, body);
      expect(r.errorCode).not.toBe(0);
      expect(isChinese(r.errorMsg)).toBe(true);
    }
    const foreign = await setSource(shop('PDD').id, 'KUAIDI100', otherPurchaser);
    expect(foreign.errorCode).toBe(12001);
    expect((await w.get<WaybillSourceList>('/api/b2/purchaser/warehouse/waybillSources', otherPurchaser)).data.list).toEqual([]);
    expect((await w.get('/api/b2/purchaser/warehouse/waybillSources', w.seller)).errorCode).not.toBe(0);
  });
});

describe('platform e-waybills, every channel', () => {
  for (const { channel, source } of CHANNELS) {
    it(`${channel}: ships on the ${source} e-waybill with the encrypted receiver, nothing decrypted; ship-back succeeds`, async () => {
      const before = stats(channel).calls;
      const o = await takenOrder(channel);
      const r = await scanAll(o.codes);
      expect(r.outcome, r.shipError ?? r.message).toBe('SHIPPED');
      const print = r.waybill?.platformPrint;
      expect(print?.source).toBe(source);
      expect(verifyPrintData(print as never, emulatorPrintSecret(source as never))).toBe(true);
      const issued = waybillBook(emu.core(channel))
        .list()
        .find((x) => x.trackingNo === r.waybill?.trackingNo);
      expect(issued).toMatchObject({ objectId: `DS${o.id}`, platformOrderIds: [o.platformOrderId] });
      expect(stats(channel).calls).toBe(before);
      expect((await orderRow(db(), o.id))?.tracking_no).toBe(r.waybill?.trackingNo);

      // 补打 gives the same print data back.
      const again = await w.post<{ platformPrint?: unknown; trackingNo: string }>('/api/b2/purchaser/warehouse/reprint', w.purchaser, { orderId: o.id });
      expect(again.data).toMatchObject({ trackingNo: r.waybill?.trackingNo, platformPrint: print });

      await w.t.app.jobs.runDue();
      const back = await w.get<ShipBackView>(`/api/b2/post/orders/shipBack?orderId=${o.id}`, w.seller);
      expect(back.data, JSON.stringify(back.data)).toMatchObject({ status: 'SUCCESS', trackingNo: r.waybill?.trackingNo });
      expect(emu.shipments(channel).find((x) => x.platformOrderId === o.platformOrderId)).toMatchObject({ trackingNo: r.waybill?.trackingNo });
    });
  }

  it('a shop without a waybill account keeps the goods in (READY) with the platform’s reason; shipping again after it opens one succeeds', async () => {
    const book = waybillBook(emu.core('PDD'));
    book.noAccount('ZTO', shop('PDD').platformShopId);
    const o = await takenOrder('PDD');
    const r = await scanAll(o.codes);
    expect(r.outcome).toBe('READY');
    expect(r.shipError).toContain('快递100');
    expect((await orderRow(db(), o.id))?.status).toBe('WAITING_DELIVERING');
    book.openAccount('ZTO', shop('PDD').platformShopId);
    const shipped = await w.post<WarehouseShipResult>('/api/b2/purchaser/warehouse/ship', w.purchaser, { orderId: o.id });
    expect(shipped.errorCode, shipped.errorMsg).toBe(0);
    expect(shipped.data.waybill.platformPrint?.source).toBe('PDD');
  });
});

describe('快递100 for a marketplace shop: decrypt through the platform', () => {
  beforeAll(async () => {
    for (const c of ['TAOBAO', 'TIKTOK'] as const) expect((await setSource(shop(c).id, 'KUAIDI100')).errorCode).toBe(0);
  });
  afterAll(async () => {
    for (const c of ['TAOBAO', 'TIKTOK'] as const) await setSource(shop(c).id, 'PLATFORM');
  });

  it('decrypts once, ships by Kuaidi100, writes the audit row the seller reads (another seller reads none); nothing plain is stored', async () => {
    const before = stats('TAOBAO');
    const o = await takenOrder('TAOBAO');
    const r = await scanAll(o.codes);
    expect(r.outcome, r.shipError ?? r.message).toBe('SHIPPED');
    expect(r.waybill?.platformPrint).toBeUndefined();
    expect(stats('TAOBAO').calls).toBe(before.calls + 1);
    const courier = await w.t.app.courier.emulator();
    const sent = courier.waybills().find((x) => x.trackingNo === r.waybill?.trackingNo);
    expect(sent).toBeDefined();
    const log = await decryptsOf(o.orderNo);
    expect(log.list).toHaveLength(1);
    expect(log.list[0]).toMatchObject({
      outcome: 'OK',
      scene: 'DROPSHIP_SHIP',
      shopId: shop('TAOBAO').id,
      platformOrderId: o.platformOrderId,
      userName: 'demo_purchaser',
    });
    expect((await decryptsOf(o.orderNo, otherSeller)).list).toEqual([]);
    const [{ n }] = (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from receiver_decrypts where order_no = ${o.orderNo}`)) as [
      { n: number },
    ];
    expect(n).toBe(1);
    // The plain receiver the platform answered went to the courier only: not in the audit row, the waybill or the order.
    const plain = emu.core('TAOBAO').orders.get(o.platformOrderId)?.order.receiver.phone as string;
    expect(sent?.receiverMobile).toBe(plain);
    const stored = await queryRows<{ t: string }>(
      db(),
      sql`select concat_ws('|', (select string_agg(r::text, '|') from receiver_decrypts r where r.order_no = ${o.orderNo}),
        (select w.label from waybills w where w.order_id = ${o.id}), (select d::text from dropship_orders d where d.id = ${o.id})) as t`,
    );
    expect(stored[0]?.t).not.toContain(plain);
  });

  it('a retry after the courier failed decrypts no second time', async () => {
    const courier = await w.t.app.courier.emulator();
    const before = stats('TIKTOK').calls;
    const o = await takenOrder('TIKTOK');
    courier.setFailure('no_stock', { times: 1, api: 'label' });
    const r = await scanAll(o.codes);
    expect(r.outcome).toBe('READY');
    const shipped = await w.post<WarehouseShipResult>('/api/b2/purchaser/warehouse/ship', w.purchaser, { orderId: o.id });
    expect(shipped.errorCode, shipped.errorMsg).toBe(0);
    expect(stats('TIKTOK').calls).toBe(before + 1);
    expect((await decryptsOf(o.orderNo)).list.map((x) => x.outcome)).toEqual(['OK']);
  });

  it('quota exhausted, a refused order and an expired token keep the goods in with a Chinese reason and an audit row', async () => {
    const desk = emu.core('TAOBAO').decrypts;
    desk.setRemaining(shop('TAOBAO').platformShopId, 0);
    const q = await takenOrder('TAOBAO');
    const rq = await scanAll(q.codes);
    expect(rq.outcome).toBe('READY');
    expect(rq.shipError).toContain('额度');
    expect((await decryptsOf(q.orderNo)).list[0]).toMatchObject({ outcome: 'QUOTA_EXHAUSTED' });
    desk.setRemaining(shop('TAOBAO').platformShopId, 1000);

    const f = await takenOrder('TAOBAO');
    desk.refuse([f.platformOrderId]);
    const rf = await scanAll(f.codes);
    desk.allow();
    expect(rf.outcome).toBe('READY');
    expect(isChinese(rf.shipError ?? '')).toBe(true);
    expect((await decryptsOf(f.orderNo)).list[0]).toMatchObject({ outcome: 'REFUSED' });

    const t = await takenOrder('TAOBAO');
    emu.failNext('TAOBAO', 'TOKEN_EXPIRED');
    const rt = await scanAll(t.codes);
    expect(rt.outcome).toBe('READY');
    expect(rt.shipError).toContain('重新授权');
    expect((await decryptsOf(t.orderNo)).list[0]).toMatchObject({ outcome: 'TOKEN_EXPIRED' });
    expect((await orderRow(db(), t.id))?.status).toBe('WAITING_DELIVERING');
  });

  it('the decrypt log refuses bad filters in Chinese', async () => {
    const r = await w.get(`/api/b2/shops/decrypts?dateFrom=2026-13-01`, w.seller);
    expect(r.errorCode).not.toBe(0);
    expect(isChinese(r.errorMsg)).toBe(true);
  });
});
