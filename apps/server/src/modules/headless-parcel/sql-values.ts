/** Values as the drivers hand them back (PGlite and node-postgres differ: strings or Dates, strings for bigints). */
export const iso = (v: string | Date | null | undefined) => (v ? new Date(v).toISOString() : null);
export const num = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));
