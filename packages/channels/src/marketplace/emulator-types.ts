/**
 * The contract between the marketplace emulator's shared core and one platform's handler. A
 * handler speaks its platform's wire protocol (paths, signing, envelopes, error codes); the core
 * keeps the state every platform has (shops, authorization codes, tokens with expiry, orders,
 * refunds, shipments, the failure queue). To add a channel: implement ChannelEmulatorHandler in
 * src/<channel>/emulator.ts and add it to EMULATOR_HANDLERS in ./emulator.ts.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { ChannelCore } from './emulator-core.ts';
import type { ChannelEndpoint, MarketplaceChannel, NormalizedOrder, NormalizedRefund } from './types.ts';

/** What failNext can make the next gateway calls do. SLOW answers normally after `slowMs`. */
export type EmulatorFailure = 'RATE_LIMITED' | 'TOKEN_EXPIRED' | 'SERVER_ERROR' | 'INVALID_SIGNATURE' | 'SLOW';

export interface AppCredentials {
  appKey: string;
  appSecret: string;
}

export interface EmulatorRequest {
  method: string;
  /** The path after the channel prefix, e.g. "/router/rest" for "/taobao/router/rest". */
  path: string;
  query: URLSearchParams;
  /** The raw body text. */
  body: string;
  headers: IncomingHttpHeaders;
  /** Query string and url-encoded form body merged (the body wins), as gateways read them. */
  params: Record<string, string>;
}

export interface EmulatorAnswer {
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
}

export interface ChannelEmulatorHandler {
  readonly channel: MarketplaceChannel;
  /** URL path prefix under the emulator, e.g. "/taobao". */
  readonly prefix: string;
  /** The shop the consent page authorizes when no `shop` parameter is given. */
  readonly defaultShopName: string;
  /** What the platform issues; the emulator option tokenTtl overrides. refreshMs undefined = no refresh. */
  readonly tokenTtl: { accessMs: number; refreshMs?: number };
  /** The platform shop id (seller id / owner id / shop id) for a new shop, from a seeded random digit source. */
  shopId(digits: (n: number) => string): string;
  /** The client endpoint for this emulator: `base` is the emulator URL plus the prefix. */
  endpoint(base: string, credentials: AppCredentials): ChannelEndpoint;
  /** Orders the platform's API shows at all (PDD only shows paid orders). Default: all. */
  visible?(order: NormalizedOrder): boolean;
  /** What this platform's client reads back for a stored order: masked/encrypted receiver, platform codes, fields it lacks dropped. */
  view(order: NormalizedOrder, core: ChannelCore): NormalizedOrder;
  viewRefund(refund: NormalizedRefund, core: ChannelCore): NormalizedRefund;
  /** Answers a request under the prefix, or undefined for "no such path" (404). */
  handle(req: EmulatorRequest, core: ChannelCore): Promise<EmulatorAnswer | undefined>;
}

/** A ship-notify the emulator accepted, in our terms plus the platform's courier code. */
export interface EmulatorShipment {
  channel: MarketplaceChannel;
  platformShopId: string;
  platformOrderId: string;
  /** Lines shipped when the platform was told (split shipping); undefined = whole order. */
  platformItemIds?: string[];
  /** The platform's courier code as sent (e.g. "ZTO", 115, "zhongtong"). */
  companyCode: string;
  trackingNo: string;
  at: Date;
}

export const json = (body: unknown, status = 200): EmulatorAnswer => ({ status, contentType: 'application/json;charset=utf-8', body: JSON.stringify(body) });
export const html = (body: string, status = 200): EmulatorAnswer => ({ status, contentType: 'text/html;charset=utf-8', body });
export const redirect = (location: string): EmulatorAnswer => ({ status: 302, contentType: 'text/plain;charset=utf-8', body: '', headers: { location } });
