/**
 * A local stand-in for Aliyun SMS (dysmsapi.aliyuncs.com, Action=SendSms, Version 2017-05-25). It
 * checks what the real gateway checks — AccessKey, the HMAC-SHA1 signature, timestamp window,
 * nonce reuse, phone numbers, sign name, template and its variables, per-phone flow control — and
 * answers in the gateway's JSON. Delivered messages are kept (and handed to `onMessage`, which the
 * demo writes to its log) so tests and people can read the code that "arrived".
 */
import { randomInt, randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { listenOnLoopback, readBody } from '../emulator-http.ts';
import { verifyRpc } from './sign.ts';

export interface SmsEmulatorOptions {
  port?: number;
  /** AccessKey id → secret pairs the gateway accepts. */
  accessKeys: Record<string, string>;
  /** Approved sign names; a message under another name is refused (isv.SMS_SIGNATURE_ILLEGAL). */
  signNames: string[];
  /** Approved templates: code → text with ${var} placeholders. */
  templates: Record<string, string>;
  /** Aliyun's default flow control per phone: 1 a minute, 5 an hour, 10 a day. */
  limits?: { perMinute: number; perHour: number; perDay: number };
  onMessage?: (m: SmsMessage) => void;
  now?: () => Date;
}

export interface SmsMessage {
  phone: string;
  signName: string;
  templateCode: string;
  params: Record<string, string>;
  /** The text as the phone shows it: 【sign】 followed by the filled template. */
  content: string;
  bizId: string;
  outId?: string;
  at: Date;
}

export type SmsEmulatorFailure = 'http500' | 'isv.AMOUNT_NOT_ENOUGH' | 'isv.BUSINESS_LIMIT_CONTROL';

export interface SmsEmulator {
  /** The endpoint, to use as the client's `endpoint`. */
  url: string;
  port: number;
  messages(phone?: string): SmsMessage[];
  /** The last verification code sent to `phone` (the template's `code` variable), or undefined. */
  lastCode(phone: string): string | undefined;
  setFailure(kind: SmsEmulatorFailure | null, opts?: { times?: number }): void;
  close(): Promise<void>;
}

type Answer = { status: number; body: Record<string, string> };

const gatewayError = (status: number, code: string, message: string): Answer => ({
  status,
  body: {
    RequestId: randomUUID().toUpperCase(),
    HostId: 'dysmsapi.aliyuncs.com',
    Code: code,
    Message: message,
    Recommend: `https://next.api.aliyun.com/troubleshoot?q=${code}`,
  },
});
const business = (code: string, message: string): Answer => ({ status: 200, body: { RequestId: randomUUID().toUpperCase(), Code: code, Message: message } });

const REQUIRED = ['AccessKeyId', 'Action', 'Version', 'Timestamp', 'SignatureMethod', 'SignatureVersion', 'SignatureNonce', 'Signature'] as const;

export async function startSmsEmulator(opts: SmsEmulatorOptions): Promise<SmsEmulator> {
  const now = opts.now ?? (() => new Date());
  const limits = opts.limits ?? { perMinute: 1, perHour: 5, perDay: 10 };
  const log: SmsMessage[] = [];
  const nonces = new Map<string, number>();
  let failure: { kind: SmsEmulatorFailure; times: number } | null = null;

  function flowControl(phone: string, at: number): Answer | null {
    const sent = log.filter((m) => m.phone === phone).map((m) => m.at.getTime());
    if (sent.filter((t) => at - t < 60_000).length >= limits.perMinute)
      return business('isv.BUSINESS_LIMIT_CONTROL', `触发分钟级流控Permits:${limits.perMinute}`);
    if (sent.filter((t) => at - t < 3_600_000).length >= limits.perHour)
      return business('isv.BUSINESS_LIMIT_CONTROL', `触发小时级流控Permits:${limits.perHour}`);
    if (sent.filter((t) => at - t < 86_400_000).length >= limits.perDay) return business('isv.BUSINESS_LIMIT_CONTROL', `触发天级流控Permits:${limits.perDay}`);
    return null;
  }

  function handle(method: 'GET' | 'POST', p: Record<string, string>): Answer {
    for (const k of REQUIRED) if (!p[k]) return gatewayError(400, `Missing${k}`, `${k} is mandatory for this action.`);
    const secret = opts.accessKeys[p.AccessKeyId ?? ''];
    if (secret === undefined) return gatewayError(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    if (p.SignatureMethod !== 'HMAC-SHA1') return gatewayError(400, 'InvalidSignatureMethod', 'Specified signature method is not supported.');
    if (p.SignatureVersion !== '1.0') return gatewayError(400, 'InvalidSignatureVersion', 'Specified signature version is not supported.');
    const ts = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(p.Timestamp ?? '') ? Date.parse(p.Timestamp ?? '') : Number.NaN;
    if (Number.isNaN(ts)) return gatewayError(400, 'InvalidTimeStamp.Format', 'Specified time stamp or date value is not well formatted.');
    const at = now().getTime();
    if (Math.abs(at - ts) > 15 * 60_000) return gatewayError(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    if (!verifyRpc(method, p, secret)) return gatewayError(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    // Nonces are remembered for the timestamp window, after the signature check (an attacker cannot burn ours).
    for (const [n, t] of nonces) if (at - t > 15 * 60_000) nonces.delete(n);
    if (nonces.has(p.SignatureNonce ?? '')) return gatewayError(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    nonces.set(p.SignatureNonce ?? '', at);
    if (p.Action !== 'SendSms') return gatewayError(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');
    if (p.Version !== '2017-05-25') return gatewayError(400, 'InvalidVersion', 'Specified parameter Version is not valid.');

    const f = failure;
    if (f) {
      f.times--;
      if (f.times <= 0) failure = null;
      if (f.kind === 'http500') return gatewayError(500, 'InternalError', 'The request processing has failed due to some unknown error.');
      return business(f.kind, f.kind === 'isv.AMOUNT_NOT_ENOUGH' ? '账户余额不足' : '触发分钟级流控Permits:1');
    }
    const phones = (p.PhoneNumbers ?? '').split(',');
    if (!p.PhoneNumbers || phones.length > 1000 || phones.some((n) => !/^(?:\+?86)?1\d{10}$/.test(n)))
      return business('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    if (!p.SignName || !opts.signNames.includes(p.SignName)) return business('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
    const template = opts.templates[p.TemplateCode ?? ''];
    if (template === undefined) return business('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
    let params: Record<string, string> = {};
    if (p.TemplateParam) {
      try {
        const parsed = JSON.parse(p.TemplateParam) as unknown;
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || Object.values(parsed).some((v) => typeof v !== 'string')) throw new Error();
        params = parsed as Record<string, string>;
      } catch {
        return business('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
      }
    }
    const missing = [...template.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1] ?? '').find((name) => params[name] === undefined);
    if (missing) return business('isv.TEMPLATE_MISSING_PARAMETERS', `模板变量缺少对应参数值：${missing}`);
    for (const phone of phones) {
      const limited = flowControl(phone, at);
      if (limited) return limited;
    }
    const bizId = `${String(randomInt(1e9)).padStart(9, '0')}${String(at).slice(-9)}^0`;
    const content = `【${p.SignName}】${template.replace(/\$\{(\w+)\}/g, (_, name: string) => params[name] ?? '')}`;
    for (const phone of phones) {
      const m: SmsMessage = { phone, signName: p.SignName, templateCode: p.TemplateCode ?? '', params, content, bizId, outId: p.OutId, at: new Date(at) };
      log.push(m);
      opts.onMessage?.(m);
    }
    return { status: 200, body: { Message: 'OK', RequestId: randomUUID().toUpperCase(), BizId: bizId, Code: 'OK' } };
  }

  function send(res: ServerResponse, a: Answer | { status: number; body: unknown }) {
    res.writeHead(a.status, { 'content-type': 'application/json;charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(a.body));
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    try {
      if (url.pathname === '/emulator/messages' && req.method === 'GET') {
        const phone = url.searchParams.get('phone') ?? undefined;
        return send(res, { status: 200, body: log.filter((m) => !phone || m.phone === phone) });
      }
      if (url.pathname !== '/') return send(res, gatewayError(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.'));
      const query = Object.fromEntries(url.searchParams);
      if (req.method === 'GET') return send(res, handle('GET', query));
      if (req.method === 'POST') return send(res, handle('POST', { ...query, ...Object.fromEntries(new URLSearchParams(await readBody(req))) }));
      return send(res, gatewayError(405, 'UnsupportedHTTPMethod', 'Specified HTTP method is not supported.'));
    } catch (e) {
      return send(res, gatewayError(500, 'InternalError', String(e)));
    }
  });
  const port = await listenOnLoopback(server, opts.port ?? 0);
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    messages: (phone) => log.filter((m) => !phone || m.phone === phone),
    lastCode(phone) {
      for (let i = log.length - 1; i >= 0; i--) if (log[i]?.phone === phone) return log[i]?.params.code;
      return undefined;
    },
    setFailure(kind, o = {}) {
      failure = kind ? { kind, times: o.times ?? Number.POSITIVE_INFINITY } : null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
