import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from '../auth/auth.table.js';

/** Pick-up tag templates made in the tag designer (SPEC.md section 3); at most one default per organisation. */
export const tagTemplates = pgTable(
  'tag_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    type: text('type').notNull().default('pickup'),
    isDefault: boolean('is_default').notNull().default(false),
    template: jsonb('template').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('tag_templates_org_idx').on(t.orgId), uniqueIndex('tag_templates_org_default_uq').on(t.orgId).where(sql`is_default`)],
);

/** Custom certificates (合格证) of SPEC.md section 3; the quantity is chosen when printing. */
export const certificates = pgTable(
  'certificates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    title: text('title').notNull(),
    brand: text('brand').notNull().default(''),
    categoryName: text('category_name').notNull().default(''),
    artNo: text('art_no').notNull().default(''),
    specification: text('specification').notNull().default(''),
    productLevel: text('product_level').notNull().default(''),
    fabricComposition: text('fabric_composition').notNull().default(''),
    enforceStandards: text('enforce_standards').notNull().default(''),
    safetyCategory: text('safety_category').notNull().default(''),
    origin: text('origin').notNull().default(''),
    washedLabelList: jsonb('washed_label_list').$type<{ image: string; zhDesc: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('certificates_org_updated_idx').on(t.orgId, t.updatedAt)],
);
