/**
 * One HTTP round trip for every client: a timeout, and transport failures turned into ChannelError
 * (network / timeout → NETWORK, HTTP 5xx → SERVER_ERROR, both retryable) so withRetry can decide.
 * The platform's own error envelope inside a 200 answer is each client's business.
 */
import { ChannelError } from './types.ts';

export interface HttpCall {
  fetch: typeof fetch;
  url: string;
  method?: 'GET' | 'POST';
  /** application/x-www-form-urlencoded body, or a JSON body. */
  form?: Record<string, string>;
  json?: unknown;
  /** A body sent exactly as given (Douyin signs the exact param_json text), with its content type. */
  raw?: { text: string; contentType: string };
  timeoutMs: number;
}

/** Answers the parsed JSON body (any HTTP status below 500 that carries JSON). */
export async function httpJson(call: HttpCall): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | undefined;
  if (call.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded;charset=utf-8';
    body = new URLSearchParams(call.form).toString();
  } else if (call.raw) {
    headers['content-type'] = call.raw.contentType;
    body = call.raw.text;
  } else if (call.json !== undefined) {
    headers['content-type'] = 'application/json;charset=utf-8';
    body = JSON.stringify(call.json);
  }
  let res: Response;
  let text: string;
  try {
    res = await call.fetch(call.url, {
      method: call.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    text = await res.text();
  } catch (e) {
    const timeout = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    throw new ChannelError('NETWORK', timeout ? 'timeout' : 'network', timeout ? `平台接口超时（${call.timeoutMs} ms）` : `连接平台失败：${String(e)}`);
  }
  if (res.status >= 500) throw new ChannelError('SERVER_ERROR', `http_${res.status}`, `平台服务异常（HTTP ${res.status}）`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ChannelError(
      res.status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST',
      `http_${res.status}`,
      `平台返回的不是 JSON（HTTP ${res.status}）：${text.slice(0, 120)}`,
    );
  }
}

/** Narrowing helpers for untyped platform JSON: a missing object reads as {}. */
export type Json = Record<string, unknown>;
export const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : '');
export const optStr = (v: unknown): string | undefined => {
  const s = str(v);
  return s === '' ? undefined : s;
};
export const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN);
