/**
 * Query strings and form bodies exactly as `qs.stringify(value, { arrayFormat, skipNulls: true })`
 * wrote them (RFC 3986 escaping of keys and values, nested keys as a[b], dates as ISO text, a cycle
 * refused), without qs: qs is CommonJS, so the bundler kept its parser and its side-channel and
 * object-inspect helpers in the shell's first load for the one stringify the request client makes.
 * form-encode.test.ts checks the two give the same text.
 */

/** 'repeat': a=1&a=2 (what Fastify's query parser reads as an array); 'indices': a[0]=1&a[1]=2. */
export type ArrayFormat = 'repeat' | 'indices';

const hex = (byte: number) => `%${byte < 16 ? '0' : ''}${byte.toString(16).toUpperCase()}`;

/** qs's utils.encode for UTF-8 and RFC 3986: letters, digits and - . _ ~ stay, every other UTF-8 byte is %XX. */
export function encodeComponent(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c === 0x2d || c === 0x2e || c === 0x5f || c === 0x7e || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) {
      out += text.charAt(i);
    } else if (c < 0x80) {
      out += hex(c);
    } else if (c < 0x800) {
      out += hex(0xc0 | (c >> 6)) + hex(0x80 | (c & 0x3f));
    } else if (c < 0xd800 || c >= 0xe000) {
      out += hex(0xe0 | (c >> 12)) + hex(0x80 | ((c >> 6) & 0x3f)) + hex(0x80 | (c & 0x3f));
    } else {
      const next = text.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        i += 1;
        c = 0x10000 + (((c & 0x3ff) << 10) | (next & 0x3ff));
        out += hex(0xf0 | (c >> 18)) + hex(0x80 | ((c >> 12) & 0x3f)) + hex(0x80 | ((c >> 6) & 0x3f)) + hex(0x80 | (c & 0x3f));
      } else {
        // A lone surrogate has no UTF-8 form: U+FFFD, as qs, URLSearchParams and TextEncoder write it.
        out += '%EF%BF%BD';
      }
    }
  }
  return out;
}

type Primitive = string | number | boolean | symbol | bigint;
const isPrimitive = (v: unknown): v is Primitive => ['string', 'number', 'boolean', 'symbol', 'bigint'].includes(typeof v);

function pairs(value: unknown, prefix: string, arrayFormat: ArrayFormat, ancestors: object[], out: string[]) {
  let v = value instanceof Date ? value.toISOString() : value;
  if (v === null) v = '';
  if (isPrimitive(v)) {
    out.push(`${encodeComponent(prefix)}=${encodeComponent(String(v))}`);
    return;
  }
  if (v === undefined) return;
  const obj = v as Record<string, unknown>;
  if (ancestors.includes(obj)) throw new RangeError('Cyclic object value');
  const isArray = Array.isArray(obj);
  for (const key of Object.keys(obj)) {
    const item = obj[key];
    if (item === null) continue;
    const itemPrefix = isArray ? (arrayFormat === 'repeat' ? prefix : `${prefix}[${key}]`) : `${prefix}[${key}]`;
    pairs(item, itemPrefix, arrayFormat, [...ancestors, obj], out);
  }
}

/** `qs.stringify(value, { arrayFormat, skipNulls: true })`: '' for anything but an object. */
export function formEncode(value: unknown, arrayFormat: ArrayFormat): string {
  if (typeof value !== 'object' || value === null) return '';
  const out: string[] = [];
  const top = value as Record<string, unknown>;
  for (const key of Object.keys(top)) {
    if (top[key] === null) continue;
    pairs(top[key], key, arrayFormat, [], out);
  }
  return out.join('&');
}
