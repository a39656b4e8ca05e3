/**
 * The one way announcement HTML enters the database: an allow-list of formatting tags (js-xss, MIT).
 * Anything else is dropped: <script>/<style> with their contents, event handlers, style attributes,
 * and links other than http(s), mailto and site paths (js-xss's safeAttrValue refuses javascript:).
 */
import { FilterXSS } from 'xss';

const text = ['b', 'strong', 'i', 'em', 'u', 's', 'del', 'sub', 'sup', 'br', 'span', 'code', 'pre', 'blockquote', 'hr'];
const blocks = ['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li'];
const table = ['table', 'thead', 'tbody', 'tr', 'th', 'td'];

const allowList: Record<string, string[]> = Object.fromEntries([...text, ...blocks, ...table].map((t) => [t, []]));
allowList.a = ['href', 'title', 'target'];
allowList.img = ['src', 'alt', 'width', 'height'];
allowList.td = ['colspan', 'rowspan'];
allowList.th = ['colspan', 'rowspan'];

const filter = new FilterXSS({
  allowList,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template'],
  onTagAttr: (tag, name, value) => {
    // A link opening a new tab must not hand the announcement page to the target (reverse tabnabbing).
    if (tag === 'a' && name === 'target') return value === '_blank' ? 'target="_blank" rel="noopener noreferrer"' : '';
    return undefined;
  },
});

/** Sanitised HTML of an announcement's body; plain text passes through escaped. */
export function sanitizeHtml(html: string): string {
  return filter.process(html).trim();
}
