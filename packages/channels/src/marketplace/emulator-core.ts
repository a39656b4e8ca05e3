/**
 * The state one channel's emulator keeps, whatever its wire protocol: shops, one-use authorization
 * codes (10 minutes), tokens with expiry and refresh, orders and refunds as generated truth,
 * accepted shipments, and the queue of failures tests ask for. Handlers read and change it only
 * through these methods so every platform behaves alike where the platforms do.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { toSecond } from './china-time.ts';
import { type DecryptDenial, DecryptDesk } from './emulator-decrypt.ts';
import * as refunds from './emulator-refunds.ts';
import type { AppCredentials, ChannelEmulatorHandler, EmulatorFailure, EmulatorShipment } from './emulator-types.ts';
import { generateOrders, orderRefundState } from './generator.ts';
import { createRng, hashSeed } from './random.ts';
import type { NormalizedOrder, NormalizedRefund } from './types.ts';

export interface EmulatorShop {
  platformShopId: string;
  shopName: string;
}

export interface TokenRecord {
  accessToken: string;
  refreshToken?: string;
  platformShopId: string;
  expiresAt: Date;
  refreshExpiresAt?: Date;
}

export type TokenCheck = { ok: true; shop: EmulatorShop; token: TokenRecord } | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

export interface CoreOptions {
  seed: number;
  ordersPerShop: number;
  /** How far back seeded orders go. */
  historyMs: number;
  now: () => Date;
  tokenTtl?: { accessMs: number; refreshMs: number };
  slowMs: number;
  /** Where a shop's seeded history ends when ensureShop is not told (see there); undefined: now. */
  historyEndOf?: (shopName: string) => Date | undefined;
  /** The emulator's picture address, for the lines' picUrl (see picture.ts). */
  picBase?: string;
}

const CODE_TTL_MS = 10 * 60_000;

export class ChannelCore {
  readonly shops = new Map<string, EmulatorShop>();
  /** platformOrderId → the generated truth and its shop. */
  readonly orders = new Map<string, { shopId: string; order: NormalizedOrder }>();
  readonly refunds = new Map<string, { shopId: string; refund: NormalizedRefund }>();
  readonly shipments: EmulatorShipment[] = [];
  /** Receiver decryption: quota, refused orders, counters (see emulator-decrypt.ts). */
  readonly decrypts = new DecryptDesk(() => this.now());
  private readonly codes = new Map<string, { shopId: string; redirectUri?: string; expiresAt: number }>();
  private readonly tokens = new Map<string, TokenRecord>();
  private readonly refreshTokens = new Map<string, TokenRecord>();
  private readonly failures: EmulatorFailure[] = [];
  private readonly cipherKey: Buffer;
  private batch = 0;
  private refundSerial = 0;

  constructor(
    readonly handler: ChannelEmulatorHandler,
    readonly credentials: AppCredentials,
    private readonly o: CoreOptions,
  ) {
    this.cipherKey = createHmac('sha256', credentials.appSecret).update(`cipher:${handler.channel}`).digest();
  }

  get channel() {
    return this.handler.channel;
  }

  now(): Date {
    return this.o.now();
  }

  /**
   * The shop with this name, created (and seeded with orders) on first use. With `historyEnd` its seeded
   * history ends there and comes from the seed and the shop alone: a server that restarts with the same
   * seed, credentials and end (the demo keeps them in its database) finds the same orders, handles included.
   */
  ensureShop(name = this.handler.defaultShopName, historyEnd?: Date): EmulatorShop {
    for (const s of this.shops.values()) if (s.shopName === name) return s;
    const r = createRng(hashSeed('shop', this.o.seed, this.channel, name));
    const shop = { platformShopId: this.handler.shopId((n) => r.digits(n)), shopName: name };
    this.shops.set(shop.platformShopId, shop);
    const fixed = historyEnd ?? this.o.historyEndOf?.(name);
    const end = (fixed ?? this.now()).getTime();
    const seed = fixed ? hashSeed(this.o.seed, shop.platformShopId, 'history') : undefined;
    this.generate(shop, this.o.ordersPerShop, new Date(end - this.o.historyMs), new Date(end), seed);
    return shop;
  }

  /**
   * Orders the platform has but did not generate here (the demo's orders imported from the shop's export
   * file). Their list calls show them only once they change (shipping them does), as an old order would be.
   */
  adoptOrders(platformShopId: string, orders: NormalizedOrder[]): void {
    if (!this.shops.has(platformShopId)) throw new Error(`emulator ${this.channel}: no shop ${platformShopId}`);
    for (const order of orders)
      if (!this.orders.has(order.platformOrderId))
        this.orders.set(order.platformOrderId, { shopId: platformShopId, order: { ...order, modifiedAt: new Date(0) } });
  }

  /**
   * New orders created and modified within the last `spanMs` (default one minute: inside a sync's
   * overlap, so the shop's next sync fetches every one of them, as it would a platform's new orders).
   * Answers what the client will read.
   */
  addOrders(platformShopId: string, count: number, spanMs = 60_000): NormalizedOrder[] {
    const shop = this.shops.get(platformShopId);
    if (!shop) throw new Error(`emulator ${this.channel}: no shop ${platformShopId}`);
    const now = this.now().getTime();
    return this.generate(shop, count, new Date(now - spanMs), new Date(now)).map((o) => this.handler.view(o, this));
  }

  private generate(shop: EmulatorShop, count: number, from: Date, to: Date, seed?: number): NormalizedOrder[] {
    if (count <= 0) return [];
    const g = generateOrders({
      seed: seed ?? hashSeed(this.o.seed, shop.platformShopId, this.batch++),
      count,
      shopName: shop.shopName,
      from,
      to,
      channel: this.channel,
      ...(this.o.picBase ? { picBase: this.o.picBase } : {}),
    });
    for (const order of g.orders) this.orders.set(order.platformOrderId, { shopId: shop.platformShopId, order });
    for (const refund of g.refunds) this.refunds.set(refund.platformRefundId, { shopId: shop.platformShopId, refund });
    return g.orders;
  }

  /** Changes an order as the buyer or the platform would; it is modified now unless the patch says when. */
  modifyOrder(platformOrderId: string, patch: Partial<NormalizedOrder>): void {
    const stored = this.orders.get(platformOrderId);
    if (!stored) throw new Error(`emulator ${this.channel}: no order ${platformOrderId}`);
    stored.order = { ...stored.order, ...patch, modifiedAt: patch.modifiedAt ?? toSecond(this.now()) };
  }

  /** Orders of a shop modified in [from, to), newest first (the platforms' modified-desc order; id breaks ties). */
  ordersModifiedIn(shopId: string, from: Date, to: Date): NormalizedOrder[] {
    const out: NormalizedOrder[] = [];
    for (const s of this.orders.values()) {
      const t = s.order.modifiedAt.getTime();
      if (s.shopId === shopId && t >= from.getTime() && t < to.getTime() && (this.handler.visible?.(s.order) ?? true)) out.push(s.order);
    }
    return out.sort((a, b) => b.modifiedAt.getTime() - a.modifiedAt.getTime() || (a.platformOrderId < b.platformOrderId ? -1 : 1));
  }

  refundsModifiedIn(shopId: string, from: Date, to: Date): NormalizedRefund[] {
    const out: NormalizedRefund[] = [];
    for (const s of this.refunds.values()) {
      const t = s.refund.modifiedAt.getTime();
      if (s.shopId === shopId && t >= from.getTime() && t < to.getTime()) out.push(s.refund);
    }
    return out.sort((a, b) => b.modifiedAt.getTime() - a.modifiedAt.getTime() || (a.platformRefundId < b.platformRefundId ? -1 : 1));
  }

  order(shopId: string, platformOrderId: string): NormalizedOrder | undefined {
    const s = this.orders.get(platformOrderId);
    return s && s.shopId === shopId && (this.handler.visible?.(s.order) ?? true) ? s.order : undefined;
  }

  // ---- refunds (see emulator-refunds.ts) ---------------------------------------------------

  /** The stored refund when it is the shop's. */
  refundOf(shopId: string, platformRefundId: string): NormalizedRefund | undefined {
    const s = this.refunds.get(platformRefundId);
    return s && s.shopId === shopId ? s.refund : undefined;
  }

  /** The buyer asks for a refund on a line (or the whole order); throws on an unknown order, an amount above what was paid, a line already refunding. */
  openRefund(platformOrderId: string, input: refunds.OpenRefundInput = {}): NormalizedRefund {
    let id: string;
    do id = createRng(hashSeed('refund', this.o.seed, this.channel, ++this.refundSerial)).digits(15);
    while (this.refunds.has(id));
    return refunds.openRefund(this, platformOrderId, input, id);
  }

  changeRefund(platformRefundId: string, patch: refunds.RefundPatch): NormalizedRefund {
    return refunds.changeRefund(this, platformRefundId, patch);
  }

  cancelRefund(platformRefundId: string): NormalizedRefund {
    return refunds.cancelRefund(this, platformRefundId);
  }

  completeRefund(platformRefundId: string): NormalizedRefund {
    return refunds.completeRefund(this, platformRefundId);
  }

  /** A seller's agree / refuse as the platform's gateway takes it (handlers call this). */
  answerRefund(shopId: string, platformRefundId: string, agree: boolean, withReturn?: boolean) {
    return refunds.answerRefund(this, shopId, platformRefundId, agree, withReturn);
  }

  // ---- OAuth -------------------------------------------------------------------------------

  issueCode(platformShopId: string, redirectUri?: string): string {
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, { shopId: platformShopId, redirectUri, expiresAt: this.now().getTime() + CODE_TTL_MS });
    return code;
  }

  /** One use only; a redirect_uri given here must be the one the code was issued to. */
  redeemCode(code: string, redirectUri?: string): TokenRecord | 'invalid' | 'expired' {
    const c = this.codes.get(code);
    if (!c) return 'invalid';
    this.codes.delete(code);
    if (c.expiresAt <= this.now().getTime()) return 'expired';
    if (redirectUri !== undefined && c.redirectUri !== undefined && redirectUri !== c.redirectUri) return 'invalid';
    return this.issueToken(c.shopId);
  }

  issueToken(platformShopId: string): TokenRecord {
    const now = this.now().getTime();
    const ttl = this.o.tokenTtl ?? this.handler.tokenTtl;
    const rec: TokenRecord = {
      accessToken: `${this.channel.toLowerCase()}_${randomBytes(18).toString('hex')}`,
      platformShopId,
      expiresAt: new Date(now + ttl.accessMs),
    };
    if (ttl.refreshMs !== undefined) {
      rec.refreshToken = `${this.channel.toLowerCase()}_r_${randomBytes(18).toString('hex')}`;
      rec.refreshExpiresAt = new Date(now + ttl.refreshMs);
      this.refreshTokens.set(rec.refreshToken, rec);
    }
    this.tokens.set(rec.accessToken, rec);
    return rec;
  }

  /** A new token pair; the old pair stops working. */
  refresh(refreshToken: string): TokenRecord | 'invalid' | 'expired' {
    const old = this.refreshTokens.get(refreshToken);
    if (!old) return 'invalid';
    if ((old.refreshExpiresAt?.getTime() ?? 0) <= this.now().getTime()) return 'expired';
    this.refreshTokens.delete(refreshToken);
    this.tokens.delete(old.accessToken);
    return this.issueToken(old.platformShopId);
  }

  checkToken(accessToken: string | undefined): TokenCheck {
    if (!accessToken) return { ok: false, reason: 'missing' };
    const token = this.tokens.get(accessToken);
    const shop = token && this.shops.get(token.platformShopId);
    if (!token || !shop) return { ok: false, reason: 'invalid' };
    if (token.expiresAt.getTime() <= this.now().getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, shop, token };
  }

  /** Every access token of the channel stops working now (refresh tokens still work). */
  expireTokens(): void {
    const past = new Date(this.now().getTime() - 1000);
    for (const t of this.tokens.values()) t.expiresAt = past;
  }

  // ---- failures ----------------------------------------------------------------------------

  failNext(kind: EmulatorFailure, count = 1): void {
    for (let i = 0; i < count; i++) this.failures.push(kind);
  }

  /** Forgets the failures still queued: "fail until told otherwise" is failNext(kind, many) then this. */
  clearFailures(): void {
    this.failures.length = 0;
  }

  /** The failure the next gateway call must answer with; SLOW waits here and answers normally. */
  async nextFailure(): Promise<Exclude<EmulatorFailure, 'SLOW'> | undefined> {
    const f = this.failures.shift();
    if (f === 'SLOW') {
      await new Promise((r) => setTimeout(r, this.o.slowMs));
      return undefined;
    }
    return f;
  }

  // ---- shipping ----------------------------------------------------------------------------

  /** Records a ship-notify and moves the order on: all lines shipped → WAIT_BUYER_CONFIRM, else SELLER_CONSIGNED_PART. */
  ship(shopId: string, s: Omit<EmulatorShipment, 'channel' | 'platformShopId' | 'at'>): EmulatorShipment {
    const rec: EmulatorShipment = { ...s, channel: this.channel, platformShopId: shopId, at: this.now() };
    this.shipments.push(rec);
    const stored = this.orders.get(s.platformOrderId);
    if (stored) {
      const shipped = new Set(
        this.shipments
          .filter((x) => x.platformOrderId === s.platformOrderId)
          .flatMap((x) => x.platformItemIds ?? stored.order.items.map((i) => i.platformItemId)),
      );
      const all = stored.order.items.every((i) => shipped.has(i.platformItemId) || i.refundState === 'REFUNDED');
      this.modifyOrder(s.platformOrderId, { status: all ? 'WAIT_BUYER_CONFIRM' : 'SELLER_CONSIGNED_PART' });
    }
    return rec;
  }

  /** Orders a ship-notify may move: paid, not yet (fully) shipped, not refunded. */
  canShip(order: NormalizedOrder): boolean {
    return (order.status === 'WAIT_SELLER_SEND' || order.status === 'SELLER_CONSIGNED_PART') && orderRefundState(order) !== 'REFUNDED';
  }

  // ---- receiver encryption -----------------------------------------------------------------

  /** Deterministic ciphertext (AES-256-CTR, IV derived from the text) so views can be compared exactly. */
  encrypt(text: string): string {
    const iv = createHmac('sha256', this.cipherKey).update(text).digest().subarray(0, 16);
    const c = createCipheriv('aes-256-ctr', this.cipherKey, iv);
    return Buffer.concat([iv, c.update(text, 'utf8'), c.final()]).toString('base64');
  }

  /** One decrypt item of a shop's call: the order must be the shop's and not refused; the cipher must be genuine. */
  decryptFor(shopId: string, platformOrderId: string, cipher: string): { order: NormalizedOrder; plain: string } | DecryptDenial {
    const order = this.order(shopId, platformOrderId);
    if (!order) return 'NOT_FOUND';
    if (this.decrypts.isRefused(platformOrderId)) return 'REFUSED';
    const plain = this.decrypt(cipher);
    return plain === undefined ? 'BAD_CIPHER' : { order, plain };
  }

  decrypt(cipher: string): string | undefined {
    try {
      const raw = Buffer.from(cipher, 'base64');
      if (raw.length < 17) return undefined;
      const d = createDecipheriv('aes-256-ctr', this.cipherKey, raw.subarray(0, 16));
      const text = Buffer.concat([d.update(raw.subarray(16)), d.final()]).toString('utf8');
      return this.encrypt(text) === cipher ? text : undefined;
    } catch {
      return undefined;
    }
  }
}

/** Rows `page` (from `first`, 0 or 1) of a list: what a paged platform API answers. */
export function pageSlice<T>(rows: T[], page: number, size: number, first: 0 | 1 = 1): T[] {
  const start = (page - first) * size;
  return start < 0 ? [] : rows.slice(start, start + size);
}
