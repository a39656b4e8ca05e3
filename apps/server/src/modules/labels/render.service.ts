/** POST /api/labels/render: the caller's defaults applied to a validated request, then @dropship/labels. */
import { ErrorCode } from '@dropship/contract';
import { MAX_PAGES, type ParsedLabelRenderRequest, type RenderResult } from '@dropship/labels';
import { ZodError } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { describeLabelIssue } from './render-messages.js';
import { renderOffThread } from './render-thread.js';
import { savedDefaultTemplate } from './tag-templates.service.js';

/**
 * The brand of the site the caller is on becomes options.brand unless the request names one.
 * Runs before validation (the schema would otherwise fill in 'main'); anything that is not an
 * object is left for validation to refuse. Typed as what it is given: Fastify types `req.body`
 * as the schema's output even in preValidation, before the schema has run.
 */
export function withHostBrand<T>(body: T, brand: string): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  if (b.options === undefined) return { ...b, options: { brand } } as T;
  if (typeof b.options !== 'object' || b.options === null || Array.isArray(b.options)) return body;
  const o = b.options as Record<string, unknown>;
  return o.brand === undefined ? ({ ...b, options: { ...o, brand } } as T) : body;
}

/**
 * Renders labels for the caller. Pick-up tags without options.template use the organisation's
 * saved default template (else the built-in one). A request that expands to more than MAX_PAGES
 * labels, or to none, answers a Chinese 400. Drawn on the labels thread (render-thread.ts).
 */
export async function renderForCaller(db: Db, caller: Caller, req: ParsedLabelRenderRequest): Promise<RenderResult> {
  let request = req;
  if (req.kind === 'pickupTag' && !req.options.template) {
    const template = await savedDefaultTemplate(db, caller.orgId);
    if (template) request = { ...req, options: { ...req.options, template } };
  }
  try {
    return await renderOffThread(request);
  } catch (e) {
    if (e instanceof ZodError) {
      const first = e.issues[0];
      throw new AppError(ErrorCode.BAD_REQUEST, first ? describeLabelIssue(first, request) : '输入的数据不合法!');
    }
    if (e instanceof RangeError) throw new AppError(ErrorCode.BAD_REQUEST, pagesMessage(request));
    throw e;
  }
}

function pagesMessage(req: ParsedLabelRenderRequest): string {
  if (req.kind === 'certificate') {
    const total = req.data.reduce((n, d) => n + d.quantity, 0);
    if (total === 0) return '没有可打印的标签：合格证打印数量都是0';
    return `合格证打印数量合计${total}张，一次最多打印${MAX_PAGES}张，请分批打印`;
  }
  return `一次最多打印${MAX_PAGES}张标签，请分批打印`;
}
