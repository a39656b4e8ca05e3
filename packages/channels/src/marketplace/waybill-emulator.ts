/**
 * The privacy-waybill state every channel's emulator shares, whatever its wire format: which
 * couriers a shop has no waybill account for, the waybills issued (one number per shop, courier
 * and objectId until cancelled) and the size of each 取号 call. Each channel's waybill-emulator.ts
 * parses its platform's request into ParcelAsk and answers these results in its own envelope.
 *
 * The state hangs off the channel's ChannelCore (a WeakMap, so the core itself stays as it is):
 * tests read it with waybillBook(emu.core(channel)).
 */
import { randomInt } from 'node:crypto';
import { kuaidi100Com, WAYBILL_FORMATS } from '../courier/codes.ts';
import { COURIERS } from './couriers.ts';
import type { ChannelCore } from './emulator-core.ts';
import { maskAddress, maskPhoneMiddle, maskSurname } from './mask.ts';
import type { MarketplaceChannel } from './types.ts';
import { type PrintContent, sealPrintData } from './waybill-print.ts';
import { handleCiphers, type PlatformPrintData, type WaybillParty, type WaybillSource, waybillReceiverHandle } from './waybill-types.ts';

export interface IssuedWaybill {
  source: WaybillSource;
  platformShopId: string;
  /** Our courier code and the platform's code as sent. */
  courierCode: string;
  platformCourier: string;
  objectId: string;
  trackingNo: string;
  platformOrderIds: string[];
  receiverHandle: string;
  sender: WaybillParty;
  items: { name: string; count: number }[];
  weightG?: number;
  templateUrl: string;
  issuedAt: Date;
  cancelledAt?: Date;
}

export type WaybillRefusalReason = 'NO_ACCOUNT' | 'ORDER_NOT_FOUND' | 'NOT_SHIPPABLE' | 'RECEIVER_MISMATCH' | 'BAD_PARCEL';

export interface WaybillRefusal {
  objectId: string;
  reason: WaybillRefusalReason;
  message: string;
}

/** One parcel of a 取号 call as the platform's request carried it. */
export interface ParcelAsk {
  objectId: string;
  platformOrderIds: string[];
  /** The receiver as the request carried it, rebuilt into the handle form (oaid, or the JSON of ciphertexts). */
  receiverHandle: string;
  region?: { province: string; city: string; district: string };
  items: { name: string; count: number }[];
  weightG?: number;
}

export interface IssueAsk {
  /** Our courier code for the platform's (undefined: the platform does not know the code). */
  courierCode: string | undefined;
  platformCourier: string;
  sender: WaybillParty;
  templateUrl: string;
  parcels: ParcelAsk[];
}

export type ParcelAnswer = ({ ok: true } & { waybill: IssuedWaybill; printData: PlatformPrintData }) | ({ ok: false } & WaybillRefusal);

/** The waybill source each channel's platform issues under. */
export const WAYBILL_SOURCE_OF: Partial<Record<MarketplaceChannel, WaybillSource>> = {
  TAOBAO: 'CAINIAO',
  PDD: 'PDD',
  TIKTOK: 'TIKTOK',
  KUAISHOU: 'KUAISHOU',
  REDBOOK: 'REDBOOK',
  JD: 'JD',
};

export class WaybillBook {
  private readonly issued: IssuedWaybill[] = [];
  /** Parcels per 取号 call, in call order (tests check the client's batching). */
  readonly batches: number[] = [];
  /** "<shopId>|<courier>" or "*|<courier>": no waybill account (subscription) for that courier. */
  private readonly closed = new Set<string>();

  /** Every waybill issued, cancelled ones included (cancelledAt set). */
  list(): IssuedWaybill[] {
    return this.issued.slice();
  }

  /** From now on the shop (every shop when not given) has no account for our courier code: 取号 answers the platform's "not subscribed". */
  noAccount(courierCode: string, platformShopId = '*'): void {
    this.closed.add(`${platformShopId}|${courierCode}`);
  }

  openAccount(courierCode: string, platformShopId = '*'): void {
    this.closed.delete(`${platformShopId}|${courierCode}`);
  }

  hasAccount(platformShopId: string, courierCode: string): boolean {
    return !this.closed.has(`*|${courierCode}`) && !this.closed.has(`${platformShopId}|${courierCode}`);
  }

  /** The live waybill of (shop, courier, objectId), if one was issued and not cancelled. */
  live(platformShopId: string, platformCourier: string, objectId: string): IssuedWaybill | undefined {
    return this.issued.find((w) => w.platformShopId === platformShopId && w.platformCourier === platformCourier && w.objectId === objectId && !w.cancelledAt);
  }

  find(platformShopId: string, trackingNo: string): IssuedWaybill | undefined {
    return this.issued.find((w) => w.platformShopId === platformShopId && w.trackingNo === trackingNo);
  }

  add(w: IssuedWaybill): void {
    this.issued.push(w);
  }

  /** A number in the courier's format that no waybill of this channel has. */
  newNumber(courierCode: string | undefined): string {
    const f = WAYBILL_FORMATS[kuaidi100Com(courierCode ?? '') ?? ''] ?? { prefix: '', digits: 14 };
    for (;;) {
      let digits = '';
      while (digits.length < f.digits) digits += String(randomInt(10));
      const no = `${f.prefix}${digits}`;
      if (!this.issued.some((w) => w.trackingNo === no)) return no;
    }
  }
}

const BOOKS = new WeakMap<ChannelCore, WaybillBook>();

/** The channel emulator's waybill state (created on first use). */
export function waybillBook(core: ChannelCore): WaybillBook {
  let book = BOOKS.get(core);
  if (!book) {
    book = new WaybillBook();
    BOOKS.set(core, book);
  }
  return book;
}

/** Same receiver handle: equal text, or JSON handles with the same three ciphertexts (key order aside). */
export function sameHandle(a: string, b: string): boolean {
  if (a === b) return true;
  const x = handleCiphers(a);
  const y = handleCiphers(b);
  return !!x && !!y && x.name === y.name && x.phone === y.phone && x.address === y.address;
}

const courierName = (ask: IssueAsk) => COURIERS[ask.courierCode as keyof typeof COURIERS] ?? ask.platformCourier;

/** Why the platform would refuse this parcel, or undefined when it would issue a number. */
export function parcelRefusal(core: ChannelCore, shopId: string, ask: IssueAsk, p: ParcelAsk): WaybillRefusal | undefined {
  const refuse = (reason: WaybillRefusalReason, message: string): WaybillRefusal => ({ objectId: p.objectId, reason, message });
  if (!ask.courierCode) return refuse('BAD_PARCEL', `快递公司编码不存在：${ask.platformCourier}`);
  if (!waybillBook(core).hasAccount(shopId, ask.courierCode)) return refuse('NO_ACCOUNT', `该店铺未开通${courierName(ask)}电子面单服务`);
  if (!p.objectId) return refuse('BAD_PARCEL', '请求ID（object_id）不能为空');
  if (!p.platformOrderIds.length) return refuse('BAD_PARCEL', '订单号不能为空');
  if (!ask.sender.name || !ask.sender.phone || !ask.sender.province || !ask.sender.address) return refuse('BAD_PARCEL', '发件人姓名、电话或地址不完整');
  for (const id of p.platformOrderIds) {
    const o = core.order(shopId, id);
    if (!o) return refuse('ORDER_NOT_FOUND', `订单不存在或不属于该店铺：${id}`);
    if (!core.canShip(o)) return refuse('NOT_SHIPPABLE', `订单当前状态不能取号：${id}`);
    const view = core.handler.view(o, core);
    const handle = waybillReceiverHandle(view);
    if (!handle || !sameHandle(handle, p.receiverHandle)) return refuse('RECEIVER_MISMATCH', `收件人必须传该订单的加密收件信息：${id}`);
    const r = view.receiver;
    if (p.region && (p.region.province !== r.province || p.region.city !== r.city || p.region.district !== r.district)) {
      return refuse('RECEIVER_MISMATCH', `收件地区与订单不一致：${id}`);
    }
  }
  return undefined;
}

function printContent(core: ChannelCore, w: IssuedWaybill): PrintContent {
  const truth = core.orders.get(w.platformOrderIds[0] ?? '')?.order.receiver;
  return {
    source: w.source,
    waybillCode: w.trackingNo,
    courierCode: w.courierCode,
    platformCourier: w.platformCourier,
    sender: w.sender,
    receiverHandle: w.receiverHandle,
    receiverMasked: {
      name: maskSurname(truth?.name ?? ''),
      phone: maskPhoneMiddle(truth?.phone ?? ''),
      province: truth?.province ?? '',
      city: truth?.city ?? '',
      district: truth?.district ?? '',
      address: maskAddress(truth?.address ?? ''),
    },
    platformOrderIds: w.platformOrderIds,
    items: w.items,
    weightG: w.weightG,
    issuedAt: w.issuedAt.toISOString(),
  };
}

/**
 * The handle the platform served for the parcel's first order. The request carries only the cipher
 * fields the platform's API takes (not the region the handle also holds), and parcelRefusal already
 * matched them: the waybill keeps the order's handle as served.
 */
function servedHandle(core: ChannelCore, shopId: string, p: ParcelAsk): string | undefined {
  const o = core.order(shopId, p.platformOrderIds[0] ?? '');
  return o ? waybillReceiverHandle(core.handler.view(o, core)) : undefined;
}

/** Issues (or finds again, same objectId) the number of a parcel already checked with parcelRefusal. */
export function issueChecked(core: ChannelCore, shopId: string, ask: IssueAsk, p: ParcelAsk): { waybill: IssuedWaybill; printData: PlatformPrintData } {
  const book = waybillBook(core);
  let w = book.live(shopId, ask.platformCourier, p.objectId);
  if (!w) {
    w = {
      source: WAYBILL_SOURCE_OF[core.channel] ?? 'CAINIAO',
      platformShopId: shopId,
      courierCode: ask.courierCode ?? '',
      platformCourier: ask.platformCourier,
      objectId: p.objectId,
      trackingNo: book.newNumber(ask.courierCode),
      platformOrderIds: p.platformOrderIds,
      receiverHandle: servedHandle(core, shopId, p) ?? p.receiverHandle,
      sender: ask.sender,
      items: p.items,
      weightG: p.weightG,
      templateUrl: ask.templateUrl,
      issuedAt: core.now(),
    };
    book.add(w);
  }
  return { waybill: w, printData: printDataOf(core, w) };
}

/** Fresh print data of an issued waybill (platforms that hand print data out by number: Douyin, JD). */
export function printDataOf(core: ChannelCore, w: IssuedWaybill): PlatformPrintData {
  return sealPrintData(printContent(core, w), w.templateUrl);
}

/** Each parcel on its own: the ones that pass get numbers, the others their refusal (Douyin, Kuaishou, Xiaohongshu answer per parcel). */
export function issueEach(core: ChannelCore, shopId: string, ask: IssueAsk): ParcelAnswer[] {
  waybillBook(core).batches.push(ask.parcels.length);
  return ask.parcels.map((p) => {
    const bad = parcelRefusal(core, shopId, ask, p);
    return bad ? { ok: false as const, ...bad } : { ok: true as const, ...issueChecked(core, shopId, ask, p) };
  });
}

/** All or nothing (Cainiao, PDD, JD refuse the whole call): the first refusal, or every parcel's number. */
export function issueAll(
  core: ChannelCore,
  shopId: string,
  ask: IssueAsk,
): { ok: false; refusal: WaybillRefusal } | { ok: true; issued: { waybill: IssuedWaybill; printData: PlatformPrintData }[] } {
  waybillBook(core).batches.push(ask.parcels.length);
  for (const p of ask.parcels) {
    const refusal = parcelRefusal(core, shopId, ask, p);
    if (refusal) return { ok: false, refusal };
  }
  return { ok: true, issued: ask.parcels.map((p) => issueChecked(core, shopId, ask, p)) };
}

/** Cancels a live waybill of the shop: 'unknown' for a number it never issued (or another courier's), 'cancelled' when already cancelled. */
export function cancelIssued(core: ChannelCore, shopId: string, platformCourier: string | undefined, trackingNo: string): 'ok' | 'unknown' | 'cancelled' {
  const w = waybillBook(core).find(shopId, trackingNo);
  if (!w || (platformCourier !== undefined && w.platformCourier !== platformCourier)) return 'unknown';
  if (w.cancelledAt) return 'cancelled';
  w.cancelledAt = core.now();
  return 'ok';
}

/** Our courier code for a platform's code (undefined: the platform does not know it). */
export function ourCourier<T>(map: Partial<Record<string, T>>, platformCode: T | string): string | undefined {
  return Object.keys(map).find((k) => String(map[k]) === String(platformCode));
}

/** A request's item list as [{name, count}], whatever it was called on the wire. */
export function askItems(list: unknown, name: string, count: string): { name: string; count: number }[] {
  return (Array.isArray(list) ? list : []).map((i) => {
    const o = (i && typeof i === 'object' ? i : {}) as Record<string, unknown>;
    return { name: String(o[name] ?? ''), count: Number(o[count] ?? 0) };
  });
}
