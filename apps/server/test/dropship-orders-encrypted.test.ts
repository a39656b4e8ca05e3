/**
 * Placing synced marketplace orders whose receiver the platform encrypted (decision 0024): for an
 * order synced from the marketplace emulator of each channel, the preview shows the platform's masks
 * with `encrypted`, create keeps them with the platform's handle, and pay, assign, pick and scan go
 * on until the waybill, which answers a clear Chinese refusal instead of printing masks. A typed
 * receiver replaces the platform's; bad input changes nothing; another seller's order is not found;
 * encrypted orders are merged only under one handle; the abnormal list flags only undecryptable ones.
 */
import type { PlacePreviewOrder, WarehouseScanResult } from '@dropship/contract';
import { ErrorCode } from '@dropship/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { plainReceiverOf } from '../src/lib/receiver-vault/index.js';
import type { OrderRecord } from '../src/modules/dropship-orders/index.js';
import { suppliers } from '../src/modules/goods/goods.table.js';
import { writeLinks } from '../src/modules/goods/link-writer.js';
import { findSkuIdsByRefs } from '../src/modules/goods/shop-skus.repository.js';
import { shopOrderItems, shopOrders } from '../src/modules/shop-orders/shop-orders.table.js';
import { assignItems } from '../src/modules/take-assignment/assign.service.js';
import { parcelKey } from '../src/modules/warehouse/parcel.js';
import { dropshipState, RECEIVER } from './dropship-orders-support.js';
import { callers, PAY_PASSWORD } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { type PickingWorld, startPickingWorld } from './picking-support.js';
import { addOAuthShop } from './shops-support.js';
import { createSecondSeller, isChinese, PASSWORD } from './support.js';
import { setStrategy, WAREHOUSE } from './warehouse-support.js';

const CHANNELS = ['TAOBAO', 'TIKTOK', 'PDD', 'KUAISHOU', 'REDBOOK', 'JD', 'WEIDIAN'] as const;
/** Weidian gives its sellers the receiver in clear; every other platform here encrypts it. */
const PLAIN = new Set<string>(['WEIDIAN']);

let w: PickingWorld;
let other: Session;
const db = () => w.t.database.db;
const { get, post } = callers(() => w.t);
const shopIds = new Map<string, number>();
let keySeq = 0;

beforeAll(async () => {
  w = await startPickingWorld();
  const r = await post('/api/b2/purchaser/warehouse/setting', w.main, WAREHOUSE);
  expect(r.errorCode, r.errorMsg).toBe(0);
  await setStrategy({ post }, w.seller, { mergeSameReceiver: false });
  for (const c of CHANNELS) shopIds.set(c, await addOAuthShop(w.t.app, w.seller, c, `加密测试店${c}`));
  // The first sync of every new shop (and whatever else is due).
  await w.t.app.jobs.runDue();
  const second = await createSecondSeller(db(), 'enc');
  other = await login(w.t.app, second.username, PASSWORD);
}, 120_000);
afterAll(() => w?.t.close());

/** A synced, placeable order of the channel's test shop (unplaced, waiting to ship, nothing refunded), its lines linked to a stall. */
async function syncedOrder(channel: string, skip: number[] = []) {
  const shopId = shopIds.get(channel) as number;
  const rows = await db()
    .select()
    .from(shopOrders)
    .where(
      and(
        eq(shopOrders.shopId, shopId),
        eq(shopOrders.status, 'WAIT_SELLER_SEND'),
        eq(shopOrders.refundState, 'NONE'),
        eq(shopOrders.dropshipStatus, 'UNPLACED'),
      ),
    )
    .orderBy(shopOrders.id);
  const row = rows.find((r) => !skip.includes(r.id));
  if (!row) throw new Error(`no synced ${channel} order waiting to ship`);
  const lines = await db().select().from(shopOrderItems).where(eq(shopOrderItems.orderId, row.id));
  const skuIds = await findSkuIdsByRefs(
    db(),
    w.sellerOrg,
    lines.map((l) => ({ channel, itemId: l.itemId, skuId: l.skuId })),
  );
  const [stall] = await db()
    .insert(suppliers)
    .values({
      orgId: w.sellerOrg,
      name: `加密档口${++keySeq}`,
      market: '广州十三行',
      building: '新中国大厦',
      floor: '2楼',
      stallNo: `E${keySeq}`,
      marketArea: '十三行',
    })
    .returning();
  await writeLinks(
    db(),
    w.sellerOrg,
    skuIds.map((id, i) => ({ shopSkuId: id as number, supplierId: stall!.id, artNo: `E${keySeq}${i}`, color: '黑色', size: 'M', costFen: 2000 })),
    { source: 'SEED', userId: null, overwrite: true },
    () => stall!.name,
  );
  return row;
}

const preview = (s: Session, ids: number[]) => post<{ orders: PlacePreviewOrder[] }>('/api/b2/post/orders/preview', s, { shopOrderIds: ids });
const create = (s: Session, orders: unknown[]) => post<{ orders: { id: number; orderNo: string }[] }>('/api/b2/post/orders/create', s, { orders });

async function orderRow(id: number) {
  const [r] = await queryRows<{
    receiver_name: string;
    receiver_phone: string;
    receiver_address: string;
    receiver_encrypted: boolean;
    receiver_handle: string | null;
    receiver_sealed: string | null;
    status: string;
  }>(
    db(),
    sql`select receiver_name, receiver_phone, receiver_address, receiver_encrypted, receiver_handle, receiver_sealed, status from dropship_orders where id = ${id}`,
  );
  if (!r) return r;
  // What shipping reads: a plain receiver is stored masked and sealed; an encrypted one is the platform's masks.
  const opened = plainReceiverOf({
    receiverName: r.receiver_name,
    receiverPhone: r.receiver_phone,
    receiverAddress: r.receiver_address,
    receiverSealed: r.receiver_sealed,
  });
  return { ...r, opened };
}

describe('a synced order of every channel is placed, paid, picked and scanned', () => {
  for (const channel of CHANNELS) {
    it(channel, async () => {
      const so = await syncedOrder(channel);
      const p = await preview(w.seller, [so.id]);
      expect(p.errorCode, p.errorMsg).toBe(0);
      const o = p.data.orders[0] as PlacePreviewOrder;
      expect(o.blockers).toEqual([]);
      expect(o.lines.every((l) => l.reason === null)).toBe(true);
      expect(o.addressComplete).toBe(true);
      expect(o.receiver.encrypted).toBe(!PLAIN.has(channel));
      if (o.receiver.encrypted) {
        // Masks only: no ciphertext or plain phone reaches the page.
        expect(`${o.receiver.name}${o.receiver.phone}${o.receiver.address}`).toContain('*');
        expect(o.receiver.phone).not.toMatch(/^1\d{10}$/);
      }

      // Placed with the receiver exactly as the preview gave it.
      const c = await create(w.seller, [{ shopOrderId: so.id, receiver: o.receiver, expressCode: 'ZTO' }]);
      expect(c.errorCode, c.errorMsg).toBe(0);
      const placed = c.data.orders[0] as { id: number; orderNo: string };
      const row = await orderRow(placed.id);
      expect({ ...row?.opened, encrypted: row?.receiver_encrypted }).toEqual({
        name: o.receiver.name,
        phone: o.receiver.phone,
        address: o.receiver.address,
        encrypted: o.receiver.encrypted,
      });
      // Plain or not, the stored columns are masks.
      expect(row?.receiver_phone).toContain('*');
      if (o.receiver.encrypted) {
        expect(row?.receiver_handle).toBeTruthy();
        if (so.receiverDecryptHandle) expect(row?.receiver_handle).toBe(so.receiverDecryptHandle);
      } else expect(row?.receiver_handle).toBeNull();

      // Paid, assigned, picked: none of it needs the plain receiver.
      const paid = await post('/api/b2/post/orders/pay', w.seller, {
        orderIds: [placed.id],
        payMethod: 'BALANCE',
        payPassword: PAY_PASSWORD,
        requestKey: `enc-pay-${channel}-${++keySeq}`,
      });
      expect(paid.errorCode, paid.errorMsg).toBe(0);
      const items = await queryRows<{ id: number; take_code: string }>(
        db(),
        sql`select id::int, take_code from take_items where order_id = ${placed.id} order by id`,
      );
      expect(items.length).toBeGreaterThan(0);
      await assignItems(
        db(),
        w.mainCaller,
        items.map((i) => i.id),
        w.pickerA.userId,
      );
      const marked = await post('/api/b2/purchaser/picking/mark', w.pickerA, { takeItemIds: items.map((i) => i.id), result: 'TOOK', priceFen: 2000 });
      expect(marked.errorCode, marked.errorMsg).toBe(0);

      // Scanned in and shipped: an encrypted order on its platform's e-waybill (the warehouse's default source,
      // decision 0025), taken with the handle and nothing decrypted; a plain one by Kuaidi100.
      let last: WarehouseScanResult | undefined;
      for (const i of items) {
        const s = await post<WarehouseScanResult>('/api/b2/purchaser/warehouse/scan', w.main, { takeCode: i.take_code });
        expect(s.errorCode, s.errorMsg).toBe(0);
        last = s.data;
      }
      expect(last, last?.shipError ?? '').toMatchObject({ outcome: 'SHIPPED' });
      expect((await orderRow(placed.id))?.status).toBe('DELIVERED');
      const decrypts = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from receiver_decrypts where order_id = ${placed.id}`);
      expect(decrypts[0]?.n).toBe(0);
    }, 60_000);
  }
});

describe('the seller may type a receiver instead', () => {
  it('a typed receiver replaces the encrypted one: plain, validated, no handle', async () => {
    const so = await syncedOrder('TAOBAO');
    const c = await create(w.seller, [{ shopOrderId: so.id, receiver: { ...RECEIVER, encrypted: false }, expressCode: 'ZTO' }]);
    expect(c.errorCode, c.errorMsg).toBe(0);
    const row = await orderRow((c.data.orders[0] as { id: number }).id);
    expect(row).toMatchObject({ receiver_encrypted: false, receiver_handle: null });
    expect(row?.opened).toMatchObject({ name: RECEIVER.name, phone: RECEIVER.phone });
    expect(row?.receiver_phone).not.toBe(RECEIVER.phone);
  });

  it('changing the receiver of a placed encrypted order makes it plain', async () => {
    const so = await syncedOrder('TIKTOK');
    const o = (await preview(w.seller, [so.id])).data.orders[0] as PlacePreviewOrder;
    const c = await create(w.seller, [{ shopOrderId: so.id, receiver: o.receiver, expressCode: 'ZTO' }]);
    expect(c.errorCode, c.errorMsg).toBe(0);
    const id = (c.data.orders[0] as { id: number }).id;
    expect((await orderRow(id))?.receiver_encrypted).toBe(true);
    const shown = async () => (await get<{ receiverEncrypted: boolean; receiverName: string }>(`/api/b2/post/orders/detail/${id}`, w.seller)).data;
    expect(await shown()).toMatchObject({ receiverEncrypted: true, receiverName: o.receiver.name });
    const u = await post('/api/b2/post/orders/update/receivingInfo', w.seller, {
      id,
      receiver: { ...RECEIVER, province: o.receiver.province, city: o.receiver.city, district: o.receiver.district },
    });
    expect(u.errorCode, u.errorMsg).toBe(0);
    const row = await orderRow(id);
    expect(row).toMatchObject({ receiver_encrypted: false, receiver_handle: null });
    expect(row?.opened.name).toBe(RECEIVER.name);
    expect(await shown()).toMatchObject({ receiverEncrypted: false, receiverName: RECEIVER.name });
  });
});

describe('bad input changes nothing', () => {
  it('the platform masks typed as a plain receiver: the phone check, in Chinese', async () => {
    const so = await syncedOrder('TAOBAO');
    const o = (await preview(w.seller, [so.id])).data.orders[0] as PlacePreviewOrder;
    const before = await dropshipState(db());
    const { encrypted: _e, ...typed } = o.receiver;
    const r = await create(w.seller, [{ shopOrderId: so.id, receiver: typed, expressCode: 'ZTO' }]);
    expect(r.errorCode).toBe(ErrorCode.BAD_REQUEST);
    expect(r.errorMsg).toContain('收货人手机号格式不正确');
    const odd = await create(w.seller, [{ shopOrderId: so.id, receiver: { ...o.receiver, encrypted: 'yes' }, expressCode: 'ZTO' }]);
    expect(odd.errorCode).toBe(ErrorCode.BAD_REQUEST);
    expect(odd.errorMsg).toContain('encrypted 只能是 true');
    expect(await dropshipState(db())).toEqual(before);
  });

  it('keeping the platform receiver of a plain order, or of a by-hand order, is refused', async () => {
    const plain = await syncedOrder('WEIDIAN');
    const before = await dropshipState(db());
    const fake = { ...RECEIVER, name: '林*', phone: '*******8001', encrypted: true };
    const r = await create(w.seller, [{ shopOrderId: plain.id, receiver: fake, expressCode: 'ZTO' }]);
    expect(r.errorCode).toBe(ErrorCode.DROPSHIP_PLATFORM_RECEIVER_UNAVAILABLE);
    expect(r.errorMsg).toContain(plain.platformOrderId);
    expect(isChinese(r.errorMsg)).toBe(true);
    const manual = await create(w.seller, [{ items: [{ customGoodsId: 1, quantity: 1 }], receiver: fake, expressCode: 'ZTO' }]);
    expect(manual.errorCode).toBe(ErrorCode.DROPSHIP_PLATFORM_RECEIVER_UNAVAILABLE);
    expect(await dropshipState(db())).toEqual(before);
  });

  it('an encrypted order the platform gave no handle for: the preview asks for a receiver, create refuses, the abnormal list flags it', async () => {
    const so = await syncedOrder('TAOBAO');
    await db().update(shopOrders).set({ receiverDecryptHandle: null }).where(eq(shopOrders.id, so.id));
    const o = (await preview(w.seller, [so.id])).data.orders[0] as PlacePreviewOrder;
    expect(o).toMatchObject({ addressComplete: false, receiver: { encrypted: true } });
    const before = await dropshipState(db());
    const r = await create(w.seller, [{ shopOrderId: so.id, receiver: o.receiver, expressCode: 'ZTO' }]);
    expect(r.errorCode).toBe(ErrorCode.DROPSHIP_PLATFORM_RECEIVER_UNAVAILABLE);
    expect(await dropshipState(db())).toEqual(before);

    const page = await post<{ list: { id: number; reasons: string[] }[] }>('/api/b2/orders/abnormal/page', w.seller, {
      pageNo: 1,
      pageSize: 100,
      reason: 'NO_DECRYPT_HANDLE',
    });
    expect(page.errorCode, page.errorMsg).toBe(0);
    // Only the order without a handle: the other encrypted orders can be decrypted and are not abnormal.
    expect(page.data.list.map((x) => x.id)).toEqual([so.id]);
  });

  it("another seller's shop order is not found, for preview and for create with the platform receiver", async () => {
    const so = await syncedOrder('PDD');
    const o = (await preview(w.seller, [so.id])).data.orders[0] as PlacePreviewOrder;
    const before = await dropshipState(db());
    const p = await preview(other, [so.id]);
    expect(p.errorCode).toBe(ErrorCode.NOT_FOUND);
    const c = await create(other, [{ shopOrderId: so.id, receiver: o.receiver, expressCode: 'ZTO' }]);
    expect(c.errorCode).toBe(ErrorCode.NOT_FOUND);
    expect(await dropshipState(db())).toEqual(before);
  });
});

describe('parcel merging', () => {
  const base = {
    id: 1,
    orgId: 1,
    purchaserOrgId: 2,
    expressCode: 'ZTO',
    paidAt: new Date('2026-11-20T04:00:00Z'),
    createdAt: new Date('2026-11-20T04:00:00Z'),
    receiverName: '冯**',
    receiverPhone: '*******9668',
    receiverProvince: '浙江省',
    receiverCity: '杭州市',
    receiverDistrict: '西湖区',
    receiverAddress: '文三路***',
    receiverEncrypted: true,
    receiverHandle: 'oaid-A',
  } as OrderRecord;

  it('never merges two encrypted orders by their masks: the same handle, or apart', () => {
    expect(parcelKey({ ...base, id: 2 })).toBe(parcelKey(base));
    expect(parcelKey({ ...base, id: 2, receiverHandle: 'oaid-B' })).not.toBe(parcelKey(base));
    expect(parcelKey({ ...base, id: 2, receiverHandle: null })).not.toBe(parcelKey({ ...base, receiverHandle: null }));
    // A plain order with the same text is another receiver.
    expect(parcelKey({ ...base, id: 2, receiverEncrypted: false, receiverHandle: null })).not.toBe(parcelKey(base));
  });

  it('plain orders of one receiver still merge', () => {
    const plain = { ...base, receiverEncrypted: false, receiverHandle: null, receiverName: '林晓', receiverPhone: '13800138001' };
    expect(parcelKey({ ...plain, id: 2 })).toBe(parcelKey(plain));
  });
});
