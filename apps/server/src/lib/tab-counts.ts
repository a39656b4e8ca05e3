/**
 * Tab counts of a filtered list, exact or honestly capped (decision 0041), from two bounded reads the
 * list's repository makes: a sample (the matching rows grouped by tab, read up to cap + 1 rows) and,
 * when the sample is full and a tab is shown, that tab counted up to cap + 1. Fewer than cap + 1
 * matches: every count is exact. More: each tab seen answers what the sample saw (at most cap), named in
 * `capped` ("at least n", shown n+), 'ALL' answers cap, and the shown tab its own count up to the cap. Counting
 * each tab up to the cap instead would read a wide filter's rows once per tab.
 */
export interface TabCounts {
  counts: Record<string, number>;
  capped: string[];
}

export async function cappedTabCounts(
  sample: () => Promise<{ s: string; n: number }[]>,
  countTab: (tab: string) => Promise<number>,
  shown: string | undefined,
  cap: number,
): Promise<TabCounts> {
  const rows = await sample();
  const all = rows.reduce((sum, r) => sum + r.n, 0);
  const counts: Record<string, number> = Object.fromEntries(rows.filter((r) => r.n > 0).map((r) => [r.s, r.n]));
  if (all <= cap) return { counts: { ...counts, ALL: all }, capped: [] };
  const capped = new Set([...Object.keys(counts), 'ALL']);
  for (const tab of Object.keys(counts)) counts[tab] = Math.min(counts[tab] as number, cap);
  counts.ALL = cap;
  if (shown) {
    const n = await countTab(shown);
    counts[shown] = Math.min(n, cap);
    if (n <= cap) capped.delete(shown);
    else capped.add(shown);
  }
  return { counts, capped: [...capped] };
}
