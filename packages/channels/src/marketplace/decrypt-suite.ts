/**
 * The receiver-decryption behaviour every client + emulator pair must show, run for each channel
 * (channelContractSuite calls it; channels without the contract suite run it from their own test
 * file). Real client against the real emulator over loopback HTTP: a synced order's handle gives
 * back exactly the generated receiver; batches are cut at decryptBatchMax with outcomes in order;
 * a refused order fails alone; quota, expired token, limits and forged handles each give their
 * kind with a Chinese reason; another shop's order is never decrypted. Plain channels answer
 * BAD_DATA without a call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketplaceClientOptions } from './client-options.ts';
import { type MarketplaceEmulator, startMarketplaceEmulator } from './emulator.ts';
import { EMULATOR_HANDLERS } from './emulator-handlers.ts';
import { createMarketplaceClient } from './registry.ts';
import type { DecryptOutcome, MarketplaceChannel, MarketplaceClient, NormalizedOrder, PlainReceiver, ShopToken } from './types.ts';

const START = new Date('2026-03-02T02:00:00Z');
const HAN = /[\u4e00-\u9fa5]/;

/** Flips one character in the middle of the handle's first long base64 run: a forged ciphertext. */
export function tamper(handle: string): string {
  const m = /[A-Za-z0-9+/]{16,}/.exec(handle);
  if (!m) return `${handle}x`;
  const at = m.index + Math.floor(m[0].length / 2);
  return `${handle.slice(0, at)}${handle[at] === 'A' ? 'B' : 'A'}${handle.slice(at + 1)}`;
}

export function channelDecryptSuite(channel: MarketplaceChannel) {
  describe(`${channel}: receiver decryption through the platform`, () => {
    let clock = START;
    let emu: MarketplaceEmulator;
    let token: ShopToken;
    /** The emulator's id of the shop (an ERP token names its own, e.g. WDT's sid). */
    let shopId: string;
    let calls = 0;
    const fetchCounting: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const client = (extra: MarketplaceClientOptions = {}): MarketplaceClient =>
      createMarketplaceClient(channel, emu.endpointFor(channel), {
        now: () => clock,
        retry: { attempts: 3, baseDelayMs: 1 },
        fetch: fetchCounting,
        timeoutMs: 5000,
        ...extra,
      });
    const core = () => emu.core(channel);
    const stats = () => core().decrypts.stats(shopId);
    /** The generator's receiver: what a decrypt must give back. */
    const truth = (id: string): PlainReceiver => {
      const r = core().orders.get(id)?.order.receiver;
      if (!r) throw new Error(`no order ${id}`);
      return {
        name: r.name,
        phone: r.phone,
        province: r.province,
        city: r.city,
        district: r.district,
        ...(r.town ? { town: r.town } : {}),
        address: r.address,
      };
    };
    const withHandle = (shop = shopId) => emu.orders(channel, shop).filter((o) => o.receiver.decryptHandle && o.status === 'WAIT_SELLER_SEND');
    const itemOf = (o: NormalizedOrder) => ({ platformOrderId: o.platformOrderId, handle: o.receiver.decryptHandle ?? '' });
    const decrypt = async (items: { platformOrderId: string; handle: string }[], c = client(), t = token.accessToken) => {
      calls = 0;
      return c.decryptReceivers({ token: t, scene: 'DROPSHIP_SHIP', items });
    };
    const pick = (n: number) => {
      const orders = withHandle();
      if (orders.length < n) throw new Error(`only ${orders.length} orders with a handle`);
      return orders.slice(0, n);
    };
    const expectFailure = (o: DecryptOutcome | undefined, kind: string, retryable: boolean) => {
      expect(o).toMatchObject({ ok: false, kind, retryable });
      expect(o?.ok === false && o.message).toMatch(HAN);
    };

    beforeAll(async () => {
      emu = await startMarketplaceEmulator({
        handlers: EMULATOR_HANDLERS.filter((h) => h.channel === channel),
        now: () => clock,
        ordersPerShop: 120,
        historyMs: 2 * 86400_000,
        seed: 23,
      });
      const { code, platformShopId } = emu.authorizeShop(channel, undefined, 'http://127.0.0.1:8080/cb');
      shopId = platformShopId;
      token = await client().exchangeCode({ code, redirectUri: 'http://127.0.0.1:8080/cb' });
    });
    afterAll(() => emu.close());

    it('plain channels: decryptBatchMax 0, every item BAD_DATA (不加密，无需解密) without asking the platform', async () => {
      const c = client();
      if (c.decryptBatchMax > 0) return;
      const o = emu.orders(channel, shopId)[0] as NormalizedOrder;
      expect(o.receiver.encrypted).toBe(false);
      const out = await decrypt([{ platformOrderId: o.platformOrderId, handle: 'x' }], c);
      expect(calls).toBe(0);
      expectFailure(out[0], 'BAD_DATA', false);
      expect(out[0]?.ok === false && out[0].message).toContain('该渠道的收货人不加密，无需解密');
    });

    it('decrypts a synced order’s handle to exactly the receiver the generator made, in one call', async () => {
      const c = client();
      if (c.decryptBatchMax === 0) return;
      const [listed] = pick(1);
      const id = listed?.platformOrderId ?? '';
      const synced = await c.getOrder({ token: token.accessToken, platformOrderId: id });
      expect(synced.receiver.encrypted).toBe(true);
      expect(synced.receiver.phone).not.toBe(truth(id).phone);
      const before = stats();
      const out = await decrypt([itemOf(synced)], c);
      expect(out).toEqual([{ platformOrderId: id, ok: true, receiver: truth(id) }]);
      expect(calls).toBe(1);
      expect(stats().calls - before.calls).toBe(1);
    });

    it('cuts more items than decryptBatchMax into several calls; outcomes come back in the items’ order', async () => {
      const c = client();
      if (c.decryptBatchMax === 0) return;
      const n = c.decryptBatchMax * 2 + 1;
      const orders = withHandle();
      // Fewer distinct orders than items: an order may appear twice in a run, as a re-decrypt would.
      const items = Array.from({ length: n }, (_, i) => itemOf(orders[(i * 7) % orders.length] as NormalizedOrder));
      const before = stats();
      const out = await decrypt(items, c);
      expect(calls).toBe(3);
      expect(stats().calls - before.calls).toBe(3);
      expect(out.map((x) => x.platformOrderId)).toEqual(items.map((x) => x.platformOrderId));
      for (const x of out) expect(x).toEqual({ platformOrderId: x.platformOrderId, ok: true, receiver: truth(x.platformOrderId) });
    });

    it('a platform that refuses one order of a batch fails that order only (REFUSED, not retryable)', async () => {
      const c = client();
      if (c.decryptBatchMax === 0) return;
      const [a, b, d] = pick(3) as [NormalizedOrder, NormalizedOrder, NormalizedOrder];
      core().decrypts.refuse([b.platformOrderId]);
      try {
        const out = await decrypt([itemOf(a), itemOf(b), itemOf(d)], c);
        expect(calls).toBe(1);
        expect(out[0]).toMatchObject({ ok: true, receiver: truth(a.platformOrderId) });
        expectFailure(out[1], 'REFUSED', false);
        expect(out[1]?.platformOrderId).toBe(b.platformOrderId);
        expect(out[2]).toMatchObject({ ok: true, receiver: truth(d.platformOrderId) });
      } finally {
        core().decrypts.allow();
      }
    });

    it('an exhausted daily quota is QUOTA_EXHAUSTED for the whole call, not retried, with a Chinese fix; it comes back the next Beijing day', async () => {
      const c = client();
      if (c.decryptBatchMax === 0) return;
      const items = pick(2).map(itemOf);
      core().decrypts.setRemaining(shopId, 0);
      const out = await decrypt(items, c);
      expect(calls).toBe(1);
      for (const x of out) {
        expectFailure(x, 'QUOTA_EXHAUSTED', false);
        expect(x.ok === false && x.message).toContain('今日解密额度已用完，请明天再试或使用平台电子面单');
      }
      clock = new Date(clock.getTime() + 86400_000);
      const next = await decrypt(items, c);
      expect(next.every((x) => x.ok)).toBe(true);
    });

    it('an expired or unknown token is TOKEN_EXPIRED for every item, asked once', async () => {
      const c = client();
      if (c.decryptBatchMax === 0) return;
      const items = pick(2).map(itemOf);
      emu.failNext(channel, 'TOKEN_EXPIRED');
      const out = await decrypt(items, c);
      expect(calls).toBe(1);
      for (const x of out) expectFailure(x, 'TOKEN_EXPIRED', false);
      const unknown = await decrypt(items, c, 'not-a-token');
      for (const x of unknown) expectFailure(x, 'TOKEN_EXPIRED', false);
    });

    it('a tampered handle, another order’s handle (wrong tag) or a non-handle is BAD_DATA; the rest of the batch decrypts', async () => {
      const c = client();
      if (c.decryptBatchMax === 0) return;
      const [a, b, d] = pick(3) as [NormalizedOrder, NormalizedOrder, NormalizedOrder];
      const out = await decrypt(
        [
          { platformOrderId: a.platformOrderId, handle: tamper(a.receiver.decryptHandle ?? '') },
          { platformOrderId: b.platformOrderId, handle: d.receiver.decryptHandle ?? '' },
          { platformOrderId: d.platformOrderId, handle: 'not-a-handle' },
          itemOf(d),
        ],
        c,
      );
      for (const x of out.slice(0, 3)) expectFailure(x, 'BAD_DATA', false);
      expect(out[3]).toMatchObject({ ok: true, receiver: truth(d.platformOrderId) });
      // A forged handle never yields a plain value.
      expect(JSON.stringify(out.slice(0, 3))).not.toContain(truth(a.platformOrderId).phone);
    });

    it('rate limited then success: retried with backoff, decrypted by one platform call', async () => {
      const c = client();
      if (c.decryptBatchMax === 0) return;
      const [a] = pick(1) as [NormalizedOrder];
      const before = stats();
      emu.failNext(channel, 'RATE_LIMITED');
      const out = await decrypt([itemOf(a)], c);
      expect(out).toEqual([{ platformOrderId: a.platformOrderId, ok: true, receiver: truth(a.platformOrderId) }]);
      expect(calls).toBe(2);
      expect(stats().calls - before.calls).toBe(1);
      emu.failNext(channel, 'SERVER_ERROR', 3);
      const down = await decrypt([itemOf(a)], c);
      expect(calls).toBe(3);
      expectFailure(down[0], 'SERVER_ERROR', true);
      emu.failNext(channel, 'RATE_LIMITED', 3);
      expectFailure((await decrypt([itemOf(a)], c))[0], 'RATE_LIMITED', true);
    });

    it('another shop’s order is never decrypted with this shop’s token', async () => {
      const c = client();
      if (c.decryptBatchMax === 0) return;
      const other = emu.authorizeShop(channel, '别人家的店', 'http://127.0.0.1:8080/cb');
      const otherToken = await c.exchangeCode({ code: other.code, redirectUri: 'http://127.0.0.1:8080/cb' });
      const [theirs] = withHandle(other.platformShopId) as [NormalizedOrder];
      const out = await decrypt([itemOf(theirs)], c);
      expect(out[0]).toMatchObject({ ok: false, retryable: false });
      // Taobao leaves an order it will not decrypt out of its answer, so the client cannot tell "not yours" from "refused".
      expect(['NOT_FOUND', 'REFUSED']).toContain(out[0]?.ok === false && out[0].kind);
      expect(JSON.stringify(out)).not.toContain(truth(theirs.platformOrderId).phone);
      expect((await decrypt([itemOf(theirs)], c, otherToken.accessToken))[0]).toMatchObject({ ok: true, receiver: truth(theirs.platformOrderId) });
    });
  });
}
