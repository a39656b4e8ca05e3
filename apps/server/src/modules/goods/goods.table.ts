import type { EnableStatus } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from '../auth/auth.table.js';
import { shops } from '../shops/shops.table.js';

const created = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();
const updated = () => timestamp('updated_at', { withTimezone: true }).defaultNow().notNull();
const blank = (name: string) => text(name).notNull().default('');

/**
 * The shared stall directory (档口库): stalls of the wholesale markets, maintained by the platform
 * (operator API and seed). Organisations copy a stall into their own list; nothing links to it.
 */
export const stallDirectory = pgTable(
  'stall_directory',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    market: blank('market'),
    building: blank('building'),
    floor: blank('floor'),
    stallNo: blank('stall_no'),
    name: text('name').notNull(),
    contact: blank('contact'),
    phone: blank('phone'),
    address: blank('address'),
    marketArea: blank('market_area'),
    status: text('status').$type<EnableStatus>().notNull().default('ENABLED'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('stall_directory_stall').on(t.market, t.building, t.floor, t.stallNo, t.name)],
);

/**
 * An organisation's own supplier (stall) list, with its own code and notes. The menu's
 * supplier-exists check reads it (any row of the organisation). The app disables suppliers and
 * never deletes them (placed orders keep their own snapshot); the cascades below only keep a
 * direct database delete possible.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    /** 档口名称 */
    name: text('name').notNull(),
    createdAt: created(),
    /** The directory stall it was copied from, if any. */
    directoryId: integer('directory_id').references(() => stallDirectory.id),
    /** 档口编码: the short code link rules match (the 档口 part of 档口#货号); unique when set. */
    code: blank('code'),
    market: blank('market'),
    building: blank('building'),
    floor: blank('floor'),
    stallNo: blank('stall_no'),
    contact: blank('contact'),
    phone: blank('phone'),
    /** The manufacturer address printed on return labels. */
    address: blank('address'),
    /** The market area pick-up tasks are assigned by (takeAssignedArea). */
    marketArea: blank('market_area'),
    status: text('status').$type<EnableStatus>().notNull().default('ENABLED'),
    remark: blank('remark'),
    updatedAt: updated(),
  },
  (t) => [
    index('suppliers_org_idx').on(t.orgId),
    uniqueIndex('suppliers_org_stall').on(t.orgId, t.market, t.building, t.floor, t.stallNo, t.name),
    uniqueIndex('suppliers_org_code').on(t.orgId, sql`lower(${t.code})`).where(sql`${t.code} <> ''`),
  ],
);

/** A supplier item: what the picker asks for at the stall (货号, color, size) and its cost. */
export const supplierItems = pgTable(
  'supplier_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    artNo: text('art_no').notNull(),
    color: blank('color'),
    size: blank('size'),
    /** Fen; null until the seller sets it. */
    costFen: bigint('cost_fen', { mode: 'number' }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('supplier_items_identity').on(t.orgId, t.supplierId, t.artNo, t.color, t.size), index('supplier_items_org_idx').on(t.orgId, t.id)],
);

/**
 * Every shop SKU the organisation has sold, derived from shop order lines (recordShopSkusSql, run
 * by upsertShopOrders). Identity: (org, channel, item id, sku key), sku key from skuKeySql.
 */
export const shopSkus = pgTable(
  'shop_skus',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    channel: text('channel').notNull(),
    itemId: blank('item_id'),
    skuKey: text('sku_key').notNull(),
    skuId: text('sku_id'),
    /** The shop it was last seen in. */
    shopId: integer('shop_id').references(() => shops.id),
    title: blank('title'),
    spec: blank('spec'),
    outerItemCode: blank('outer_item_code'),
    outerSkuCode: blank('outer_sku_code'),
    picUrl: blank('pic_url'),
    /** The current goods_links row (null: unlinked); kept with the link in one transaction. */
    currentLinkId: bigint('current_link_id', { mode: 'number' }).references((): AnyPgColumn => goodsLinks.id, { onDelete: 'set null' }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).defaultNow().notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('shop_skus_identity').on(t.orgId, t.channel, t.itemId, t.skuKey),
    index('shop_skus_org_idx').on(t.orgId, t.id),
    index('shop_skus_org_unlinked_idx').on(t.orgId, t.id).where(sql`${t.currentLinkId} is null`),
  ],
);

/** Organisations whose shop orders written before shop_skus existed have been copied in. */
export const shopSkuBackfills = pgTable('shop_sku_backfills', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => organisations.id),
  doneAt: timestamp('done_at', { withTimezone: true }).defaultNow().notNull(),
});

/**
 * Links of shop SKUs to supplier items, immutable and versioned: a change inserts version n+1 and
 * stamps replaced_at on version n; unlinking stamps replaced_at alone. A placed order keeps the
 * snapshot it was placed with (resolveGoodsLinks), so history is never rewritten.
 */
export const goodsLinks = pgTable(
  'goods_links',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    shopSkuId: bigint('shop_sku_id', { mode: 'number' })
      .notNull()
      .references(() => shopSkus.id),
    version: integer('version').notNull(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    supplierItemId: bigint('supplier_item_id', { mode: 'number' })
      .notNull()
      .references(() => supplierItems.id, { onDelete: 'cascade' }),
    artNo: text('art_no').notNull(),
    color: blank('color'),
    size: blank('size'),
    costFen: bigint('cost_fen', { mode: 'number' }),
    /** MANUAL, BULK, RULE, IMPORT, COST (a supplier goods price change), SEED. */
    source: text('source').notNull(),
    ruleId: integer('rule_id'),
    createdBy: integer('created_by'),
    createdAt: created(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('goods_links_sku_version').on(t.shopSkuId, t.version),
    uniqueIndex('goods_links_current').on(t.shopSkuId).where(sql`${t.replacedAt} is null`),
    index('goods_links_item_current').on(t.orgId, t.supplierItemId).where(sql`${t.replacedAt} is null`),
  ],
);

/** Saved link rules (pattern such as 档口#货号 over the outer code or title). */
export const goodsLinkRules = pgTable(
  'goods_link_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    source: text('source').notNull(),
    pattern: text('pattern').notNull(),
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('goods_link_rules_org_idx').on(t.orgId)],
);

/** Goods not from a shop, for offline orders and manual declarations. */
export const customGoods = pgTable(
  'custom_goods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    artNo: text('art_no').notNull(),
    color: blank('color'),
    size: blank('size'),
    costFen: bigint('cost_fen', { mode: 'number' }),
    picUrl: blank('pic_url'),
    remark: blank('remark'),
    status: text('status').$type<EnableStatus>().notNull().default('ENABLED'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('custom_goods_org_idx').on(t.orgId, t.id)],
);
