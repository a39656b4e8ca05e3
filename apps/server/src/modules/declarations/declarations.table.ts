import type { DeclarationStatus } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from '../auth/auth.table.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Declarations (报单): a batch of goods the seller asks to have picked without a marketplace order.
 * DRAFT while the seller edits it (我的报单); SUBMITTED once it became dropship orders (source
 * DECLARATION). A submitted declaration never changes again: its lines point at their order lines.
 */
export const declarations = pgTable(
  'declarations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    /** BD + Beijing YYMMDD + the id, padded: readable and unique. Set in the insert's transaction. */
    declarationNo: text('declaration_no').notNull(),
    status: text('status').$type<DeclarationStatus>().notNull().default('DRAFT'),
    /** RECEIVER (each line's receiver), OWN_ADDRESS (the seller's return address), SELF_PICKUP. */
    delivery: text('delivery').notNull(),
    expressCode: text('express_code'),
    remark: text('remark').notNull().default(''),
    lineCount: integer('line_count').notNull(),
    quantity: integer('quantity').notNull(),
    goodsFen: bigint('goods_fen', { mode: 'number' }).notNull(),
    createdBy: integer('created_by'),
    createdAt: at('created_at').defaultNow().notNull(),
    updatedAt: at('updated_at').defaultNow().notNull(),
    submittedAt: at('submitted_at'),
  },
  (t) => [uniqueIndex('declarations_no').on(t.declarationNo), index('declarations_org_status_idx').on(t.orgId, t.status, t.id.desc().nullsFirst())],
);

/** The lines as typed; after submission each names the dropship order line it became. */
export const declarationLines = pgTable(
  'declaration_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    declarationId: bigint('declaration_id', { mode: 'number' })
      .notNull()
      .references(() => declarations.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    /** What the seller wrote (code or name) and the stall it resolved to when saved. */
    stall: text('stall').notNull(),
    supplierId: integer('supplier_id'),
    artNo: text('art_no').notNull(),
    color: text('color').notNull().default(''),
    size: text('size').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitPriceFen: bigint('unit_price_fen', { mode: 'number' }).notNull(),
    /** ReceiverFields, only with delivery RECEIVER. */
    receiver: jsonb('receiver'),
    remark: text('remark').notNull().default(''),
    orderId: bigint('order_id', { mode: 'number' }),
    orderItemId: bigint('order_item_id', { mode: 'number' }),
    createdAt: at('created_at').defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('declaration_lines_decl_line').on(t.declarationId, t.lineNo),
    index('declaration_lines_org_idx').on(t.orgId, t.id.desc().nullsFirst()),
    index('declaration_lines_org_supplier_idx').on(t.orgId, t.supplierId).where(sql`${t.orderId} is not null`),
    // Lines saved before receivers were sealed (line-receiver.ts): sealed at start.
    index('declaration_lines_unsealed_idx').on(t.id).where(sql`${t.receiver} is not null and (${t.receiver} ->> 'sealed') is null`),
  ],
);
