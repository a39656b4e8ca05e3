/**
 * Kuaidi100's subscription (订阅推送): we subscribe a number once (POST poll.kuaidi100.com/poll,
 * form `schema=json`, `param` = {company, number, key, parameters: {callbackurl, salt, resultv2,
 * phone}}) and Kuaidi100 then POSTs the whole trace to our callback on every change, form fields
 * `param` (JSON: {status, billstatus, message, lastResult: the query's answer}) and
 * `sign = MD5(param + salt)`, upper-case. The callback answers {result, returnCode, message}; a
 * refusal (or no answer) makes Kuaidi100 push again later. Field names as Kuaidi100's subscription
 * demos send them (kuaidi100-api java-demo SubscribeReq / SubscribePushParamResp); unverified: the
 * exact retry schedule of refused pushes.
 */
import { createHash } from 'node:crypto';
import { sameSign } from './sign.ts';

export const KUAIDI100_SUBSCRIBE_URL = 'https://poll.kuaidi100.com/poll';

/** The callback's sign over the exact `param` text received. */
export const signPush = (param: string, salt: string) => createHash('md5').update(`${param}${salt}`, 'utf8').digest('hex').toUpperCase();

export interface TrackSubscription {
  courierCode: string;
  trackingNo: string;
  phone?: string;
  callbackUrl: string;
  salt: string;
}

/** One pushed trace, as read from the callback's form. */
export interface TrackPush {
  /** Kuaidi100's com and number. */
  com: string;
  trackingNo: string;
  state: string;
  signed: boolean;
  /** polling (still followed), shutdown (finished: signed or given up), abort (stopped by Kuaidi100), updateall. */
  pushStatus: string;
  /** Newest first. */
  traces: { time: string; context: string; status?: string }[];
}

/** The answers the callback gives: Kuaidi100 stops pushing this version on `result: true`. */
export const PUSH_ACCEPTED = { result: true, returnCode: '200', message: '成功' } as const;
export const PUSH_REFUSED = (message: string) => ({ result: false, returnCode: '500', message }) as const;

type Json = Record<string, unknown>;

/**
 * Checks the sign and reads a push's form fields. Answers null for a forged or broken push: the
 * caller refuses it and keeps nothing.
 */
export function readTrackPush(fields: Record<string, string | undefined>, salt: string): TrackPush | null {
  const param = fields.param ?? '';
  if (!fields.sign || !sameSign(fields.sign, signPush(param, salt))) return null;
  let body: Json;
  try {
    body = JSON.parse(param) as Json;
  } catch {
    return null;
  }
  const last = body.lastResult as Json | undefined;
  if (!last || typeof last.nu !== 'string' || !Array.isArray(last.data)) return null;
  return {
    com: String(last.com ?? ''),
    trackingNo: last.nu,
    state: String(last.state ?? '0'),
    signed: last.ischeck === '1',
    pushStatus: String(body.status ?? 'polling'),
    traces: (last.data as Json[]).map((d) => ({ time: String(d.ftime ?? d.time ?? ''), context: String(d.context ?? ''), status: d.status as string })),
  };
}
