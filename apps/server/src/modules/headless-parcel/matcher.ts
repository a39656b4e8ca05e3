/**
 * The automatic matching of a headless parcel (docs/decisions/0027-problem-headless-parcels.md,
 * "Matching"), pure: the repository reads the candidates (the warehouse's shipped orders and open
 * after-sales), this scores each one and says which is sure and which are likely. The bench
 * (bench/parcel-matching.bench.ts) runs the same functions on generated returns.
 *
 * Score (0–100):
 * - the parcel's waybill, normalised (upper case, no spaces), equals the after-sale's return waybill
 *   or the order's own tracking number (a refused delivery comes back on it): 100, sure;
 * - otherwise the evidence adds up: a waybill one typo away (same length ≥ 8) 40, the buyer's phone
 *   tail equal to the sender's 35, the best goods line 0–45 (货号 25 exact / 15 one typo away, SKU 20
 *   / 12, colour 10, size 10, title 5, capped at 45);
 * - LIKELY from 55 up: phone and 货号, or a near waybill and goods; look-alike goods alone
 *   (same 货号 at several sellers) stay below it.
 */

export interface ParcelFacts {
  waybill: string;
  phoneTail: string | null;
  goods: { title?: string; sku?: string; itemNo?: string; color?: string; size?: string }[];
}

export interface Candidate {
  sellerOrgId: number;
  orderId: number;
  afterSaleId: number | null;
  /** The after-sale's return waybill, or the order's tracking number. */
  waybills: string[];
  phoneTail: string | null;
  items: { title: string; sku: string; itemNo: string; color: string; size: string }[];
}

export interface Scored<C extends Candidate = Candidate> {
  candidate: C;
  score: number;
}

export const SURE = 100;
export const LIKELY = 55;
/** At most this many proposals per parcel: the best ones, one per seller. */
export const MAX_PROPOSALS = 3;

export const normaliseWaybill = (s: string) => s.replace(/\s+/g, '').toUpperCase();
const norm = (s: string | undefined) => (s ?? '').replace(/[\s\-_/]+/g, '').toUpperCase();

/**
 * Edit distance counting a swap of two neighbours as one edit, as the desk's typos are (optimal
 * string alignment), stopping early once it exceeds `max` (answers max + 1 then).
 */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (before[j - 2] as number) + 1);
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    before = prev;
    prev = cur;
  }
  return prev[b.length] as number;
}

/** Exact 1, one typo away 2 (for strings long enough that one typo does not make them something else), else 0. */
function likeness(a: string, b: string, minLen = 4): 0 | 1 | 2 {
  if (!a || !b) return 0;
  if (a === b) return 1;
  return a.length >= minLen && b.length >= minLen && editDistance(a, b, 1) <= 1 ? 2 : 0;
}

function goodsScore(goods: ParcelFacts['goods'], items: Candidate['items']): number {
  let best = 0;
  for (const g of goods) {
    for (const it of items) {
      let s = 0;
      const art = likeness(norm(g.itemNo), norm(it.itemNo));
      s += art === 1 ? 25 : art === 2 ? 15 : 0;
      const sku = likeness(norm(g.sku), norm(it.sku), 6);
      s += sku === 1 ? 20 : sku === 2 ? 12 : 0;
      if (g.color && norm(g.color) === norm(it.color)) s += 10;
      if (g.size && norm(g.size) === norm(it.size)) s += 10;
      if (g.title && it.title && (it.title.includes(g.title) || g.title.includes(it.title))) s += 5;
      best = Math.max(best, s);
    }
  }
  return Math.min(best, 45);
}

export function scoreCandidate(p: ParcelFacts, c: Candidate): number {
  const waybill = normaliseWaybill(p.waybill);
  const theirs = c.waybills.map(normaliseWaybill).filter(Boolean);
  if (waybill && theirs.includes(waybill)) return SURE;
  let s = 0;
  if (waybill.length >= 8 && theirs.some((w) => w.length === waybill.length && editDistance(w, waybill, 1) <= 1)) s += 40;
  if (p.phoneTail && c.phoneTail && p.phoneTail === c.phoneTail) s += 35;
  s += goodsScore(p.goods, c.items);
  return Math.min(s, SURE - 1);
}

export interface MatchOutcome<C extends Candidate> {
  /** The one sure candidate (several sure ones at different sellers make none sure: they become proposals). */
  sure: Scored<C> | null;
  /** Likely candidates, best first, one per seller, at most MAX_PROPOSALS. */
  likely: Scored<C>[];
}

export function matchParcel<C extends Candidate>(p: ParcelFacts, candidates: C[]): MatchOutcome<C> {
  const scored = candidates
    .map((candidate) => ({ candidate, score: scoreCandidate(p, candidate) }))
    .filter((s) => s.score >= LIKELY)
    // Best first; an after-sale beats its own order at the same score (joining it is what the seller wants).
    .sort((a, b) => b.score - a.score || Number(b.candidate.afterSaleId !== null) - Number(a.candidate.afterSaleId !== null));
  const bySeller = new Map<number, Scored<C>>();
  for (const s of scored) if (!bySeller.has(s.candidate.sellerOrgId)) bySeller.set(s.candidate.sellerOrgId, s);
  const best = [...bySeller.values()];
  const sure = best.filter((s) => s.score >= SURE);
  if (sure.length === 1) return { sure: sure[0] as Scored<C>, likely: [] };
  // A close second seller makes even a clear best one only a proposal: the warehouse decides.
  return { sure: null, likely: best.slice(0, MAX_PROPOSALS) };
}

/** The waybill as the pool shows it: the first 4 and last 4 characters. */
export function maskWaybill(w: string): string {
  if (w.length <= 8) return w.length <= 4 ? '*'.repeat(w.length) : `${w.slice(0, 2)}${'*'.repeat(w.length - 4)}${w.slice(-2)}`;
  return `${w.slice(0, 4)}${'*'.repeat(Math.min(w.length - 8, 6))}${w.slice(-4)}`;
}
