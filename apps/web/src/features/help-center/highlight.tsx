/** Marks the search terms in plain text (case-insensitive) as React elements: no HTML is built from the text. */
import type { ReactNode } from 'react';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function highlight(text: string, terms: string[]): ReactNode[] {
  const words = terms.filter(Boolean).sort((a, b) => b.length - a.length);
  if (words.length === 0) return [text];
  const parts = text.split(new RegExp(`(${words.map(escapeRegExp).join('|')})`, 'gi'));
  const lower = new Set(words.map((w) => w.toLowerCase()));
  // Keys are the parts' offsets in the text: stable for one text and terms.
  let at = 0;
  return parts.map((p) => {
    const key = at;
    at += p.length;
    return lower.has(p.toLowerCase()) ? <mark key={key}>{p}</mark> : p;
  });
}
