/**
 * Aliyun SMS (Dysmsapi 2017-05-25) SendSms client: an RPC-style form POST signed with HMAC-SHA1
 * (./sign.ts). Points at dysmsapi.aliyuncs.com or the local emulator (./emulator.ts) by `endpoint`.
 */
import { randomUUID } from 'node:crypto';
import { errorFromAnswer, SmsError } from './errors.ts';
import { aliyunTimestamp, canonicalQuery, percentEncode, signRpc } from './sign.ts';

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';

export interface SmsClientOptions {
  accessKeyId: string;
  accessKeySecret: string;
  /** The approved signature name shown as 【…】 at the start of every message. */
  signName: string;
  /** https://dysmsapi.aliyuncs.com/ or the emulator's url. */
  endpoint?: string;
  regionId?: string;
  fetch?: typeof fetch;
  now?: () => Date;
  nonce?: () => string;
  /** Waits before the 2nd and 3rd try (network errors only). Default [300, 1000]. */
  retryDelaysMs?: number[];
  timeoutMs?: number;
}

export interface SendSmsInput {
  /** One mainland number, or several joined by commas (at most 1,000). */
  phoneNumbers: string;
  templateCode: string;
  /** The template's variables, e.g. { code: '123456' }. */
  templateParam?: Record<string, string>;
  /** Our own id, echoed in delivery receipts. */
  outId?: string;
}

export interface SendSmsResult {
  bizId: string;
  requestId: string;
}

export interface SmsClient {
  sendSms(input: SendSmsInput): Promise<SendSmsResult>;
}

export function createSmsClient(opts: SmsClientOptions): SmsClient {
  const endpoint = opts.endpoint ?? ALIYUN_SMS_ENDPOINT;
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? (() => new Date());
  const nonce = opts.nonce ?? randomUUID;
  const retryDelays = opts.retryDelaysMs ?? [300, 1000];
  const timeoutMs = opts.timeoutMs ?? 10_000;

  /** The signed params of one try: a fresh nonce and timestamp each time (the gateway refuses a reused nonce). */
  function signedParams(input: SendSmsInput): Record<string, string> {
    const params: Record<string, string> = {
      AccessKeyId: opts.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: input.phoneNumbers,
      RegionId: opts.regionId ?? 'cn-hangzhou',
      SignName: opts.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: nonce(),
      SignatureVersion: '1.0',
      TemplateCode: input.templateCode,
      Timestamp: aliyunTimestamp(now()),
      Version: '2017-05-25',
    };
    if (input.templateParam) params.TemplateParam = JSON.stringify(input.templateParam);
    if (input.outId) params.OutId = input.outId;
    return { ...params, Signature: signRpc('POST', params, opts.accessKeySecret) };
  }

  async function once(input: SendSmsInput): Promise<SendSmsResult> {
    const params = signedParams(input);
    const body = `Signature=${percentEncode(params.Signature ?? '')}&${canonicalQuery(params)}`;
    let status: number;
    let text: string;
    try {
      const res = await doFetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      text = await res.text();
    } catch (e) {
      throw new SmsError('network', undefined, { cause: e });
    }
    if (status >= 500) throw new SmsError('network', `短信服务暂时无法访问（HTTP ${status}）`);
    let answer: { Code?: string; Message?: string; RequestId?: string; BizId?: string };
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch (e) {
      throw new SmsError('bad_response', undefined, { cause: e });
    }
    if (answer.Code !== 'OK') throw errorFromAnswer(answer);
    return { bizId: String(answer.BizId ?? ''), requestId: String(answer.RequestId ?? '') };
  }

  return {
    async sendSms(input) {
      let last: SmsError | undefined;
      for (let attempt = 0; attempt <= retryDelays.length && attempt < 3; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, retryDelays[attempt - 1]));
        try {
          return await once(input);
        } catch (e) {
          if (!(e instanceof SmsError) || !e.retryable) throw e;
          last = e;
        }
      }
      throw last ?? new SmsError('network');
    },
  };
}
