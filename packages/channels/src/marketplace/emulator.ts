/**
 * One loopback HTTP server emulating every marketplace at once, each under its own path prefix
 * (/taobao/router/rest, /taobao/oauth/authorize, /pdd/api/router, …), so the demo and the tests
 * run offline and pointing a shop at the real platform is only its endpoint configuration.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { listenOnLoopback, readBody } from '../emulator-http.ts';
import { approveConsent, CONSENT_PATH } from './consent-page.ts';
import { ChannelCore, type EmulatorShop } from './emulator-core.ts';
import { EMULATOR_HANDLERS } from './emulator-handlers.ts';
import type { OpenRefundInput, RefundPatch } from './emulator-refunds.ts';
import type { AppCredentials, ChannelEmulatorHandler, EmulatorAnswer, EmulatorFailure, EmulatorRequest, EmulatorShipment } from './emulator-types.ts';
import { itemPicture, PICTURE_PREFIX, pictureItemOf } from './picture.ts';
import type { ChannelEndpoint, MarketplaceChannel, NormalizedOrder, NormalizedRefund } from './types.ts';

export interface MarketplaceEmulatorOptions {
  /** 0 or undefined: any free port. */
  port?: number;
  host?: '127.0.0.1';
  /** App credentials requests must be signed with; generated per channel when not given. */
  credentials?: Partial<Record<MarketplaceChannel, AppCredentials>>;
  /** Makes the generated shops and orders the same on every start. Default 2026. */
  seed?: number;
  /** Orders each shop starts with, spread over the last `historyMs`. Default 60. */
  ordersPerShop?: number;
  /** Default 3 days. */
  historyMs?: number;
  now?: () => Date;
  /** Overrides every platform's token lifetimes (e.g. 30 days access / 60 days refresh). */
  tokenTtl?: { accessMs: number; refreshMs: number };
  /** How long a SLOW failure holds its answer. Default 3 s. */
  slowMs?: number;
  /** Demo mode: every `everyMs`, each shop of each channel gets `perShop` new orders, so syncing finds something new. */
  trickle?: { everyMs: number; perShop: number };
  /**
   * Where the seeded history of a shop ends, by channel and shop name (the demo: the shop's creation, kept in
   * its database), for shops made before anyone authorizes them (each channel's default shop at start).
   */
  historyEndOf?: (channel: MarketplaceChannel, shopName: string) => Date | undefined;
  /**
   * Where the orders' lines say their pictures are (`${picBase}/<item>.png`). Default: this emulator's own
   * `/pic`. The server's demo emulator names its own stable `/demo/pic`, so a synced order's thumbnail still
   * loads after a restart puts the emulator on another port.
   */
  picBase?: string;
  /** Replaces the handler list (tests of a single handler). */
  handlers?: ChannelEmulatorHandler[];
}

export interface MarketplaceEmulator {
  url: string;
  /** Gateway / OAuth URLs and app credentials of a channel, for createMarketplaceClient. */
  endpointFor(channel: MarketplaceChannel): ChannelEndpoint;
  /** Shops known to the channel (the default shop exists from the start). */
  shops(channel: MarketplaceChannel): EmulatorShop[];
  /**
   * Authorizes a shop without the consent page (seeding, tests): a one-use code for exchangeCode.
   * `historyEnd`: a new shop's seeded history ends there, the same on every start (ChannelCore.ensureShop).
   */
  authorizeShop(channel: MarketplaceChannel, shopName?: string, redirectUri?: string, opts?: { historyEnd?: Date }): { code: string; platformShopId: string };
  /** Orders the shop has on the platform besides its generated ones (ChannelCore.adoptOrders). */
  adoptOrders(channel: MarketplaceChannel, platformShopId: string, orders: NormalizedOrder[]): void;
  /** New orders created within the last 30 minutes; answers them as the channel's client will read them. */
  addOrders(channel: MarketplaceChannel, platformShopId: string, count: number): NormalizedOrder[];
  modifyOrder(channel: MarketplaceChannel, platformOrderId: string, patch: Partial<NormalizedOrder>): void;
  /** Orders (and refunds) as the channel's client reads them, newest modified first. */
  orders(channel: MarketplaceChannel, platformShopId?: string): NormalizedOrder[];
  refunds(channel: MarketplaceChannel, platformShopId?: string): NormalizedRefund[];
  /**
   * The buyer asks for a refund on a line (platformItemId as stored or as the client reads it) or the
   * whole order: answers it as the client will read it, waiting for the seller. Throws on an unknown
   * order, an amount above what was paid, or a line already refunded or refunding.
   */
  openRefund(channel: MarketplaceChannel, platformOrderId: string, input?: OpenRefundInput): NormalizedRefund;
  /** The buyer changes the amount, reason or return of a refund waiting for the seller (or refused, which re-opens it). */
  changeRefund(channel: MarketplaceChannel, platformRefundId: string, patch: RefundPatch): NormalizedRefund;
  /** The buyer withdraws it: closed, the line back to no refund. */
  cancelRefund(channel: MarketplaceChannel, platformRefundId: string): NormalizedRefund;
  /** The platform pays the buyer: refunded, the line refunded. */
  completeRefund(channel: MarketplaceChannel, platformRefundId: string): NormalizedRefund;
  failNext(channel: MarketplaceChannel, kind: EmulatorFailure, count?: number): void;
  shipments(channel: MarketplaceChannel): EmulatorShipment[];
  expireTokens(channel: MarketplaceChannel): void;
  /** The channel's state, for handler tests. */
  core(channel: MarketplaceChannel): ChannelCore;
  close(): Promise<void>;
}

function toRequest(req: IncomingMessage, url: URL, path: string, body: string): EmulatorRequest {
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  const type = String(req.headers['content-type'] ?? '');
  if (type.includes('application/x-www-form-urlencoded')) Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
  return { method: req.method ?? 'GET', path, query: url.searchParams, body, headers: req.headers, params };
}

export async function startMarketplaceEmulator(opts: MarketplaceEmulatorOptions = {}): Promise<MarketplaceEmulator> {
  const now = opts.now ?? (() => new Date());
  const handlers = opts.handlers ?? EMULATOR_HANDLERS;
  const cores = new Map<MarketplaceChannel, ChannelCore>();
  const coreOf = (channel: MarketplaceChannel) => {
    const c = cores.get(channel);
    if (!c) throw new Error(`市场模拟器没有渠道 ${channel}`);
    return c;
  };

  // Listening first: the orders' picture addresses name the port.
  const server = createServer(async (req, res) => {
    const reply = (a: EmulatorAnswer) => {
      res.writeHead(a.status, { 'content-type': a.contentType, 'cache-control': 'no-store', ...a.headers });
      res.end(a.body);
    };
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const pictured = pictureItemOf(url.pathname);
      if (pictured) {
        // Asked for by the seller's browser (the shop order's thumbnail), not by a client.
        res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=86400' });
        res.end(itemPicture(pictured));
        return;
      }
      const core = [...cores.values()].find((c) => url.pathname === c.handler.prefix || url.pathname.startsWith(`${c.handler.prefix}/`));
      if (!core) return reply({ status: 404, contentType: 'text/plain;charset=utf-8', body: 'not found' });
      const r = toRequest(req, url, url.pathname.slice(core.handler.prefix.length), await readBody(req));
      if (r.path === CONSENT_PATH && r.method === 'POST') return reply(approveConsent(core, r.params));
      const answer = await core.handler.handle(r, core);
      return reply(answer ?? { status: 404, contentType: 'text/plain;charset=utf-8', body: 'not found' });
    } catch (e) {
      return reply({ status: 500, contentType: 'text/plain;charset=utf-8', body: String(e) });
    }
  });
  const port = await listenOnLoopback(server, opts.port ?? 0);
  const url = `http://127.0.0.1:${port}`;
  for (const h of handlers) {
    const credentials = opts.credentials?.[h.channel] ?? {
      appKey: String(10000000 + (randomBytes(3).readUIntBE(0, 3) % 89999999)),
      appSecret: randomBytes(16).toString('hex'),
    };
    const core = new ChannelCore(h, credentials, {
      seed: opts.seed ?? 2026,
      ordersPerShop: opts.ordersPerShop ?? 60,
      historyMs: opts.historyMs ?? 3 * 86400_000,
      now,
      tokenTtl: opts.tokenTtl,
      slowMs: opts.slowMs ?? 3000,
      picBase: opts.picBase ?? `${url}${PICTURE_PREFIX}`,
      ...(opts.historyEndOf ? { historyEndOf: (name: string) => opts.historyEndOf?.(h.channel, name) } : {}),
    });
    core.ensureShop();
    cores.set(h.channel, core);
  }
  const trickle = opts.trickle;
  const timer = trickle
    ? setInterval(() => {
        for (const core of cores.values()) for (const shop of core.shops.values()) core.addOrders(shop.platformShopId, trickle.perShop, trickle.everyMs);
      }, trickle.everyMs)
    : undefined;
  // The demo's timer must not keep the process alive on its own.
  timer?.unref();
  const viewRefund = (channel: MarketplaceChannel, act: (core: ChannelCore) => NormalizedRefund) => {
    const core = coreOf(channel);
    return core.handler.viewRefund(act(core), core);
  };
  const shopIdsOf = (core: ChannelCore, shopId?: string) => (shopId ? [shopId] : [...core.shops.keys()]);

  return {
    url,
    endpointFor: (channel) => {
      const core = coreOf(channel);
      return core.handler.endpoint(`${url}${core.handler.prefix}`, core.credentials);
    },
    shops: (channel) => [...coreOf(channel).shops.values()],
    authorizeShop(channel, shopName, redirectUri, opts) {
      const core = coreOf(channel);
      const shop = core.ensureShop(shopName, opts?.historyEnd);
      return { code: core.issueCode(shop.platformShopId, redirectUri), platformShopId: shop.platformShopId };
    },
    addOrders: (channel, shopId, count) => coreOf(channel).addOrders(shopId, count),
    adoptOrders: (channel, shopId, orders) => coreOf(channel).adoptOrders(shopId, orders),
    modifyOrder: (channel, id, patch) => coreOf(channel).modifyOrder(id, patch),
    orders(channel, shopId) {
      const core = coreOf(channel);
      return shopIdsOf(core, shopId)
        .flatMap((s) => core.ordersModifiedIn(s, new Date(0), new Date(8.64e15)))
        .map((o) => core.handler.view(o, core));
    },
    refunds(channel, shopId) {
      const core = coreOf(channel);
      return shopIdsOf(core, shopId)
        .flatMap((s) => core.refundsModifiedIn(s, new Date(0), new Date(8.64e15)))
        .map((r) => core.handler.viewRefund(r, core));
    },
    openRefund: (channel, id, input) => viewRefund(channel, (c) => c.openRefund(id, input)),
    changeRefund: (channel, id, patch) => viewRefund(channel, (c) => c.changeRefund(id, patch)),
    cancelRefund: (channel, id) => viewRefund(channel, (c) => c.cancelRefund(id)),
    completeRefund: (channel, id) => viewRefund(channel, (c) => c.completeRefund(id)),
    failNext: (channel, kind, count = 1) => coreOf(channel).failNext(kind, count),
    shipments: (channel) => coreOf(channel).shipments.slice(),
    expireTokens: (channel) => coreOf(channel).expireTokens(),
    core: coreOf,
    close: () =>
      new Promise<void>((resolve) => {
        if (timer) clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
