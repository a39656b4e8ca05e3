/**
 * Paging a modified-time window. The list is sorted by modified time, newest first, so an order
 * modified while we page jumps out of the window's pages ahead of the ones not yet read and every
 * later order moves one place up. Reading from the LAST page backwards (Taobao's and PDD's advice,
 * protocols.md §1, §3) means such a shift only repeats an order we already have — never skips one.
 * Repeats are dropped here by id; the modified order itself comes with the next window.
 */

export interface Page<T> {
  items: T[];
  /** Total rows in the window as the platform counts them now. */
  total: number;
}

/**
 * Yields every page of the window, last page first. `firstPage` is the platform's first page
 * number (1 for most, 0 for Douyin). The first call reads the first page only to learn the total;
 * its rows are kept too (they were in the window), then pages run last → first.
 */
export async function* pageBackwards<T>(
  fetchPage: (pageNo: number) => Promise<Page<T>>,
  o: { pageSize: number; firstPage: 0 | 1; idOf: (item: T) => string; maxPages?: number },
): AsyncGenerator<T[]> {
  const seen = new Set<string>();
  const fresh = (items: T[]) =>
    items.filter((it) => {
      const id = o.idOf(it);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  const head = await fetchPage(o.firstPage);
  const pages = Math.min(o.maxPages ?? Number.POSITIVE_INFINITY, Math.ceil(head.total / o.pageSize));
  if (pages <= 1) {
    const only = fresh(head.items);
    if (only.length) yield only;
    return;
  }
  const headItems = fresh(head.items);
  for (let i = pages - 1; i >= 1; i--) {
    const page = fresh((await fetchPage(o.firstPage + i)).items);
    if (page.length) yield page;
  }
  // The first page again: orders that moved up into it while we paged.
  const first = [...headItems, ...fresh((await fetchPage(o.firstPage)).items)];
  if (first.length) yield first;
}
