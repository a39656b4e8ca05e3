/**
 * What every channel client's decryptReceivers shares: cutting the items into the platform's batch
 * size, retrying a whole call with the client's backoff, turning a whole-call failure into one
 * failed outcome per item of that call (a decrypt run never throws for the platform's answers),
 * Chinese reasons that say what to do, and the handle format of platforms that encrypt each
 * receiver field apart (PDD, Douyin, Kuaishou, Xiaohongshu).
 */
import { obj, str } from './http.ts';
import { ChannelError, type DecryptFailureKind, type DecryptOutcome, type DecryptRequest, type PlainReceiver } from './types.ts';

export type DecryptItem = DecryptRequest['items'][number];
export type DecryptFailure = Extract<DecryptOutcome, { ok: false }>;

/** The reasons a seller reads on the order, per kind: what happened and what to do. */
const ADVICE: Record<DecryptFailureKind, string> = {
  TOKEN_EXPIRED: '店铺授权已过期或被取消，请到店铺管理重新授权后再试',
  RATE_LIMITED: '平台解密调用过于频繁，请稍后再试',
  QUOTA_EXHAUSTED: '今日解密额度已用完，请明天再试或使用平台电子面单',
  REFUSED: '平台拒绝解密该订单的收货人，请使用平台电子面单或在平台后台查看',
  NOT_FOUND: '平台上找不到该订单（可能不属于此店铺），请核对订单所属店铺',
  BAD_DATA: '收货人密文无效或与订单不匹配，请重新同步该订单后再试',
  SERVER_ERROR: '平台服务暂时异常，请稍后再试',
  NETWORK: '连接平台失败，请稍后再试',
};

const RETRYABLE: ReadonlySet<DecryptFailureKind> = new Set(['RATE_LIMITED', 'SERVER_ERROR', 'NETWORK']);

/** One failed outcome; `detail` (the platform's own words) goes after the advice. */
export function decryptFailure(platform: string, item: DecryptItem, kind: DecryptFailureKind, platformCode: string, detail?: string): DecryptFailure {
  // The platform's own words after the advice, unless they only repeat it (e.g. 今日解密额度已用完).
  const own = detail?.replace(/^[^：]{1,6}：/, '') ?? '';
  const why = own && !ADVICE[kind].startsWith(own.split('（')[0] ?? '') ? `（${own}）` : '';
  return {
    platformOrderId: item.platformOrderId,
    ok: false,
    kind,
    platformCode,
    message: `${platform}：${ADVICE[kind]}${why}`,
    retryable: RETRYABLE.has(kind),
  };
}

/** A whole-call ChannelError → the decrypt kind; `quota` tells the platform's "daily quota used up" code apart. */
export function decryptKindOf(e: ChannelError, quota: (e: ChannelError) => boolean): DecryptFailureKind {
  if (quota(e)) return 'QUOTA_EXHAUSTED';
  switch (e.kind) {
    case 'TOKEN_EXPIRED':
    case 'RATE_LIMITED':
    case 'SERVER_ERROR':
    case 'NETWORK':
    case 'NOT_FOUND':
      return e.kind;
    default:
      // A bad signature or argument: our app or request is wrong, the same call would be refused again.
      return 'REFUSED';
  }
}

export interface DecryptRun {
  /** The platform's name in messages, e.g. 淘宝. */
  platform: string;
  batchMax: number;
  retry: <T>(fn: () => Promise<T>) => Promise<T>;
  /** Tells the platform's decrypt-quota error apart from other refusals. */
  quota: (e: ChannelError) => boolean;
  /** One platform call for at most batchMax items: one outcome per item, in order (throws ChannelError for whole-call failures). */
  call: (items: DecryptItem[]) => Promise<DecryptOutcome[]>;
}

export const chunk = <T>(list: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

/** Runs the batches one after another (platforms limit decrypt rates per shop); outcomes in the items' order. */
export async function runDecrypt(p: DecryptRequest, r: DecryptRun): Promise<DecryptOutcome[]> {
  const out: DecryptOutcome[] = [];
  for (const part of chunk(p.items, r.batchMax)) {
    try {
      out.push(...(await r.retry(() => r.call(part))));
    } catch (e) {
      if (!(e instanceof ChannelError)) throw e;
      const kind = decryptKindOf(e, r.quota);
      out.push(...part.map((item) => decryptFailure(r.platform, item, kind, e.platformCode, e.message)));
    }
  }
  return out;
}

/** decryptReceivers of a channel whose receivers come in clear (Weidian, the ERPs). */
export function plainReceiversOnly(platform: string) {
  return async (p: DecryptRequest): Promise<DecryptOutcome[]> =>
    p.items.map((item) => ({
      platformOrderId: item.platformOrderId,
      ok: false as const,
      kind: 'BAD_DATA' as const,
      platformCode: 'plain_receiver',
      message: `${platform}：该渠道的收货人不加密，无需解密`,
      retryable: false,
    }));
}

/**
 * The decryptHandle of platforms that encrypt name, phone and street apart and give the region in
 * clear: the three ciphertexts the decrypt call takes, plus the region, since the call answers
 * only the three fields. JSON with a fixed key order, so the emulator's view and the client's
 * reading of the wire produce the same text.
 */
export interface FieldCiphers {
  name: string;
  phone: string;
  address: string;
  province: string;
  city: string;
  district: string;
  town?: string;
}

export function fieldCiphersHandle(c: FieldCiphers): string {
  return JSON.stringify({
    name: c.name,
    phone: c.phone,
    address: c.address,
    province: c.province,
    city: c.city,
    district: c.district,
    town: c.town || undefined,
  });
}

/** The handle back, or undefined when it is not one (typed by hand, cut short, another channel's). */
export function parseFieldCiphers(handle: string): FieldCiphers | undefined {
  let j: Record<string, unknown>;
  try {
    j = obj(JSON.parse(handle));
  } catch {
    return undefined;
  }
  const c = { name: str(j.name), phone: str(j.phone), address: str(j.address), province: str(j.province), city: str(j.city), district: str(j.district) };
  if (!c.name || !c.phone || !c.address) return undefined;
  return { ...c, town: str(j.town) || undefined };
}

export type CipherField = 'name' | 'phone' | 'address';
export const CIPHER_FIELDS: CipherField[] = ['name', 'phone', 'address'];

/**
 * Decrypts field-cipher handles through a platform call that answers per ciphertext: sends the
 * valid handles' three ciphertexts, then puts each order's answers back together. A handle that
 * does not parse is BAD_DATA without asking the platform; a failed field fails its order.
 */
export async function decryptFieldCiphers(
  platform: string,
  items: DecryptItem[],
  send: (ciphers: { item: DecryptItem; field: CipherField; cipher: string }[]) => Promise<Map<string, FieldAnswer>>,
): Promise<DecryptOutcome[]> {
  const parsed = items.map((item) => ({ item, c: parseFieldCiphers(item.handle) }));
  const wanted = parsed.flatMap(({ item, c }) => (c ? CIPHER_FIELDS.map((field) => ({ item, field, cipher: c[field] })) : []));
  const answers = wanted.length ? await send(wanted) : new Map<string, FieldAnswer>();
  return parsed.map(({ item, c }) => {
    if (!c) return decryptFailure(platform, item, 'BAD_DATA', 'bad_handle', '解密凭据格式不正确');
    const got = CIPHER_FIELDS.map(
      (f) =>
        answers.get(fieldKey(item.platformOrderId, c[f])) ?? { ok: false as const, kind: 'REFUSED' as const, code: 'missing', message: '平台没有返回该字段' },
    );
    const bad = got.find((g) => !g.ok);
    if (bad && !bad.ok) return decryptFailure(platform, item, bad.kind, bad.code, bad.message);
    const [name, phone, address] = got.map((g) => (g.ok ? g.text : ''));
    const receiver: PlainReceiver = { name: name ?? '', phone: phone ?? '', province: c.province, city: c.city, district: c.district, address: address ?? '' };
    if (c.town) receiver.town = c.town;
    const virtualNumber = got.some((g) => g.ok && g.virtual);
    return { platformOrderId: item.platformOrderId, ok: true, receiver, ...(virtualNumber ? { virtualNumber } : {}) };
  });
}

/** One ciphertext's answer, keyed by fieldKey(order, ciphertext). */
export type FieldAnswer = { ok: true; text: string; virtual?: boolean } | { ok: false; kind: DecryptFailureKind; code: string; message: string };
export const fieldKey = (platformOrderId: string, cipher: string) => `${platformOrderId}\u0000${cipher}`;
