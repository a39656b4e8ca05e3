/**
 * Reading a gateway answer. Alipay signs the exact JSON text of the `<method>_response` node as it
 * sent it (spacing, key order, escapes included), so we cut that text out of the raw body rather
 * than re-serialising the parsed object.
 */

/** The raw JSON text of the object value of top-level key `key`, or null if absent. */
export function rawJsonValue(body: string, key: string): string | null {
  const needle = JSON.stringify(key);
  let at = body.indexOf(needle);
  while (at !== -1) {
    let i = at + needle.length;
    while (/\s/.test(body[i] ?? '')) i++;
    if (body[i] === ':') {
      i++;
      while (/\s/.test(body[i] ?? '')) i++;
      if (body[i] === '{') return balancedObject(body, i);
    }
    at = body.indexOf(needle, at + 1);
  }
  return null;
}

function balancedObject(text: string, start: number): string | null {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  return null;
}

/** `alipay.trade.query` → `alipay_trade_query_response`. */
export function responseKey(method: string): string {
  return `${method.replace(/\./g, '_')}_response`;
}
