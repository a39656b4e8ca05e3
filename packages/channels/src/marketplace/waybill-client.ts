/**
 * What every platform waybill client shares: batching by the platform's limit, turning a failed
 * call into one outcome per parcel with a Chinese reason that says what to do, and isolating the
 * parcel a platform refuses when it refuses a whole batch (Cainiao, PDD answer all or nothing) so
 * the others still get their numbers. Retrying is safe: the same objectId answers the same number.
 */
import { COURIERS, type CourierCode } from './couriers.ts';
import { ChannelError } from './types.ts';
import type { PlatformWaybillFailureKind, PlatformWaybillOutcome, PlatformWaybillParcel, PlatformWaybillRequest } from './waybill-types.ts';

export interface WaybillPlatform {
  /** How the seller calls the waybill service, e.g. 菜鸟, 拼多多电子面单. */
  name: string;
  /** Where the seller subscribes a courier's e-waybill, e.g. 菜鸟后台（淘宝卖家中心-物流管理-电子面单）. */
  backOffice: string;
  /** True for the platform codes that mean "no waybill account (subscription) for this courier". */
  noAccount(platformCode: string): boolean;
}

const courierName = (code: string) => COURIERS[code as CourierCode] ?? code;

/** The platform's code for our courier, or a refusal saying what to do. */
export function waybillCourier<T>(map: Partial<Record<CourierCode, T>>, courierCode: string, platform: WaybillPlatform): T {
  const code = map[courierCode as CourierCode];
  if (code === undefined) {
    throw new ChannelError(
      'BAD_REQUEST',
      'unknown_courier',
      `${platform.name}不支持${courierName(courierCode)}的电子面单，请换一家快递或在仓库设置改用快递100`,
    );
  }
  return code;
}

export function noAccountMessage(platform: WaybillPlatform, courierCode: string, detail?: string): string {
  return `${platform.name}：该店铺未开通${courierName(courierCode)}电子面单，请在${platform.backOffice}订购或在仓库设置改用快递100${detail ? `（${detail}）` : ''}`;
}

/** A parcel the platform refused inside an answer (per-parcel error list). */
export function parcelFailure(
  platform: WaybillPlatform,
  courierCode: string,
  objectId: string,
  platformCode: string,
  message: string,
): PlatformWaybillOutcome & { ok: false } {
  if (platform.noAccount(platformCode)) {
    return { objectId, ok: false, kind: 'NO_ACCOUNT', platformCode, message: noAccountMessage(platform, courierCode, message), retryable: false };
  }
  return { objectId, ok: false, kind: 'REFUSED', platformCode, message: `${platform.name}拒绝取号：${message}`, retryable: false };
}

const KIND_OF: Record<ChannelError['kind'], PlatformWaybillFailureKind> = {
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  RATE_LIMITED: 'RATE_LIMITED',
  SERVER_ERROR: 'SERVER_ERROR',
  NETWORK: 'NETWORK',
  INVALID_SIGNATURE: 'REFUSED',
  BAD_REQUEST: 'REFUSED',
  NOT_FOUND: 'REFUSED',
};

/** A whole call's error as the outcome of one of its parcels. Anything but a ChannelError is a bug and is thrown on. */
export function callFailure(platform: WaybillPlatform, courierCode: string, objectId: string, e: unknown): PlatformWaybillOutcome & { ok: false } {
  if (!(e instanceof ChannelError)) throw e;
  const kind = platform.noAccount(e.platformCode) ? 'NO_ACCOUNT' : KIND_OF[e.kind];
  const message =
    kind === 'NO_ACCOUNT'
      ? noAccountMessage(platform, courierCode, e.message)
      : kind === 'TOKEN_EXPIRED'
        ? `${platform.name}：店铺授权已失效，请在店铺管理重新授权后再取号（${e.message}）`
        : kind === 'REFUSED'
          ? `${platform.name}拒绝取号：${e.message}`
          : `${platform.name}暂时无法取号，请稍后重试（${e.message}）`;
  return { objectId, ok: false, kind, platformCode: e.platformCode, message, retryable: e.retryable };
}

export function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Takes numbers batch by batch. A batch refused as a whole for a business reason is taken again
 * parcel by parcel, so one bad parcel costs only itself; token, limit and server errors fail the
 * batch's parcels with that reason (the caller retries later, idempotently).
 */
export async function takeInBatches(
  platform: WaybillPlatform,
  courierCode: string,
  parcels: PlatformWaybillParcel[],
  batchMax: number,
  take: (batch: PlatformWaybillParcel[]) => Promise<PlatformWaybillOutcome[]>,
): Promise<PlatformWaybillOutcome[]> {
  const out: PlatformWaybillOutcome[] = [];
  for (const batch of chunks(parcels, batchMax)) {
    try {
      out.push(...(await take(batch)));
    } catch (e) {
      const business = e instanceof ChannelError && KIND_OF[e.kind] === 'REFUSED' && !platform.noAccount(e.platformCode);
      if (!business || batch.length === 1) {
        out.push(...batch.map((p) => callFailure(platform, courierCode, p.objectId, e)));
        continue;
      }
      for (const p of batch) {
        try {
          out.push(...(await take([p])));
        } catch (one) {
          out.push(callFailure(platform, courierCode, p.objectId, one));
        }
      }
    }
  }
  return out;
}

/** getWaybills for one platform: the courier mapped first (an unknown one refuses every parcel without a call), then takeInBatches. */
export async function waybillsInBatches<C>(
  platform: WaybillPlatform,
  couriers: Partial<Record<CourierCode, C>>,
  r: PlatformWaybillRequest,
  batchMax: number,
  take: (platformCourier: C, batch: PlatformWaybillParcel[]) => Promise<PlatformWaybillOutcome[]>,
): Promise<PlatformWaybillOutcome[]> {
  let code: C;
  try {
    code = waybillCourier(couriers, r.courierCode, platform);
  } catch (e) {
    return r.orders.map((p) => callFailure(platform, r.courierCode, p.objectId, e));
  }
  // An order the platform gave no encrypted receiver for (plain, or gone after shipping) cannot get a privacy waybill: no call for it.
  const sendable = r.orders.filter((p) => p.receiverHandle !== '');
  const taken = await takeInBatches(platform, r.courierCode, sendable, batchMax, (batch) => take(code, batch));
  const by = new Map(taken.map((o) => [o.objectId, o]));
  return r.orders.map(
    (p) =>
      by.get(p.objectId) ?? {
        objectId: p.objectId,
        ok: false,
        kind: 'REFUSED',
        platformCode: 'no_receiver_handle',
        message: `${platform.name}：该订单没有平台加密的收件信息，无法取平台电子面单，请在仓库设置改用快递100`,
        retryable: false,
      },
  );
}

/** The outcome list in the request's order, every parcel answered (a parcel the platform left out is a refusal). */
export function inRequestOrder(platform: WaybillPlatform, parcels: PlatformWaybillParcel[], outcomes: PlatformWaybillOutcome[]): PlatformWaybillOutcome[] {
  const by = new Map(outcomes.map((o) => [o.objectId, o]));
  return parcels.map(
    (p) =>
      by.get(p.objectId) ?? {
        objectId: p.objectId,
        ok: false,
        kind: 'REFUSED',
        platformCode: 'missing',
        message: `${platform.name}没有返回该包裹的取号结果，请重试`,
        retryable: true,
      },
  );
}

/** cancelWaybill's answer: any error becomes the platform's reason. */
export async function cancelOutcome(platform: WaybillPlatform, fn: () => Promise<void>): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await fn();
    return { ok: true };
  } catch (e) {
    if (!(e instanceof ChannelError)) throw e;
    return { ok: false, message: `${platform.name}回收面单失败：${e.message}` };
  }
}
