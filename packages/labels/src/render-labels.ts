/**
 * The package's one-call entry for the server: validate, expand, lay out, render.
 */

import type { DisplayPage } from './display-list.ts';
import { buildPages, type LabelRenderRequest, labelRenderRequestSchema } from './kinds.ts';
import { layoutPages } from './layout.ts';
import { type LodopStep, renderLodop } from './render/lodop.ts';
import { renderPdf } from './render/pdf.ts';
import { renderSvg } from './render/svg.ts';

export type RenderResult =
  | { contentType: 'application/pdf'; body: Buffer; pages: number }
  | { contentType: 'image/svg+xml'; body: string; pages: number }
  | { contentType: 'application/json'; body: LodopStep[]; pages: number };

/** Validates the request (throws zod's ZodError) and returns its display pages. */
export function layoutLabels(request: LabelRenderRequest): DisplayPage[] {
  const req = labelRenderRequestSchema.parse(request);
  return layoutPages(buildPages(req), { dpi: req.options.dpi });
}

/**
 * `POST /api/labels/render {kind, format, data, options}` in one call. Invalid data throws zod's
 * ZodError (issue paths name the field, e.g. data.0.takeCode); a request that would expand to
 * more than MAX_PAGES, or to none at all (certificates of quantity 0), throws RangeError.
 */
export async function renderLabels(request: LabelRenderRequest): Promise<RenderResult> {
  const req = labelRenderRequestSchema.parse(request);
  const pages = layoutPages(buildPages(req), { dpi: req.options.dpi });
  // Only certificates with quantity 0 get here; an empty print job is the caller's mistake.
  if (pages.length === 0) throw new RangeError('nothing to print: the data expands to no labels');
  const offset = { offsetXMm: req.options.offsetXMm, offsetYMm: req.options.offsetYMm };
  switch (req.format) {
    case 'pdf':
      return { contentType: 'application/pdf', body: await renderPdf(pages, { ...offset, title: req.kind }), pages: pages.length };
    case 'svg':
      return { contentType: 'image/svg+xml', body: renderSvg(pages, offset), pages: pages.length };
    case 'lodop':
      return { contentType: 'application/json', body: renderLodop(pages, { ...offset, taskName: req.kind }), pages: pages.length };
  }
}
