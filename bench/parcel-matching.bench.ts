/**
 * The headless-parcel matching (apps/server/src/modules/headless-parcel/matcher.ts) on generated
 * returns, against a waybill-only baseline.
 *
 *   npx tsx bench/parcel-matching.bench.ts [returns] [seed]
 *
 * One warehouse serves 30 sellers with 6,000 shipped orders; the catalogue is small and shared, so
 * look-alike goods (the same 货号 and colour at several sellers) are common, and with 10,000
 * possible phone tails a tail alone collides often. A third of the orders have an open 退货退款
 * whose return waybill the seller typed (one in five with a typo). Each generated return belongs to
 * one order and arrives:
 * - 20% on the order's own waybill (the buyer refused the delivery);
 * - 30% on the return waybill of its after-sale as the courier printed it (the record may hold a typo);
 * - 50% on a waybill nobody recorded.
 * The desk reads the sender's phone on 60% of parcels, types the 货号 on 85% (one in six with a
 * typo), the colour and size on 80%.
 *
 * Printed: for the baseline (exact normalised waybill against the orders' and after-sales' waybills)
 * and for the matcher's sure matches (joined at once), its top proposal (what the seller is asked),
 * and "the owner among the proposals": precision (right owner / answered) and recall (right owner /
 * all returns). An answer is right when it names the order the parcel came from.
 */
import { type Candidate, LIKELY, matchParcel, SURE } from '../apps/server/src/modules/headless-parcel/matcher.ts';

const RETURNS = Number(process.argv[2] ?? 2_000);
let seed = Number(process.argv[3] ?? 17);
/** mulberry32: the same seed gives the same set, so runs compare. */
function rand() {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 10)).join('');
const CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
/** One typo: a character replaced, dropped, or two swapped. */
function typo(s: string): string {
  const i = Math.floor(rand() * s.length);
  const r = rand();
  if (r < 0.5) return s.slice(0, i) + pick([...CHARS].filter((c) => c !== s[i])) + s.slice(i + 1);
  if (r < 0.75 || i === s.length - 1) return s.slice(0, i) + s.slice(i + 1);
  return s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
}

const SELLERS = 30;
const ORDERS = 6_000;
const COLORS = ['黑色', '白色', '红色', '藏青', '杏色', '灰色'];
const SIZES = ['S', 'M', 'L', 'XL', '均码'];
// 400 articles shared by the market's stalls: each seller sells a random fifth of them.
const ARTICLES = Array.from({ length: 400 }, (_, i) => `K${2000 + i}`);

interface Order extends Candidate {
  orderNo: string;
  trackingNo: string;
  phoneTail: string;
  /** The after-sale's return waybill as the courier printed it (the record may differ by a typo). */
  printedReturn: string | null;
}

const orders: Order[] = [];
const catalogue = Array.from({ length: SELLERS }, () => ARTICLES.filter(() => rand() < 0.2));
for (let i = 0; i < ORDERS; i++) {
  const seller = i % SELLERS;
  const items = Array.from({ length: rand() < 0.8 ? 1 : 2 }, () => ({
    title: '女装',
    sku: '',
    itemNo: pick(catalogue[seller] as string[]),
    color: pick(COLORS),
    size: pick(SIZES),
  }));
  const trackingNo = `YT${digits(13)}`;
  const o: Order = {
    sellerOrgId: seller + 1,
    orderId: i + 1,
    orderNo: `D${i + 1}`,
    afterSaleId: null,
    waybills: [trackingNo],
    trackingNo,
    phoneTail: digits(4),
    printedReturn: null,
    items,
  };
  orders.push(o);
}
// The candidates: every shipped order, and for a third of them an open after-sale (its own candidate,
// carrying the recorded return waybill and the order's).
const candidates: Order[] = [...orders];
for (const o of orders) {
  if (rand() >= 1 / 3) continue;
  const printed = `SF${digits(12)}`;
  o.printedReturn = printed;
  const recorded = rand() < 0.2 ? typo(printed) : printed;
  candidates.push({ ...o, afterSaleId: o.orderId, waybills: [recorded, o.trackingNo] });
}

interface Return {
  truth: number;
  waybill: string;
  phoneTail: string | null;
  goods: { itemNo?: string; color?: string; size?: string }[];
}
const returns: Return[] = [];
while (returns.length < RETURNS) {
  const o = pick(orders);
  const r = rand();
  let waybill: string;
  if (r < 0.2) waybill = o.trackingNo;
  else if (r < 0.5 && o.printedReturn) waybill = o.printedReturn;
  else waybill = `ZT${digits(12)}`;
  const item = pick(o.items);
  const itemNo = rand() < 0.85 ? (rand() < 1 / 6 ? typo(item.itemNo) : item.itemNo).toLowerCase() : undefined;
  returns.push({
    truth: o.orderId,
    waybill: rand() < 0.3 ? waybill.toLowerCase().replace(/(.{4})/, '$1 ') : waybill,
    phoneTail: rand() < 0.6 ? o.phoneTail : null,
    goods: [{ itemNo, color: rand() < 0.8 ? item.color : undefined, size: rand() < 0.8 ? item.size : undefined }],
  });
}

interface Tally {
  answered: number;
  right: number;
}
const tally = (): Tally => ({ answered: 0, right: 0 });
const baseline = tally();
const sure = tally();
const top = tally();
const anyOf = tally();
const norm = (s: string) => s.replace(/\s+/g, '').toUpperCase();
const byWaybill = new Map<string, number>();
for (const c of candidates) for (const w of c.waybills) byWaybill.set(norm(w), c.orderId);

const started = performance.now();
for (const r of returns) {
  const b = byWaybill.get(norm(r.waybill));
  if (b !== undefined) {
    baseline.answered++;
    if (b === r.truth) baseline.right++;
  }
  const m = matchParcel({ waybill: r.waybill, phoneTail: r.phoneTail, goods: r.goods }, candidates);
  if (m.sure) {
    sure.answered++;
    if (m.sure.candidate.orderId === r.truth) sure.right++;
  }
  const first = m.sure ?? m.likely[0];
  if (first) {
    top.answered++;
    if (first.candidate.orderId === r.truth) top.right++;
  }
  const all = m.sure ? [m.sure] : m.likely;
  if (all.length > 0) {
    anyOf.answered++;
    if (all.some((s) => s.candidate.orderId === r.truth)) anyOf.right++;
  }
}
const ms = performance.now() - started;

const pct = (n: number, d: number) => (d === 0 ? '   –  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);
const line = (name: string, t: Tally) =>
  console.log(`${name.padEnd(34)} precision ${pct(t.right, t.answered)}   recall ${pct(t.right, RETURNS)}   (answered ${t.answered})`);
console.log(
  `${RETURNS} generated returns, ${candidates.length} candidates (${ORDERS} shipped orders of ${SELLERS} sellers), likely ≥ ${LIKELY}, sure = ${SURE}`,
);
line('baseline: exact waybill only', baseline);
line('matcher: sure (joined at once)', sure);
line('matcher: sure or top proposal', top);
line('matcher: owner among proposals', anyOf);
console.log(
  `matching time: ${(ms / RETURNS).toFixed(2)} ms per return against every candidate (the server reads only candidates sharing the waybill, phone tail or 货号)`,
);
