/**
 * Kuaidi100 (快递100) protocol client: the real-time tracking query (poll/query.do, protocols.md §11)
 * and the electronic waybill order (电子面单下单, label/order?method=order). Both are form POSTs
 * carrying a JSON `param` and an upper-case MD5 sign (./sign.ts). Points at Kuaidi100 or the local
 * emulator (./emulator.ts) by its two URLs.
 */
import { kuaidi100Com } from './codes.ts';
import { CourierError, errorFromAnswer } from './errors.ts';
import { signQuery, signWithSecret } from './sign.ts';
import { KUAIDI100_SUBSCRIBE_URL, type TrackSubscription } from './subscribe.ts';

export const KUAIDI100_QUERY_URL = 'https://poll.kuaidi100.com/poll/query.do';
export const KUAIDI100_LABEL_URL = 'https://api.kuaidi100.com/label/order';

export interface Kuaidi100ClientOptions {
  /** 授权码 customer (tracking query). */
  customer: string;
  /** 授权 key (both APIs). */
  key: string;
  /** 授权 secret (e-waybill). */
  secret: string;
  queryUrl?: string;
  labelUrl?: string;
  /** The subscription (订阅推送) address; default Kuaidi100's. */
  subscribeUrl?: string;
  /** The courier account (月结账号 / 电子面单客户账户) the waybills are drawn from, per our courier code. */
  partners?: Record<string, { partnerId: string; partnerKey?: string; net?: string }>;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
  /** Waits before the 2nd and 3rd try (retryable errors only). Default [300, 1000]. */
  retryDelaysMs?: number[];
}

export interface TrackQuery {
  /** Our courier code (ZTO, SF, …). */
  courierCode: string;
  trackingNo: string;
  /** Receiver or sender phone: SF and ZTO answer only with it (the last 4 digits suffice). */
  phone?: string;
}

export interface TrackTrace {
  /** "2026-11-23 10:00:00", Beijing time as Kuaidi100 sends it. */
  time: string;
  context: string;
  status?: string;
}

export interface TrackResult {
  trackingNo: string;
  /** Kuaidi100 state: 0 在途, 1 揽收, 2 疑难, 3 签收, 4 退签, 5 派件, 6 退回 … */
  state: string;
  /** ischeck = "1": the parcel is signed for. */
  signed: boolean;
  /** Newest first. */
  traces: TrackTrace[];
}

export interface WaybillParty {
  name: string;
  mobile: string;
  /** Full address as printed: province city district street. */
  printAddr: string;
  company?: string;
}

export interface WaybillOrder {
  courierCode: string;
  /** Our order number: Kuaidi100 echoes it and refuses nothing for it, it only helps tracing. */
  orderId: string;
  recMan: WaybillParty;
  sendMan: WaybillParty;
  cargo: string;
  count: number;
  /** Kilograms. */
  weight?: number;
  remark?: string;
}

export interface WaybillResult {
  trackingNo: string;
  taskId: string;
  /** The courier's own order number when it gives one (needed to cancel). */
  kdComOrderNum?: string;
}

/** Giving an unused number back (电子面单取消, label/order?method=cancel). */
export interface WaybillCancel {
  courierCode: string;
  trackingNo: string;
  /** The kdComOrderNum the order answered, when it gave one: Kuaidi100 then requires it. */
  courierOrderNo?: string;
  reason?: string;
}

export interface Kuaidi100Client {
  queryTrack(q: TrackQuery): Promise<TrackResult>;
  createWaybill(o: WaybillOrder): Promise<WaybillResult>;
  /** Cancels an unused number at the courier; throws CourierError with Kuaidi100's reason when refused. */
  cancelWaybill(c: WaybillCancel): Promise<void>;
  /** Subscribes a number: Kuaidi100 then pushes its trace to the callback on every change (./subscribe.ts). A repeated subscription counts as done. */
  subscribe(s: TrackSubscription): Promise<void>;
}

type Answer = Record<string, unknown>;

export function createKuaidi100Client(opts: Kuaidi100ClientOptions): Kuaidi100Client {
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  const retryDelays = opts.retryDelaysMs ?? [300, 1000];
  const timeoutMs = opts.timeoutMs ?? 10_000;

  async function post(url: string, form: Record<string, string>): Promise<Answer> {
    let res: Response;
    let text: string;
    try {
      res = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'application/json' },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (e) {
      throw new CourierError('network', `无法连接快递100（${e instanceof Error ? e.message : String(e)}）`);
    }
    if (res.status >= 500) throw new CourierError('network', `快递100暂时无法访问（HTTP ${res.status}）`);
    try {
      return JSON.parse(text) as Answer;
    } catch {
      throw new CourierError('bad_response');
    }
  }

  async function withRetry<T>(once: () => Promise<T>): Promise<T> {
    let last: CourierError | undefined;
    for (let attempt = 0; attempt <= retryDelays.length; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, retryDelays[attempt - 1]));
      try {
        return await once();
      } catch (e) {
        if (!(e instanceof CourierError) || !e.retryable) throw e;
        last = e;
      }
    }
    throw last ?? new CourierError('network');
  }

  function comOf(courierCode: string): string {
    const com = kuaidi100Com(courierCode);
    if (!com) throw new CourierError('bad_request', `快递100不支持该快递公司：${courierCode}`);
    return com;
  }

  return {
    async queryTrack(q) {
      const param = JSON.stringify({
        com: comOf(q.courierCode),
        num: q.trackingNo,
        ...(q.phone ? { phone: q.phone } : {}),
        resultv2: '0',
        show: '0',
        order: 'desc',
      });
      return withRetry(async () => {
        const a = await post(opts.queryUrl ?? KUAIDI100_QUERY_URL, { customer: opts.customer, sign: signQuery(param, opts.key, opts.customer), param });
        // Success answers carry status "200" and data; refusals {result:false, returnCode, message}.
        if (a.status !== '200' || !Array.isArray(a.data)) throw errorFromAnswer(String(a.returnCode ?? ''), a.message as string | undefined, 'query');
        const traces = (a.data as Answer[]).map((d) => ({
          time: String(d.ftime ?? d.time ?? ''),
          context: String(d.context ?? ''),
          status: d.status as string,
        }));
        return { trackingNo: String(a.nu ?? q.trackingNo), state: String(a.state ?? '0'), signed: a.ischeck === '1', traces };
      });
    },

    async createWaybill(o) {
      const partner = opts.partners?.[o.courierCode];
      // Field names as Kuaidi100's e-waybill demos send them (kuaidi100-api/php-demo ele_*.php). Unverified:
      // printType 'NON' (number only, we print our own layout) and the answer's data.kuaidinum / kdComOrderNum / taskId.
      const param = JSON.stringify({
        printType: 'NON',
        kuaidicom: comOf(o.courierCode),
        partnerId: partner?.partnerId ?? '',
        ...(partner?.partnerKey ? { partnerKey: partner.partnerKey } : {}),
        ...(partner?.net ? { net: partner.net } : {}),
        recMan: o.recMan,
        sendMan: o.sendMan,
        cargo: o.cargo,
        count: o.count,
        ...(o.weight ? { weight: o.weight } : {}),
        payType: 'SHIPPER',
        expType: '标准快递',
        remark: o.remark ?? '',
        orderId: o.orderId,
      });
      // Not retried: a lost answer may have issued a number; the caller keeps what it got and asks once.
      const t = String(now());
      const a = await post(`${opts.labelUrl ?? KUAIDI100_LABEL_URL}?method=order`, {
        method: 'order',
        key: opts.key,
        t,
        sign: signWithSecret(param, t, opts.key, opts.secret),
        param,
      });
      const data = a.data as Answer | undefined;
      if (a.success !== true || String(a.code) !== '200' || !data?.kuaidinum)
        throw errorFromAnswer(String(a.code ?? ''), a.message as string | undefined, 'label');
      return {
        trackingNo: String(data.kuaidinum),
        taskId: String(data.taskId ?? ''),
        ...(data.kdComOrderNum ? { kdComOrderNum: String(data.kdComOrderNum) } : {}),
      };
    },

    async subscribe(s) {
      const param = JSON.stringify({
        company: comOf(s.courierCode),
        number: s.trackingNo,
        key: opts.key,
        parameters: { callbackurl: s.callbackUrl, salt: s.salt, resultv2: '0', ...(s.phone ? { phone: s.phone } : {}) },
      });
      await withRetry(async () => {
        const a = await post(opts.subscribeUrl ?? KUAIDI100_SUBSCRIBE_URL, { schema: 'json', param });
        // 501: already subscribed — the pushes are coming, which is what was asked.
        if (a.result !== true && String(a.returnCode) !== '501') throw errorFromAnswer(String(a.returnCode ?? ''), a.message as string | undefined, 'query');
      });
    },

    async cancelWaybill(c) {
      const partner = opts.partners?.[c.courierCode];
      // Fields as Kuaidi100's own demo sends them (kuaidi100-api/php-demo ele_cancel.php): the e-waybill account, the
      // company, the number, and orderId = the kdComOrderNum the order answered. Unverified: the answer's shape, taken
      // to be the order call's {success, code, message}.
      const param = JSON.stringify({
        partnerId: partner?.partnerId ?? '',
        ...(partner?.partnerKey ? { partnerKey: partner.partnerKey } : {}),
        ...(partner?.net ? { net: partner.net } : {}),
        kuaidicom: comOf(c.courierCode),
        kuaidinum: c.trackingNo,
        ...(c.courierOrderNo ? { orderId: c.courierOrderNo } : {}),
        reason: c.reason ?? '作废面单',
      });
      await withRetry(async () => {
        const t = String(now());
        const a = await post(`${opts.labelUrl ?? KUAIDI100_LABEL_URL}?method=cancel`, {
          method: 'cancel',
          key: opts.key,
          t,
          sign: signWithSecret(param, t, opts.key, opts.secret),
          param,
        });
        if (a.success !== true || String(a.code) !== '200') throw errorFromAnswer(String(a.code ?? ''), a.message as string | undefined, 'label');
      });
    },
  };
}
