/** Turns a RequestConfig into what fetch sends: flags pulled out, query and body encoded. */
import { formEncode } from './form-encode.js';
import { FLAG_NAMES, type RequestConfig, type RequestFlags } from './types.js';

type PlainObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is PlainObject {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Legacy callers put the flags inside data or params; they are honoured there too and removed. */
function takeFlags(source: unknown, into: RequestFlags): unknown {
  if (!isPlainObject(source) || !FLAG_NAMES.some((f) => f in source)) return source;
  const rest: PlainObject = {};
  for (const [key, value] of Object.entries(source)) {
    if ((FLAG_NAMES as readonly string[]).includes(key)) {
      if (value) into[key as keyof RequestFlags] = true;
    } else rest[key] = value;
  }
  return rest;
}

export interface PreparedRequest {
  flags: RequestFlags;
  method: RequestConfig['method'];
  url: string;
  params: PlainObject | undefined;
  data: unknown;
}

export function prepare(config: RequestConfig): PreparedRequest {
  const flags: RequestFlags = {};
  for (const f of FLAG_NAMES) if (config[f]) flags[f] = true;
  const params = takeFlags(config.params, flags) as PlainObject | undefined;
  let data = takeFlags(config.data, flags);
  let merged = params;
  // fetch cannot send a GET body, so a GET's data travels as query parameters rather than being lost.
  if (config.method === 'GET') {
    if (isPlainObject(data)) merged = { ...data, ...params };
    else if (data !== undefined) throw new TypeError(`GET ${config.url}: data must be a plain object of query parameters`);
    data = undefined;
  }
  return { flags, method: config.method, url: config.url, params: merged, data };
}

/** Repeated keys (a=1&a=2), nulls skipped as axios did: what Fastify's query parser reads as arrays. */
export function buildUrl(baseUrl: string, url: string, params: PlainObject | undefined): string {
  const query = params ? formEncode(params, 'repeat') : '';
  const full = `${baseUrl.replace(/\/+$/, '')}${url}`;
  if (!query) return full;
  return `${full}${full.includes('?') ? '&' : '?'}${query}`;
}

export interface EncodedBody {
  body: BodyInit | undefined;
  /** Undefined for multipart: fetch writes the boundary itself. */
  contentType: string | undefined;
}

function appendPart(form: FormData, key: string, value: unknown) {
  if (value === undefined || value === null) return;
  if (value instanceof Blob) {
    const name = 'name' in value && typeof value.name === 'string' ? value.name : 'blob';
    form.append(key, value, name);
  } else if (Array.isArray(value)) {
    for (const item of value) appendPart(form, key, item);
  } else if (typeof value === 'object') {
    form.append(key, JSON.stringify(value));
  } else {
    form.append(key, String(value));
  }
}

export function encodeBody(data: unknown, flags: RequestFlags): EncodedBody {
  if (data === undefined) return { body: undefined, contentType: undefined };
  if (flags.isFile) {
    if (data instanceof FormData) return { body: data, contentType: undefined };
    const form = new FormData();
    if (isPlainObject(data)) for (const [key, value] of Object.entries(data)) appendPart(form, key, value);
    return { body: form, contentType: undefined };
  }
  if (flags.formData) {
    const text = typeof data === 'string' ? data : formEncode(data, 'indices');
    return { body: text, contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
  }
  return { body: JSON.stringify(data), contentType: 'application/json' };
}

/** Key-order-independent JSON, so {a,b} and {b,a} are the same request for abortFlag. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stableStringify(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}
