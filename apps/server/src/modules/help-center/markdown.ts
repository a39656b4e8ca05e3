/**
 * Article Markdown → HTML: rendered by marked (MIT), then through the same allow-list sanitiser as
 * announcements, so raw HTML written in the Markdown (a <script>, an onclick, a javascript: link)
 * never reaches a reader. Also the article's plain text, for search.
 */
import { Marked } from 'marked';
import { sanitizeHtml } from '../notices/index.js';

const marked = new Marked({ gfm: true, breaks: true, async: false });

export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown) as string);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The text a reader sees in sanitised HTML: tags become spaces, the common entities are decoded. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}
