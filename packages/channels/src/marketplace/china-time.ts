/**
 * Chinese platforms speak Beijing time (UTC+8, no daylight saving) whatever the server's zone:
 * "yyyy-MM-dd HH:mm:ss" strings (TOP, JD, PDD detail, Weidian, KM, WDT) or unix seconds/ms.
 */

const p2 = (n: number) => String(n).padStart(2, '0');

/** Date → "2026-01-01 08:00:00" in China time. */
export function formatChinaTime(date: Date): string {
  const d = new Date(date.getTime() + 8 * 3600_000);
  return `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}`;
}

/** "2026-01-01 08:00:00" (China time) → Date; null when malformed. */
export function parseChinaTime(text: string | undefined | null): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text ?? '');
  if (!m) return null;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+08:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Unix seconds (floor). */
export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A date cut to whole seconds: what survives a platform's second-precision timestamps. */
export const toSecond = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);
