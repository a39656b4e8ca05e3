/** Which unique index a failed insert or update ran into (drizzle wraps the driver's error in `cause`). */
export function uniqueViolation(err: unknown): string | null {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const o = e as { code?: string; constraint?: string; cause?: unknown };
    if (o.code === '23505') return o.constraint ?? '';
    e = o.cause;
  }
  return null;
}
