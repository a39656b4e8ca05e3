/**
 * PDF renderer (pdfkit): one page per display page, each exactly widthMm × heightMm, text in the
 * embedded Noto Sans Hans subset, bars and QR modules as vector rectangles.
 *
 * pdfkit gets the font that measured the text, whose layout() answers from the same unshaped
 * per-character table (fonts.ts), and draws each pre-broken line with lineBreak off: it never
 * re-wraps anything and every glyph lands where the layout measured it.
 */
import type PDFDocument from 'pdfkit';
import { DASH_MM, type DisplayPage, type GlyphRun, type RectMm, type RenderOffset } from '../display-list.ts';
import { type FontFace, getFont } from '../fonts.ts';
import { onFirstUse } from '../on-first-use.ts';
import { mmToPt } from '../units.ts';

const pdfkit = onFirstUse<typeof PDFDocument>('pdfkit');

export interface PdfOptions extends RenderOffset {
  title?: string;
  /** Fixes the document date, for reproducible files (tests, caches). */
  creationDate?: Date;
}

/** Pages drawn per event-loop turn, so a piped consumer gets bytes while a big job is drawn. */
const PAGES_PER_SLICE = 50;

const FONT_ALIAS: Record<FontFace, string> = { regular: 'labels-regular', bold: 'labels-bold' };

/**
 * Starts drawing `pages` and returns the pdfkit document, a Readable of PDF bytes: pipe it to an
 * HTTP response or a file. Errors while drawing destroy the stream with that error.
 */
export function createPdfStream(pages: readonly DisplayPage[], opts: PdfOptions = {}): PDFKit.PDFDocument {
  // pdfkit would write a file with a page count of 0, which readers reject.
  if (pages.length === 0) throw new RangeError('no pages to render');
  const doc = new (pdfkit())({
    autoFirstPage: false,
    margin: 0,
    compress: true,
    info: {
      Title: opts.title ?? 'labels',
      Producer: '@dropship/labels (pdfkit)',
      ...(opts.creationDate ? { CreationDate: opts.creationDate } : {}),
    },
  });
  const faces = new Set<FontFace>();
  for (const p of pages) for (const it of p.items) if (it.type === 'text') faces.add(it.bold ? 'bold' : 'regular');
  for (const face of faces) {
    // The measuring font itself (not the file): no re-parsing per document, and its layout() is the
    // unshaped one the text was measured with (fonts.ts, pdfkitFont).
    doc.registerFont(FONT_ALIAS[face], getFont(face).pdfkitFont as unknown as string);
  }

  let i = 0;
  const drawSlice = (): void => {
    try {
      const end = Math.min(pages.length, i + PAGES_PER_SLICE);
      for (; i < end; i++) drawPage(doc, pages[i]!, opts);
      if (i < pages.length) setImmediate(drawSlice);
      else doc.end();
    } catch (err) {
      doc.destroy(err as Error);
    }
  };
  setImmediate(drawSlice);
  return doc;
}

/** The whole PDF as one Buffer. */
export function renderPdf(pages: readonly DisplayPage[], opts: PdfOptions = {}): Promise<Buffer> {
  if (pages.length === 0) return Promise.reject(new RangeError('no pages to render'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const doc = createPdfStream(pages, opts);
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function fillRects(doc: PDFKit.PDFDocument, rects: readonly RectMm[]): void {
  if (rects.length === 0) return;
  for (const [x, y, w, h] of rects) doc.rect(mmToPt(x), mmToPt(y), mmToPt(w), mmToPt(h));
  doc.fill('#000');
}

function drawText(doc: PDFKit.PDFDocument, it: GlyphRun): void {
  doc
    .font(FONT_ALIAS[it.bold ? 'bold' : 'regular'])
    .fontSize(mmToPt(it.sizeMm))
    .text(it.text, mmToPt(it.x), mmToPt(it.y), { lineBreak: false, baseline: 'alphabetic' });
}

function drawPage(doc: PDFKit.PDFDocument, page: DisplayPage, opts: PdfOptions): void {
  doc.addPage({ size: [mmToPt(page.widthMm), mmToPt(page.heightMm)], margin: 0 });
  doc.save();
  const dx = opts.offsetXMm ?? 0;
  const dy = opts.offsetYMm ?? 0;
  if (dx || dy) doc.translate(mmToPt(dx), mmToPt(dy));
  doc.fillColor('#000');
  for (const it of page.items) {
    switch (it.type) {
      case 'text':
        drawText(doc, it);
        break;
      case 'barcode':
        fillRects(doc, it.bars);
        break;
      case 'qrcode':
        fillRects(doc, it.modules);
        break;
      case 'image': {
        const [x, y, w, h] = it.box;
        doc.image(it.src, mmToPt(x), mmToPt(y), { width: mmToPt(w), height: mmToPt(h) });
        break;
      }
      case 'line':
        doc.save().lineWidth(mmToPt(it.widthMm));
        if (it.dashed) doc.dash(mmToPt(DASH_MM[0]), { space: mmToPt(DASH_MM[1]) });
        doc.moveTo(mmToPt(it.x1), mmToPt(it.y1)).lineTo(mmToPt(it.x2), mmToPt(it.y2)).stroke('#000');
        doc.restore();
        break;
    }
  }
  doc.restore();
}
