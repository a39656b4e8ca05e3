/**
 * The behaviour every marketplace client + emulator pair must show, as one vitest suite each
 * channel's test file runs: `channelContractSuite('TAOBAO', { courier: 'ZTO' })`. It drives the
 * real client against the real emulator over loopback HTTP (nothing mocked): consent page and code
 * exchange, the generator → wire → client round trip, retries, token expiry and refresh, bad
 * signatures and timestamps, ship-notify, paging while orders change, and receiver decryption
 * (./decrypt-suite.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketplaceClientOptions } from './client-options.ts';
import { channelDecryptSuite } from './decrypt-suite.ts';
import { type MarketplaceEmulator, startMarketplaceEmulator } from './emulator.ts';
import { EMULATOR_HANDLERS } from './emulator-handlers.ts';
import { channelRefundSuite } from './refund-suite.ts';
import { createMarketplaceClient } from './registry.ts';
import { ChannelError, type MarketplaceChannel, type MarketplaceClient, type NormalizedOrder, type NormalizedRefund, type ShopToken } from './types.ts';

export interface ContractSuiteOptions {
  /** The platform code the emulator records for our courier ZTO (e.g. "ZTO", "115", "zhongtong"). */
  zto: string;
  /** false: the platform does not sign requests (Weidian). */
  signed?: boolean;
  /** false: the platform's requests carry no timestamp. */
  timestamped?: boolean;
  /** false: the platform has no refresh token. */
  refresh?: boolean;
}

const START = new Date('2026-03-02T02:00:00Z');
export const byId = (a: NormalizedOrder, b: NormalizedOrder) => (a.platformOrderId < b.platformOrderId ? -1 : 1);
export const byRefund = (a: NormalizedRefund, b: NormalizedRefund) => (a.platformRefundId < b.platformRefundId ? -1 : 1);

export async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const p of pages) out.push(...p);
  return out;
}

export async function channelError(p: Promise<unknown>): Promise<ChannelError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(ChannelError);
  return e as ChannelError;
}

/** Presses 授权 on the emulator's consent page: answers the redirect target. */
export async function consent(authorizeUrl: string, shop?: string): Promise<{ html: string; location: URL }> {
  const url = new URL(authorizeUrl);
  if (shop) url.searchParams.set('shop', shop);
  const page = await fetch(url);
  const html = await page.text();
  expect(page.status).toBe(200);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1],
      m[2]?.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))),
    ]),
  );
  const res = await fetch(new URL(action, url), { method: 'POST', body: new URLSearchParams(fields as Record<string, string>), redirect: 'manual' });
  expect(res.status).toBe(302);
  return { html, location: new URL(res.headers.get('location') ?? '') };
}

export function channelContractSuite(channel: MarketplaceChannel, o: ContractSuiteOptions) {
  describe(`${channel}: client ⇄ emulator contract`, () => {
    let clock = START;
    let emu: MarketplaceEmulator;
    let calls = 0;
    let onCall: ((n: number) => void) | undefined;
    let token: ShopToken;
    const redirectUri = 'http://127.0.0.1:8080/api/shops/oauth/callback';
    const fetchCounting: typeof fetch = async (input, init) => {
      calls++;
      const res = await fetch(input, init);
      onCall?.(calls);
      return res;
    };
    const client = (extra: MarketplaceClientOptions & { endpoint?: Partial<ReturnType<MarketplaceEmulator['endpointFor']>> } = {}): MarketplaceClient =>
      createMarketplaceClient(
        channel,
        { ...emu.endpointFor(channel), ...extra.endpoint },
        { now: () => clock, retry: { attempts: 3, baseDelayMs: 1 }, fetch: fetchCounting, timeoutMs: 2000, ...extra },
      );
    const countCalls = async <T>(fn: () => Promise<T>) => {
      calls = 0;
      const out = await fn();
      return { out, calls };
    };
    const anyOrder = (pred: (x: NormalizedOrder) => boolean) => {
      const found = emu.orders(channel, token.platformShopId).find(pred);
      if (!found) throw new Error('no such order in the emulator');
      return found;
    };

    beforeAll(async () => {
      emu = await startMarketplaceEmulator({
        handlers: EMULATOR_HANDLERS.filter((h) => h.channel === channel),
        now: () => clock,
        ordersPerShop: 60,
        historyMs: 2 * 86400_000,
        // Far beyond the slow test's client timeout, so a loaded machine cannot blur the two.
        slowMs: 2000,
        seed: 11,
      });
      const { code } = emu.authorizeShop(channel, undefined, redirectUri);
      token = await client().exchangeCode({ code, redirectUri });
    });
    afterAll(() => emu.close());

    it('authorizes through the consent page: 授权 redirects with code and state, the code gives a token once', async () => {
      const c = client();
      const { html, location } = await consent(c.authorizeUrl({ redirectUri, state: 'st-1' }), '测试授权小店');
      expect(html).toContain('授权');
      expect(html).toContain('测试授权小店');
      expect(html).toContain('代发助手');
      expect(location.origin + location.pathname).toBe(redirectUri);
      expect(location.searchParams.get('state')).toBe('st-1');
      const code = location.searchParams.get('code') ?? '';
      const t = await c.exchangeCode({ code, redirectUri });
      const shop = emu.shops(channel).find((s) => s.shopName === '测试授权小店');
      expect(t).toMatchObject({ platformShopId: shop?.platformShopId, shopName: '测试授权小店' });
      expect(t.expiresAt.getTime()).toBeGreaterThan(clock.getTime());
      expect((await channelError(c.exchangeCode({ code, redirectUri }))).kind).toBe('BAD_REQUEST');
    });

    it('round trip: every generated order and refund comes back exactly as the platform shows it (money to the fen)', async () => {
      const c = client();
      const q = { token: token.accessToken, modifiedFrom: new Date(clock.getTime() - 2 * 86400_000 - 60_000), modifiedTo: new Date(clock.getTime() + 1000) };
      const listed = await collect(c.listOrders(q));
      const expected = emu.orders(channel, token.platformShopId);
      expect(expected.length).toBeGreaterThan(40);
      expect(listed.sort(byId)).toEqual(expected.sort(byId));
      const one = expected.find((x) => x.items.length > 1) ?? expected[0];
      expect(await c.getOrder({ token: token.accessToken, platformOrderId: one?.platformOrderId ?? '' })).toEqual(one);
      const refunds = await collect(c.listRefunds(q));
      expect(refunds.length).toBeGreaterThan(0);
      const sortR = (a: { platformRefundId: string }, b: { platformRefundId: string }) => (a.platformRefundId < b.platformRefundId ? -1 : 1);
      expect(refunds.sort(sortR)).toEqual(emu.refunds(channel, token.platformShopId).sort(sortR));
      expect((await channelError(c.getOrder({ token: token.accessToken, platformOrderId: '1000000000000000001' }))).kind).toBe('NOT_FOUND');
    });

    it('rate limits, 5xx and slow answers are retried with backoff; a limit that lasts gives up with RATE_LIMITED', async () => {
      const id = anyOrder(() => true).platformOrderId;
      const get = () => client().getOrder({ token: token.accessToken, platformOrderId: id });
      emu.failNext(channel, 'RATE_LIMITED', 2);
      expect(await countCalls(get)).toMatchObject({ out: { platformOrderId: id }, calls: 3 });
      emu.failNext(channel, 'SERVER_ERROR', 1);
      expect(await countCalls(get)).toMatchObject({ calls: 2 });
      emu.failNext(channel, 'SLOW', 1);
      // The emulator holds a SLOW answer 2 s; 800 ms leaves an ordinary answer room on a loaded machine.
      const slow = await countCalls(() => client({ timeoutMs: 800 }).getOrder({ token: token.accessToken, platformOrderId: id }));
      expect(slow.calls).toBe(2);
      emu.failNext(channel, 'RATE_LIMITED', 3);
      calls = 0;
      expect((await channelError(get())).kind).toBe('RATE_LIMITED');
      expect(calls).toBe(3);
    });

    it(`an expired token answers TOKEN_EXPIRED at once (no retry)${o.refresh === false ? '' : '; refresh gives a working pair and retires the old one'}`, async () => {
      const c = client();
      const id = anyOrder(() => true).platformOrderId;
      emu.failNext(channel, 'TOKEN_EXPIRED');
      calls = 0;
      expect((await channelError(c.getOrder({ token: token.accessToken, platformOrderId: id }))).kind).toBe('TOKEN_EXPIRED');
      expect(calls).toBe(1);
      emu.expireTokens(channel);
      expect((await channelError(c.getOrder({ token: token.accessToken, platformOrderId: id }))).kind).toBe('TOKEN_EXPIRED');
      if (o.refresh === false) {
        token = await c.exchangeCode({ code: emu.authorizeShop(channel, undefined, redirectUri).code, redirectUri });
        return;
      }
      const fresh = await c.refresh(token.refreshToken ?? '');
      expect(fresh.platformShopId).toBe(token.platformShopId);
      expect(fresh.accessToken).not.toBe(token.accessToken);
      expect((await c.getOrder({ token: fresh.accessToken, platformOrderId: id })).platformOrderId).toBe(id);
      expect((await channelError(c.refresh(token.refreshToken ?? ''))).kind).not.toBe('SERVER_ERROR');
      token = fresh;
    });

    it(`a wrong app secret or a forged signature is INVALID_SIGNATURE${o.timestamped === false ? '' : '; a clock 1 h off is refused'}`, async () => {
      const id = anyOrder(() => true).platformOrderId;
      if (o.signed !== false) {
        calls = 0;
        const e = await channelError(client({ endpoint: { appSecret: 'not-the-secret' } }).getOrder({ token: token.accessToken, platformOrderId: id }));
        expect([e.kind, calls]).toEqual(['INVALID_SIGNATURE', 1]);
      }
      emu.failNext(channel, 'INVALID_SIGNATURE');
      expect((await channelError(client().getOrder({ token: token.accessToken, platformOrderId: id }))).kind).toBe('INVALID_SIGNATURE');
      if (o.timestamped !== false) {
        const skewed = client({ now: () => new Date(clock.getTime() + 3600_000) });
        const e = await channelError(skewed.getOrder({ token: token.accessToken, platformOrderId: id }));
        expect(e.retryable).toBe(false);
      }
    });

    it('ship-notify is recorded with the platform courier code and moves the order to shipped; twice is refused', async () => {
      const c = client();
      const order = anyOrder((x) => x.status === 'WAIT_SELLER_SEND' && x.items.every((i) => i.refundState === 'NONE'));
      await c.shipNotify({ token: token.accessToken, platformOrderId: order.platformOrderId, courierCode: 'ZTO', trackingNo: '78812345678901' });
      expect(emu.shipments(channel).at(-1)).toMatchObject({ platformOrderId: order.platformOrderId, companyCode: o.zto, trackingNo: '78812345678901' });
      expect((await c.getOrder({ token: token.accessToken, platformOrderId: order.platformOrderId })).status).toBe('WAIT_BUYER_CONFIRM');
      const again = await channelError(
        c.shipNotify({ token: token.accessToken, platformOrderId: order.platformOrderId, courierCode: 'ZTO', trackingNo: '78812345678901' }),
      );
      expect(again.kind).toBe('BAD_REQUEST');
      calls = 0;
      const unknown = await channelError(
        c.shipNotify({ token: token.accessToken, platformOrderId: order.platformOrderId, courierCode: 'NOPE', trackingNo: '1' }),
      );
      expect([unknown.kind, calls]).toEqual(['BAD_REQUEST', 0]);
    });

    it('pages over many pages and returns every order exactly once while orders are modified during paging', async () => {
      clock = new Date(clock.getTime() + 3600_000);
      const { code, platformShopId } = emu.authorizeShop(channel, '分页测试店', redirectUri);
      const t = await client().exchangeCode({ code, redirectUri });
      emu.addOrders(channel, platformShopId, 45);
      const from = new Date(clock.getTime() - 30 * 60_000);
      const inWindow = emu.orders(channel, platformShopId).filter((x) => x.modifiedAt >= from && x.modifiedAt < clock);
      expect(inWindow.length).toBeGreaterThan(30);
      // The newest orders (the first page) change while the client is on the last pages.
      const changed = inWindow.slice(0, 5).map((x) => x.platformOrderId);
      let pageCalls = 0;
      onCall = () => {
        if (++pageCalls === 2) for (const id of changed) emu.modifyOrder(channel, id, { sellerRemark: '买家改了地址，已重新核对' });
      };
      const listed = await collect(client({ pageSize: 10 }).listOrders({ token: t.accessToken, modifiedFrom: from, modifiedTo: clock }));
      onCall = undefined;
      const ids = listed.map((x) => x.platformOrderId);
      expect(pageCalls).toBeGreaterThanOrEqual(5);
      expect(new Set(ids).size).toBe(ids.length);
      for (const x of inWindow) if (!changed.includes(x.platformOrderId)) expect(ids.filter((id) => id === x.platformOrderId)).toHaveLength(1);
      // The changed ones come with the next window, carrying the change.
      const next = await collect(client().listOrders({ token: t.accessToken, modifiedFrom: clock, modifiedTo: new Date(clock.getTime() + 1000) }));
      expect(next.map((x) => x.platformOrderId).sort()).toEqual([...changed].sort());
      expect(next.every((x) => x.sellerRemark === '买家改了地址，已重新核对')).toBe(true);
    });
  });
  // Receiver decryption and refunds (each its own emulator and shop, so the cases above stay as they are).
  channelDecryptSuite(channel);
  channelRefundSuite(channel);
}
