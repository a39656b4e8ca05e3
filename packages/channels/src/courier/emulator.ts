/**
 * A local stand-in for Kuaidi100: the tracking query (POST /poll/query.do), the e-waybill
 * order (POST /label/order?method=order) and its cancel (method=cancel). It checks what Kuaidi100 checks — the customer / key,
 * the upper-case MD5 sign over the exact `param` text, the company code, the phone SF and ZTO
 * require — issues unique numbers in each company's format and serves traces that advance with
 * the clock to 签收 (state 3). Subscriptions (POST /poll) are kept and `pushUpdates` posts each
 * subscribed number's changed trace to its callback, signed with its salt, as Kuaidi100 pushes.
 * Tests move the clock (`advance`) and provoke failures (`setFailure`).
 * Binds 127.0.0.1 only.
 */
import { createServer, type ServerResponse } from 'node:http';
import { listenOnLoopback, readBody } from '../emulator-http.ts';
import { WAYBILL_FORMATS } from './codes.ts';
import { CourierEmulatorState, type EmulatorWaybill } from './emulator-state.ts';
import { sameSign, signQuery, signWithSecret } from './sign.ts';
import { signPush } from './subscribe.ts';

export interface CourierEmulatorOptions {
  port?: number;
  customer: string;
  key: string;
  secret: string;
  /** Time between trace steps; 签收 shows after 4 steps. Default 10 minutes. */
  stepMs?: number;
  now?: () => number;
}

/** http500: the gateway fails; busy: Kuaidi100's "try later"; no_stock: the courier refuses to issue (label only). */
export type CourierEmulatorFailure = 'http500' | 'busy' | 'no_stock';

export interface CourierEmulator {
  url: string;
  queryUrl: string;
  labelUrl: string;
  subscribeUrl: string;
  port: number;
  waybills(): EmulatorWaybill[];
  /** Moves the emulator's clock forward (traces advance). */
  advance(ms: number): void;
  setFailure(kind: CourierEmulatorFailure | null, o?: { times?: number; api?: 'query' | 'label' }): void;
  /** Pushes every subscribed number whose trace changed since its last accepted push; answers how many were accepted. */
  pushUpdates(): Promise<number>;
  close(): Promise<void>;
}

/** Companies whose tracking query needs the phone (protocols.md §11). */
const NEEDS_PHONE = new Set(['shunfeng', 'shunfengkuaiyun', 'zhongtong']);

type Json = Record<string, unknown>;
const refuse = (returnCode: string, message: string): Json => ({ result: false, returnCode, message });
const labelRefuse = (code: number, message: string): Json => ({ success: false, code, message, data: null });

function parseParam(text: string | undefined): Json | null {
  try {
    const v = JSON.parse(text ?? '') as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null;
  } catch {
    return null;
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export async function startCourierEmulator(opts: CourierEmulatorOptions): Promise<CourierEmulator> {
  let offset = 0;
  const now = () => (opts.now ?? Date.now)() + offset;
  const state = new CourierEmulatorState(opts.stepMs ?? 600_000);
  /** Subscribed numbers: where to push, the salt, and how many trace lines the callback last accepted. */
  const subscriptions = new Map<string, { com: string; callbackUrl: string; salt: string; pushed: number }>();
  let failure: { kind: CourierEmulatorFailure; times: number; api?: 'query' | 'label' } | null = null;

  function takeFailure(api: 'query' | 'label'): CourierEmulatorFailure | null {
    const f = failure;
    if (!f || (f.api && f.api !== api) || (f.kind === 'no_stock' && api !== 'label')) return null;
    f.times--;
    if (f.times <= 0) failure = null;
    return f.kind;
  }

  function query(p: Record<string, string>): { status: number; body: Json } {
    if (p.customer !== opts.customer) return { status: 200, body: refuse('601', 'customer不存在或已过期') };
    if (!p.sign || !sameSign(p.sign, signQuery(p.param ?? '', opts.key, opts.customer))) return { status: 200, body: refuse('503', '验证签名失败') };
    const param = parseParam(p.param);
    if (!param) return { status: 200, body: refuse('400', '参数param格式错误') };
    const f = takeFailure('query');
    if (f === 'http500') return { status: 500, body: refuse('500', 'Internal Server Error') };
    if (f === 'busy') return { status: 200, body: refuse('502', '服务器繁忙，请稍后再试') };
    const com = str(param.com);
    const num = str(param.num);
    if (!WAYBILL_FORMATS[com]) return { status: 200, body: refuse('400', '找不到对应公司') };
    if (!num || num.length > 32) return { status: 200, body: refuse('400', '快递单号格式错误') };
    const w = state.waybills.get(num);
    if (!w || w.com !== com) return { status: 200, body: refuse('500', '查询无结果，请隔段时间再查') };
    if (NEEDS_PHONE.has(com)) {
      const phone = str(param.phone).replace(/\D/g, '');
      const ok = phone.length >= 4 && [w.receiverMobile, w.senderMobile].some((m) => m.endsWith(phone.slice(-4)));
      if (!ok) return { status: 200, body: refuse('408', '该快递公司需要填写正确的收/寄件人手机号') };
    }
    const t = state.trace(w, now());
    const lines = param.order === 'asc' ? [...t.lines].reverse() : t.lines;
    return {
      status: 200,
      body: {
        message: 'ok',
        nu: num,
        ischeck: t.signed ? '1' : '0',
        com,
        status: '200',
        condition: t.signed ? 'F00' : '00',
        state: t.state,
        data: lines.map((l) => ({ time: l.time, ftime: l.time, context: l.context, status: l.status })),
      },
    };
  }

  /** The checks every label call makes (key, timestamp, signature, param); the refusal, or the parsed param. */
  function labelGate(p: Record<string, string>): { refusal: Json } | { param: Json } {
    if (p.key !== opts.key) return { refusal: labelRefuse(40001, 'key不存在') };
    if (!/^\d{13}$/.test(p.t ?? '') || Math.abs(now() - Number(p.t)) > 10 * 60_000) return { refusal: labelRefuse(40003, '时间戳t无效或已过期') };
    if (!p.sign || !sameSign(p.sign, signWithSecret(p.param ?? '', p.t ?? '', opts.key, opts.secret))) return { refusal: labelRefuse(40002, '签名错误') };
    const param = parseParam(p.param);
    return param ? { param } : { refusal: labelRefuse(400, '参数param格式错误') };
  }

  /** 电子面单取消: only a number it issued, of that company, not cancelled yet, with the kdComOrderNum it answered. */
  function cancel(p: Record<string, string>): { status: number; body: Json } {
    const gate = labelGate(p);
    if ('refusal' in gate) return { status: 200, body: gate.refusal };
    const f = takeFailure('label');
    if (f === 'http500') return { status: 500, body: labelRefuse(500, 'Internal Server Error') };
    if (f === 'busy') return { status: 200, body: labelRefuse(30002, '服务器繁忙，请稍后再试') };
    const w = state.waybills.get(str(gate.param.kuaidinum));
    if (!w || w.com !== str(gate.param.kuaidicom)) return { status: 200, body: labelRefuse(30003, '面单号不存在') };
    if (w.cancelledAt !== undefined) return { status: 200, body: labelRefuse(30004, '面单已取消，不能重复取消') };
    if (str(gate.param.orderId) !== w.orderId) return { status: 200, body: labelRefuse(400, '快递公司订单号orderId不正确') };
    w.cancelledAt = now();
    return { status: 200, body: { success: true, code: 200, message: 'success', data: null } };
  }

  function label(p: Record<string, string>): { status: number; body: Json } {
    if (p.method === 'cancel') return cancel(p);
    if (p.method !== 'order') return { status: 200, body: labelRefuse(400, '不支持的method') };
    const gate = labelGate(p);
    if ('refusal' in gate) return { status: 200, body: gate.refusal };
    const param = gate.param;
    const f = takeFailure('label');
    if (f === 'http500') return { status: 500, body: labelRefuse(500, 'Internal Server Error') };
    if (f === 'busy') return { status: 200, body: labelRefuse(30002, '服务器繁忙，请稍后再试') };
    if (f === 'no_stock') return { status: 200, body: labelRefuse(30001, '电子面单余额不足，请联系快递网点充值') };
    const com = str(param.kuaidicom);
    if (!WAYBILL_FORMATS[com]) return { status: 200, body: labelRefuse(400, '不支持的快递公司编码') };
    const rec = (param.recMan ?? {}) as Json;
    const send = (param.sendMan ?? {}) as Json;
    for (const [who, m] of [
      ['收件人', rec],
      ['寄件人', send],
    ] as const) {
      if (!str(m.name) || !/^1\d{10}$|^[\d-]{7,20}$/.test(str(m.mobile)) || !str(m.printAddr)) {
        return { status: 200, body: labelRefuse(400, `${who}姓名、电话或地址缺失`) };
      }
    }
    const w = state.issue({
      com,
      orderId: str(param.orderId),
      receiverMobile: str(rec.mobile),
      senderMobile: str(send.mobile),
      receiverAddr: str(rec.printAddr),
      senderAddr: str(send.printAddr),
      issuedAt: now(),
    });
    return {
      status: 200,
      body: { success: true, code: 200, message: 'success', data: { taskId: w.taskId, kuaidinum: w.trackingNo, kdComOrderNum: w.orderId } },
    };
  }

  /** 订阅: the key inside param (no sign on this call), a known company; the number need not be issued yet. */
  function subscribe(p: Record<string, string>): { status: number; body: Json } {
    const param = parseParam(p.param);
    if (p.schema !== 'json' || !param) return { status: 200, body: refuse('400', '参数param格式错误') };
    if (str(param.key) !== opts.key) return { status: 200, body: refuse('601', 'key不存在或已过期') };
    const com = str(param.company);
    const num = str(param.number);
    const parameters = (param.parameters ?? {}) as Json;
    if (!WAYBILL_FORMATS[com] || !num) return { status: 200, body: refuse('400', '快递公司或单号错误') };
    if (!/^https?:\/\//.test(str(parameters.callbackurl))) return { status: 200, body: refuse('400', 'callbackurl格式错误') };
    if (subscriptions.has(num)) return { status: 200, body: refuse('501', '重复订阅') };
    subscriptions.set(num, { com, callbackUrl: str(parameters.callbackurl), salt: str(parameters.salt), pushed: 0 });
    return { status: 200, body: { result: true, returnCode: '200', message: '提交成功' } };
  }

  async function pushOne(num: string, sub: { com: string; callbackUrl: string; salt: string; pushed: number }): Promise<boolean> {
    const w = state.waybills.get(num);
    if (!w) return false;
    const t = state.trace(w, now());
    if (t.lines.length <= sub.pushed) return false;
    const param = JSON.stringify({
      status: t.signed ? 'shutdown' : 'polling',
      billstatus: t.signed ? 'check' : 'got',
      message: '',
      lastResult: {
        message: 'ok',
        nu: num,
        ischeck: t.signed ? '1' : '0',
        com: sub.com,
        status: '200',
        condition: t.signed ? 'F00' : '00',
        state: t.state,
        data: t.lines.map((l) => ({ time: l.time, ftime: l.time, context: l.context, status: l.status })),
      },
    });
    try {
      const res = await fetch(sub.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams({ param, sign: signPush(param, sub.salt) }).toString(),
        signal: AbortSignal.timeout(5000),
      });
      const a = (await res.json()) as Json;
      if (a.result !== true) return false;
    } catch {
      return false; // Kuaidi100 pushes again later; so does the next round here
    }
    sub.pushed = t.lines.length;
    return true;
  }

  function send(res: ServerResponse, a: { status: number; body: Json }) {
    res.writeHead(a.status, { 'content-type': 'application/json;charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(a.body));
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    try {
      if (req.method !== 'POST') return send(res, { status: 405, body: refuse('405', '请使用POST') });
      const p = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(await readBody(req))) };
      if (url.pathname === '/poll/query.do') return send(res, query(p));
      if (url.pathname === '/label/order') return send(res, label(p));
      if (url.pathname === '/poll') return send(res, subscribe(p));
      return send(res, { status: 404, body: refuse('404', '接口不存在') });
    } catch (e) {
      return send(res, { status: 500, body: refuse('500', String(e)) });
    }
  });
  const port = await listenOnLoopback(server, opts.port ?? 0);
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    queryUrl: `${url}/poll/query.do`,
    labelUrl: `${url}/label/order`,
    subscribeUrl: `${url}/poll`,
    waybills: () => [...state.waybills.values()],
    advance(ms) {
      offset += ms;
    },
    setFailure(kind, o = {}) {
      failure = kind ? { kind, times: o.times ?? Number.POSITIVE_INFINITY, ...(o.api ? { api: o.api } : {}) } : null;
    },
    async pushUpdates() {
      let accepted = 0;
      for (const [num, sub] of subscriptions) if (await pushOne(num, sub)) accepted++;
      return accepted;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
