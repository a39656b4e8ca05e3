/**
 * SVG preview of display pages, in a viewBox of millimetres so the browser scales it freely.
 *
 * Text is real <text> (selectable, light) in the embedded face's family, falling back to common
 * CJK system fonts. Lines are already broken; textLength pins each run to the width measured with
 * the PDF's font, so a fallback font cannot make the preview wrap or overflow differently.
 */
import { DASH_MM, type DisplayItem, type DisplayPage, type RectMm, type RenderOffset } from '../display-list.ts';
import { SVG_FONT_FAMILY } from '../fonts.ts';
import { r4 } from '../units.ts';

/** Gap between pages when several are stacked in one SVG. */
export const SVG_PAGE_GAP_MM = 2;

/** Escapes text and double-quoted attribute values (the only quoting used here). */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

const n = (v: number): string => String(r4(v));

function rectsPath(rects: readonly RectMm[]): string {
  return rects.map(([x, y, w, h]) => `M${n(x)} ${n(y)}h${n(w)}v${n(h)}h${n(-w)}z`).join('');
}

function item(it: DisplayItem): string {
  switch (it.type) {
    case 'text':
      return (
        `<text x="${n(it.x)}" y="${n(it.y)}" font-size="${n(it.sizeMm)}"` +
        (it.bold ? ' font-weight="bold"' : '') +
        (it.width > 0 ? ` textLength="${n(it.width)}" lengthAdjust="spacingAndGlyphs"` : '') +
        `>${escapeXml(it.text)}</text>`
      );
    case 'barcode':
      return `<path d="${rectsPath(it.bars)}"/>`;
    case 'qrcode':
      return `<path d="${rectsPath(it.modules)}"/>`;
    case 'image': {
      const [x, y, w, h] = it.box;
      return `<image x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" href="${escapeXml(it.src)}" preserveAspectRatio="none"/>`;
    }
    case 'line':
      return (
        `<line x1="${n(it.x1)}" y1="${n(it.y1)}" x2="${n(it.x2)}" y2="${n(it.y2)}" stroke="#000" stroke-width="${n(it.widthMm)}"` +
        (it.dashed ? ` stroke-dasharray="${DASH_MM[0]} ${DASH_MM[1]}"` : '') +
        '/>'
      );
  }
}

/** One page's drawing, offset applied, inside a white page rectangle. */
function pageBody(page: DisplayPage, offset: RenderOffset): string {
  const dx = offset.offsetXMm ?? 0;
  const dy = offset.offsetYMm ?? 0;
  const inner = page.items.map(item).join('');
  const transform = dx || dy ? ` transform="translate(${n(dx)} ${n(dy)})"` : '';
  return (
    `<rect width="${n(page.widthMm)}" height="${n(page.heightMm)}" fill="#fff"/>` +
    `<g${transform} fill="#000" font-family="${escapeXml(SVG_FONT_FAMILY)}" style="font-kerning:none;font-variant-ligatures:none" xml:space="preserve">${inner}</g>`
  );
}

/** A standalone SVG document for one page: viewBox = page size in mm. */
export function renderSvgPage(page: DisplayPage, offset: RenderOffset = {}): string {
  const w = n(page.widthMm);
  const h = n(page.heightMm);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}mm" height="${h}mm" viewBox="0 0 ${w} ${h}" shape-rendering="crispEdges">` +
    pageBody(page, offset) +
    '</svg>'
  );
}

/**
 * All pages in one SVG document: one page is returned as is; several are stacked vertically,
 * each a nested <svg> whose own viewBox is its page size in mm.
 */
export function renderSvg(pages: readonly DisplayPage[], offset: RenderOffset = {}): string {
  if (pages.length === 1) return renderSvgPage(pages[0]!, offset);
  const width = Math.max(0, ...pages.map((p) => p.widthMm));
  let y = 0;
  const parts: string[] = [];
  for (const p of pages) {
    const w = n(p.widthMm);
    const h = n(p.heightMm);
    parts.push(`<svg x="0" y="${n(y)}" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${pageBody(p, offset)}</svg>`);
    y += p.heightMm + SVG_PAGE_GAP_MM;
  }
  const total = n(Math.max(0, y - SVG_PAGE_GAP_MM));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}mm" height="${total}mm" viewBox="0 0 ${n(width)} ${total}" shape-rendering="crispEdges">` +
    parts.join('') +
    '</svg>'
  );
}
