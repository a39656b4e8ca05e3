/**
 * Chinese search without a Chinese parser (PGlite ships none, decision 0032): the text becomes the
 * set of its Han characters and Han bigrams, plus every letter/digit word with its prefixes. A query
 * matches an article holding all of the query's tokens (`search_vector @@ tok & tok …`, GIN-indexed), so
 * a two-character word like 打印 is one bigram lookup; ranking then checks the whole terms.
 */

/** Han runs, or runs of (NFKC, lower-cased) letters and digits. */
const RUNS = /\p{Script=Han}+|[a-z0-9]+/gu;
/** Longer words are cut: nobody types a 40-letter prefix, and the token set stays small. */
const MAX_WORD = 20;

export const normalize = (s: string) => s.normalize('NFKC').toLowerCase();

function runsOf(s: string): string[] {
  return normalize(s).match(RUNS) ?? [];
}

const isHan = (run: string) => /^\p{Script=Han}/u.test(run);

/** An article's tokens: each Han character and Han bigram, each word and its prefixes. */
export function documentTokens(text: string): string[] {
  const out = new Set<string>();
  for (const run of runsOf(text)) {
    const chars = [...run];
    if (isHan(run)) {
      chars.forEach((c, i) => {
        out.add(c);
        if (i + 1 < chars.length) out.add(c + chars[i + 1]);
      });
    } else {
      const word = chars.slice(0, MAX_WORD).join('');
      for (let n = 1; n <= word.length; n++) out.add(word.slice(0, n));
    }
  }
  return [...out];
}

/** A query's terms (its Han runs and words, for ranking and highlighting) and the tokens all of which must match. */
export function queryTokens(q: string): { terms: string[]; tokens: string[] } {
  const terms = [...new Set(runsOf(q).map((r) => (isHan(r) ? r : [...r].slice(0, MAX_WORD).join(''))))];
  const tokens = new Set<string>();
  for (const term of terms) {
    const chars = [...term];
    if (!isHan(term) || chars.length === 1) tokens.add(term);
    else for (let i = 0; i + 1 < chars.length; i++) tokens.add(chars.slice(i, i + 2).join(''));
  }
  return { terms, tokens: [...tokens] };
}

/** Plain text around the first term found (case-insensitive), at most about 100 characters. */
export function snippetOf(text: string, terms: string[], before = 30, after = 70): string {
  const lower = normalize(text);
  const hits = terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0);
  const at = hits.length ? Math.min(...hits) : 0;
  const start = Math.max(0, at - before);
  const end = Math.min(text.length, at + after);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).replace(/\s+/g, ' ').trim()}${end < text.length ? '…' : ''}`;
}
