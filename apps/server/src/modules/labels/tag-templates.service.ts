/** Pick-up tag templates: the designer's saved layouts, one of which may be the organisation's default. */
import { type DefaultTagTemplate, ErrorCode, type TagTemplateRow, type TagTemplateSaveBody } from '@dropship/contract';
import { defaultPickupTagTemplate, type PickupTagTemplate, pickupTagTemplateSchema } from '@dropship/labels';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { describeLabelIssue } from './render-messages.js';
import * as repo from './tag-templates.repository.js';

/** A seller keeps a handful; the cap keeps the unpaginated list small. */
export const MAX_TAG_TEMPLATES = 50;

const toRow = (r: repo.TagTemplateRecord): TagTemplateRow => ({
  id: r.id,
  name: r.name,
  type: 'pickup',
  isDefault: r.isDefault,
  template: r.template as Record<string, unknown>,
  updatedAt: r.updatedAt.toISOString(),
});

/** The template in the shape @dropship/labels renders, or a Chinese 400 naming the first bad field. */
export function parseTemplate(template: unknown): PickupTagTemplate {
  const r = pickupTagTemplateSchema.safeParse(template);
  if (r.success) return r.data;
  const first = r.error.issues[0];
  throw new AppError(ErrorCode.BAD_REQUEST, first ? describeLabelIssue(first, template, ['template']) : '标签模板不正确');
}

export async function listTagTemplates(db: Db, caller: Caller): Promise<TagTemplateRow[]> {
  return (await repo.listTagTemplates(db, caller.orgId)).map(toRow);
}

/**
 * Creates or updates a template. The template is stored as validated (unknown keys dropped), so
 * what is saved is what prints. Making it the default unsets the previous default atomically.
 */
export async function saveTagTemplate(db: Db, caller: Caller, body: z.output<typeof TagTemplateSaveBody>): Promise<{ id: number }> {
  const template = parseTemplate(body.template);
  if (body.id === undefined && (await repo.countTagTemplates(db, caller.orgId)) >= MAX_TAG_TEMPLATES) {
    throw new AppError(ErrorCode.STATE_CONFLICT, `标签模板最多保存${MAX_TAG_TEMPLATES}个，请删除不用的模板后再新建`);
  }
  const id = await repo.saveTagTemplate(db, caller.orgId, body.id, { name: body.name, isDefault: body.isDefault, template });
  if (id === undefined) throw notFound('标签模板');
  return { id };
}

export async function removeTagTemplate(db: Db, caller: Caller, id: number) {
  if (!(await repo.removeTagTemplate(db, caller.orgId, id))) throw notFound('标签模板');
}

/** The organisation's default template, or the built-in one (id null) when it has none. */
export async function defaultTagTemplate(db: Db, caller: Caller): Promise<DefaultTagTemplate> {
  const row = await repo.findDefaultTagTemplate(db, caller.orgId);
  if (row) return toRow(row);
  const builtIn = defaultPickupTagTemplate();
  return { id: null, name: builtIn.name, type: 'pickup', isDefault: true, template: builtIn as unknown as Record<string, unknown>, updatedAt: null };
}

/** The saved default for rendering, or undefined (the package then uses its built-in one). */
export async function savedDefaultTemplate(db: Db, orgId: number): Promise<PickupTagTemplate | undefined> {
  const row = await repo.findDefaultTagTemplate(db, orgId);
  if (!row) return undefined;
  const r = pickupTagTemplateSchema.safeParse(row.template);
  // A template saved by an older schema that no longer parses must not block printing.
  return r.success ? r.data : undefined;
}
