/**
 * The behaviour every platform e-waybill client + emulator pair must show, as one vitest suite per
 * channel (`waybillContractSuite('PDD')`): the real client against the real emulator over loopback
 * HTTP, nothing mocked. A synced order gets its number with the receiver exactly as synced (no
 * decryption), the same objectId answers the same number, one parcel may carry several orders of
 * one receiver, batches split at the platform's limit, a foreign or plain receiver is refused
 * without costing the rest of its batch, cancel works once, and expired tokens and missing waybill
 * accounts come back as their own kinds with a Chinese reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MarketplaceEmulator, startMarketplaceEmulator } from './emulator.ts';
import { EMULATOR_HANDLERS } from './emulator-handlers.ts';
import { createMarketplaceClient } from './registry.ts';
import type { MarketplaceChannel, NormalizedOrder, ShopToken } from './types.ts';
import { type WaybillBook, waybillBook } from './waybill-emulator.ts';
import { emulatorPrintSecret, openPrintData, verifyPrintData } from './waybill-print.ts';
import { waybillClientFor } from './waybill-registry.ts';
import type { PlatformWaybillClient, PlatformWaybillOutcome, PlatformWaybillParcel, WaybillParty } from './waybill-types.ts';
import { waybillReceiverHandle } from './waybill-types.ts';

const START = new Date('2026-03-02T02:00:00Z');
export const WAYBILL_SENDER: WaybillParty = {
  name: '广州云仓',
  phone: '13800001111',
  province: '广东省',
  city: '广州市',
  district: '白云区',
  address: '石井街道庆丰村云仓物流园3号库',
};

export function parcelOf(order: NormalizedOrder, objectId: string): PlatformWaybillParcel {
  const r = order.receiver;
  return {
    objectId,
    platformOrderIds: [order.platformOrderId],
    receiverHandle: waybillReceiverHandle(order) ?? '',
    region: { province: r.province, city: r.city, district: r.district },
    items: order.items.map((i) => ({ name: i.title, count: i.quantity })),
    weightG: 500,
  };
}

type Ok = PlatformWaybillOutcome & { ok: true };
type Failed = PlatformWaybillOutcome & { ok: false };
export function okOf(o: PlatformWaybillOutcome | undefined): Ok {
  if (!o?.ok) throw new Error(`取号失败：${JSON.stringify(o)}`);
  return o;
}
export function failedOf(o: PlatformWaybillOutcome | undefined): Failed {
  if (!o || o.ok) throw new Error(`应当失败却取到了号：${JSON.stringify(o)}`);
  return o;
}

export function waybillContractSuite(channel: MarketplaceChannel) {
  describe(`${channel}: platform e-waybill client ⇄ emulator contract`, () => {
    const clock = START;
    let emu: MarketplaceEmulator;
    let token: ShopToken;
    let other: ShopToken;
    let book: WaybillBook;
    let seq = 0;
    const oid = (tag: string) => `${tag}-${++seq}`;
    const opts = { now: () => clock, retry: { attempts: 3, baseDelayMs: 1 }, timeoutMs: 2000 };
    const client = (): PlatformWaybillClient => waybillClientFor(channel, emu.endpointFor(channel), opts);
    const ask = (parcels: PlatformWaybillParcel[], t = token, courierCode = 'ZTO') =>
      client().getWaybills({ token: t.accessToken, courierCode, sender: WAYBILL_SENDER, orders: parcels });
    /** Orders of a shop the platform would issue a waybill for, as the channel's client reads them. */
    const shippable = (shopId: string) => {
      const core = emu.core(channel);
      return emu.orders(channel, shopId).filter((o) => {
        const truth = core.orders.get(o.platformOrderId)?.order;
        return truth && core.canShip(truth) && o.status === 'WAIT_SELLER_SEND' && waybillReceiverHandle(o) !== undefined;
      });
    };
    const first = (shopId: string, n = 0) => {
      const o = shippable(shopId)[n];
      if (!o) throw new Error('no shippable order in the emulator');
      return o;
    };

    beforeAll(async () => {
      emu = await startMarketplaceEmulator({
        handlers: EMULATOR_HANDLERS.filter((h) => h.channel === channel),
        now: () => clock,
        ordersPerShop: 60,
        historyMs: 2 * 86400_000,
        seed: 23,
      });
      const shops = createMarketplaceClient(channel, emu.endpointFor(channel), opts);
      token = await shops.exchangeCode({ code: emu.authorizeShop(channel).code, redirectUri: '' });
      other = await shops.exchangeCode({ code: emu.authorizeShop(channel, '隔壁的另一家店').code, redirectUri: '' });
      book = waybillBook(emu.core(channel));
    });
    afterAll(() => emu.close());

    it('takes a number for a synced order with its receiver as synced (no decryption); the print data verifies and opens for the print component', async () => {
      const shops = createMarketplaceClient(channel, emu.endpointFor(channel), opts);
      const synced = await shops.getOrder({ token: token.accessToken, platformOrderId: first(token.platformShopId).platformOrderId });
      const handle = waybillReceiverHandle(synced) ?? '';
      expect(handle).not.toBe('');
      const [out] = await ask([parcelOf(synced, oid('synced'))]);
      const ok = okOf(out);
      expect(ok.trackingNo).toMatch(/^78\d{12}$/);
      expect(book.list().at(-1)).toMatchObject({
        trackingNo: ok.trackingNo,
        platformOrderIds: [synced.platformOrderId],
        receiverHandle: handle,
        platformShopId: token.platformShopId,
      });
      const secret = emulatorPrintSecret(ok.printData.source);
      expect(verifyPrintData(ok.printData, secret)).toBe(true);
      const content = openPrintData(ok.printData, secret);
      expect(content).toMatchObject({ waybillCode: ok.trackingNo, courierCode: 'ZTO', receiverHandle: handle, platformOrderIds: [synced.platformOrderId] });
      const plain = emu.core(channel).orders.get(synced.platformOrderId)?.order.receiver;
      expect(JSON.stringify(content)).not.toContain(plain?.phone);
      expect(ok.printData.encryptedData).not.toContain(handle.slice(0, 12));
      const forged = { ...ok.printData, signature: `${ok.printData.signature.slice(0, -4)}AAAA` };
      expect(verifyPrintData(forged, secret)).toBe(false);
      expect(openPrintData(forged, secret)).toBeUndefined();
      expect(verifyPrintData(ok.printData, emulatorPrintSecret(ok.printData.source === 'JD' ? 'PDD' : 'JD'))).toBe(false);
    });

    it('the same objectId answers the same number; a new objectId a new one', async () => {
      const order = first(token.platformShopId, 1);
      const id = oid('again');
      const a = okOf((await ask([parcelOf(order, id)]))[0]);
      const before = book.list().length;
      const b = okOf((await ask([parcelOf(order, id)]))[0]);
      expect(b.trackingNo).toBe(a.trackingNo);
      expect(book.list()).toHaveLength(before);
      const c = okOf((await ask([parcelOf(order, oid('again'))]))[0]);
      expect(c.trackingNo).not.toBe(a.trackingNo);
    });

    it('one parcel carries several orders of the same receiver', async () => {
      const [a, b] = [first(token.platformShopId, 2), first(token.platformShopId, 3)];
      if (!a || !b) throw new Error('need two orders');
      const truth = emu.core(channel).orders.get(a.platformOrderId)?.order.receiver;
      if (!truth) throw new Error('no truth');
      emu.modifyOrder(channel, b.platformOrderId, { receiver: { ...truth } });
      const bView = emu.orders(channel, token.platformShopId).find((o) => o.platformOrderId === b.platformOrderId);
      expect(waybillReceiverHandle(bView as NormalizedOrder)).toBe(waybillReceiverHandle(a));
      const p = { ...parcelOf(a, oid('merged')), platformOrderIds: [a.platformOrderId, b.platformOrderId] };
      const ok = okOf((await ask([p]))[0]);
      expect(book.list().find((w) => w.trackingNo === ok.trackingNo)?.platformOrderIds).toEqual([a.platformOrderId, b.platformOrderId]);
    });

    it('more parcels than the platform takes at once are split into batches of at most batchMax', async () => {
      const c = client();
      const order = first(token.platformShopId, 4);
      const parcels = Array.from({ length: c.batchMax + 1 }, () => parcelOf(order, oid('batch')));
      const calls = book.batches.length;
      const out = await ask(parcels);
      expect(out.map((o) => o.objectId)).toEqual(parcels.map((p) => p.objectId));
      const numbers = out.map((o) => okOf(o).trackingNo);
      expect(new Set(numbers).size).toBe(parcels.length);
      expect(book.batches.slice(calls)).toEqual([c.batchMax, 1]);
    });

    it("refuses another shop's receiver, another shop's order and a plain receiver, and only those parcels of the batch", async () => {
      const mine = first(token.platformShopId, 5);
      const theirs = first(other.platformShopId, 0);
      const foreignHandle = { ...parcelOf(mine, oid('foreign')), receiverHandle: waybillReceiverHandle(theirs) ?? '' };
      const foreignOrder = parcelOf(theirs, oid('foreign'));
      const truth = emu.core(channel).orders.get(mine.platformOrderId)?.order.receiver;
      const plain = { ...parcelOf(mine, oid('plain')), receiverHandle: JSON.stringify({ name: truth?.name, phone: truth?.phone, address: truth?.address }) };
      const good = parcelOf(mine, oid('good'));
      const out = await ask([foreignHandle, good, foreignOrder, plain]);
      expect(out.map((o) => o.objectId)).toEqual([foreignHandle.objectId, good.objectId, foreignOrder.objectId, plain.objectId]);
      okOf(out[1]);
      for (const i of [0, 2, 3]) {
        const f = failedOf(out[i]);
        expect([f.kind, f.retryable]).toEqual(['REFUSED', false]);
        expect(f.message).toMatch(/[\u4e00-\u9fa5]/);
      }
      // The other shop takes its own order's number with its own token.
      okOf((await ask([foreignOrder], other))[0]);
      // An order without an encrypted receiver is refused without a call.
      const calls = book.batches.length;
      const none = failedOf((await ask([{ ...good, objectId: oid('none'), receiverHandle: '' }]))[0]);
      expect([none.kind, none.message.includes('快递100'), book.batches.length]).toEqual(['REFUSED', true, calls]);
    });

    it('cancels a number once; again, or a number never issued, is the platform’s error; the objectId then takes a new number', async () => {
      const order = first(token.platformShopId, 6);
      const id = oid('cancel');
      const a = okOf((await ask([parcelOf(order, id)]))[0]);
      const c = client();
      expect(await c.cancelWaybill({ token: token.accessToken, courierCode: 'ZTO', trackingNo: a.trackingNo })).toEqual({ ok: true });
      expect(book.list().find((w) => w.trackingNo === a.trackingNo)?.cancelledAt).toBeInstanceOf(Date);
      const twice = await c.cancelWaybill({ token: token.accessToken, courierCode: 'ZTO', trackingNo: a.trackingNo });
      expect(twice.ok).toBe(false);
      const unknown = await c.cancelWaybill({ token: token.accessToken, courierCode: 'ZTO', trackingNo: '78000000000000' });
      expect(unknown).toMatchObject({ ok: false, message: expect.stringMatching(/[\u4e00-\u9fa5]/) });
      const b = okOf((await ask([parcelOf(order, id)]))[0]);
      expect(b.trackingNo).not.toBe(a.trackingNo);
    });

    it('no waybill account for the courier is NO_ACCOUNT with what to do; an unknown courier is refused without a call; a rate limit is retried', async () => {
      const order = first(token.platformShopId, 7);
      book.noAccount('ZTO', token.platformShopId);
      const f = failedOf((await ask([parcelOf(order, oid('acct'))]))[0]);
      expect([f.kind, f.retryable]).toEqual(['NO_ACCOUNT', false]);
      expect(f.message).toContain('未开通中通快递电子面单');
      expect(f.message).toContain('快递100');
      book.openAccount('ZTO', token.platformShopId);
      const calls = book.batches.length;
      const nope = failedOf((await ask([parcelOf(order, oid('acct'))], token, 'NOPE'))[0]);
      expect([nope.kind, book.batches.length]).toEqual(['REFUSED', calls]);
      emu.failNext(channel, 'RATE_LIMITED', 1);
      okOf((await ask([parcelOf(order, oid('limit'))]))[0]);
      emu.failNext(channel, 'SERVER_ERROR', 3);
      const down = failedOf((await ask([parcelOf(order, oid('down'))]))[0]);
      expect([down.kind, down.retryable]).toEqual(['SERVER_ERROR', true]);
      emu.core(channel).clearFailures();
    });

    it('an expired token is TOKEN_EXPIRED for every parcel (not retried) and cancel fails', async () => {
      const order = first(token.platformShopId, 8);
      const kept = okOf((await ask([parcelOf(order, oid('exp'))]))[0]);
      emu.expireTokens(channel);
      const out = await ask([parcelOf(order, oid('exp')), parcelOf(order, oid('exp'))]);
      for (const o of out) {
        const f = failedOf(o);
        expect([f.kind, f.retryable]).toEqual(['TOKEN_EXPIRED', false]);
        expect(f.message).toContain('重新授权');
      }
      expect((await client().cancelWaybill({ token: token.accessToken, courierCode: 'ZTO', trackingNo: kept.trackingNo })).ok).toBe(false);
    });
  });
}
