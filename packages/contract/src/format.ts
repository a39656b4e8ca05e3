/**
 * Display rules of SPEC.md section 5 shared by the page and the server's exports, so a masked
 * name reads the same on screen and in a spreadsheet.
 */

/** Two characters: first + '*'. Longer: first and last kept, every middle character masked. */
export function maskName(name: string | null | undefined): string {
  if (!name) return '';
  const chars = Array.from(name.trim());
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** Keeps the first 3 and the last 4 digits; anything too short to mask is returned as it is. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const p = phone.trim();
  if (p.length < 8) return p;
  return `${p.slice(0, 3)}${'*'.repeat(p.length - 7)}${p.slice(-4)}`;
}

/**
 * The street part of an address (province, city and district are shown whole beside it): the first
 * third of its characters (at most 6) and four asterisks, so neither the house number nor the
 * length shows. A value that already holds an asterisk (masked by the platform or by us) is kept.
 */
export function maskAddress(address: string | null | undefined): string {
  if (!address) return '';
  const a = address.trim();
  if (a.includes('*')) return a;
  const chars = Array.from(a);
  return `${chars.slice(0, Math.min(6, Math.floor(chars.length / 3))).join('')}****`;
}

/**
 * SPEC.md section 5 emptiness: numbers, booleans, functions, dates and regexes are never empty;
 * strings are trimmed; arrays, maps, sets and plain objects are empty when they hold nothing.
 */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'function') return false;
  if (value instanceof Date || value instanceof RegExp) return false;
  if (typeof value === 'string') return value.trim().length === 0;
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Map || value instanceof Set) return value.size === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/** Badge text: counts above 99 read 99+ (SPEC.md section 9); zero shows no badge. */
export function badgeText(count: number, cap = 99): string | null {
  if (!count || count <= 0) return null;
  return count > cap ? `${cap}+` : String(count);
}

/** leftDays of a shop authorization: whole days left, floored at 0 (SPEC.md section 4). */
export function leftDays(expireTime: Date, now: Date): number {
  const ms = expireTime.getTime() - now.getTime();
  return Math.max(0, Math.floor(ms / 86_400_000));
}
