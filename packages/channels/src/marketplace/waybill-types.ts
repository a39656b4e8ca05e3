/**
 * Platform privacy e-waybills (菜鸟 for Taobao, PDD, Douyin, Kuaishou, Xiaohongshu, JD): the number is
 * taken with the order's receiver exactly as synced (oaid / ciphertext), so we never hold the plain
 * receiver; the platform's print data is encrypted and forwarded unchanged to its own print
 * component on the warehouse PC. Kuaidi100 (../courier) stays the source for orders not from a
 * platform. A waybill client is its own object beside the shop's MarketplaceClient.
 */
import type { NormalizedOrder } from './types.ts';

export type WaybillSource = 'CAINIAO' | 'PDD' | 'TIKTOK' | 'KUAISHOU' | 'REDBOOK' | 'JD';

export interface WaybillParty {
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  address: string;
}

export interface PlatformWaybillParcel {
  /** Our request id per parcel (idempotency: the same objectId answers the same number). */
  objectId: string;
  /** One parcel may carry several orders of the same receiver. */
  platformOrderIds: string[];
  /** The order's decrypt handle / oaid / ciphertext as synced (waybillReceiverHandle): never a plain receiver. */
  receiverHandle: string;
  /** The receiver's region as synced (platforms show it unmasked); the platforms route by it. */
  region?: { province: string; city: string; district: string };
  items: { name: string; count: number }[];
  weightG?: number;
}

export interface PlatformWaybillRequest {
  /** The shop's access token (the shop's own or shared waybill account). */
  token: string;
  /** Our courier code (ZTO, YTO, …), mapped per platform. */
  courierCode: string;
  sender: WaybillParty;
  orders: PlatformWaybillParcel[];
}

export type PlatformWaybillFailureKind = 'TOKEN_EXPIRED' | 'RATE_LIMITED' | 'REFUSED' | 'NO_ACCOUNT' | 'SERVER_ERROR' | 'NETWORK';

export type PlatformWaybillOutcome =
  | { objectId: string; ok: true; trackingNo: string; printData: PlatformPrintData }
  | { objectId: string; ok: false; kind: PlatformWaybillFailureKind; platformCode: string; message: string; retryable: boolean };

/** What the platform's print component needs, forwarded unchanged (encrypted). */
export interface PlatformPrintData {
  source: WaybillSource;
  encryptedData: string;
  signature: string;
  templateUrl: string;
  ver?: string;
  params?: string;
}

export interface PlatformWaybillClient {
  readonly source: WaybillSource;
  /** Parcels one call may carry: Cainiao 10, PDD 10, Douyin 50, Kuaishou 10, Xiaohongshu 10, JD 1. */
  readonly batchMax: number;
  /** One outcome per parcel, in the request's order; batched internally, never throws for a platform answer. */
  getWaybills(p: PlatformWaybillRequest): Promise<PlatformWaybillOutcome[]>;
  cancelWaybill(p: { token: string; courierCode: string; trackingNo: string }): Promise<{ ok: true } | { ok: false; message: string }>;
}

/**
 * The receiver handle of a synced order for PlatformWaybillParcel.receiverHandle: the platform's
 * decrypt handle (Taobao oaid; PDD / Douyin / Kuaishou / Xiaohongshu a JSON of the name, phone and
 * address ciphertexts), or for a platform that sends the receiver fields themselves encrypted (JD)
 * those ciphertexts as the same JSON. Undefined: the platform sent the receiver in clear (or not at
 * all, e.g. PDD after shipping), so no privacy waybill can be taken for it.
 */
export function waybillReceiverHandle(order: NormalizedOrder): string | undefined {
  const r = order.receiver;
  if (r.decryptHandle) return r.decryptHandle;
  if (!r.encrypted || !r.name || !r.phone || !r.address) return undefined;
  return JSON.stringify({ name: r.name, phone: r.phone, address: r.address });
}

/** The name / phone / address ciphertexts inside a JSON handle (undefined for an opaque one such as an oaid). */
export function handleCiphers(handle: string): { name: string; phone: string; address: string } | undefined {
  try {
    const v = JSON.parse(handle) as unknown;
    if (!v || typeof v !== 'object') return undefined;
    const o = v as Record<string, unknown>;
    if (typeof o.name !== 'string' || typeof o.phone !== 'string' || typeof o.address !== 'string') return undefined;
    return { name: o.name, phone: o.phone, address: o.address };
  } catch {
    return undefined;
  }
}
