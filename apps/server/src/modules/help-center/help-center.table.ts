import { boolean, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Written only as `array_to_tsvector(tokens)` (help-center.repository.ts): our tokens, no parser. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Categories of the help center, in `sort` order. */
export const helpCategories = pgTable('help_categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: at('created_at').defaultNow().notNull(),
});

/**
 * Help articles. `markdown` is what the operator writes; `html` is its sanitised rendering, made on
 * the server when it is saved (readers get only that). `search_text` is the title and the body's
 * plain text, and `search_vector` their Chinese bigrams and words (search-tokens.ts) as a tsvector,
 * GIN-indexed so a search reads only the articles holding every token of the query (decision 0032).
 */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => helpCategories.id),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    markdown: text('markdown').notNull(),
    html: text('html').notNull(),
    searchText: text('search_text').notNull(),
    searchVector: tsvector('search_vector').notNull(),
    sort: integer('sort').notNull().default(0),
    published: boolean('published').notNull().default(false),
    usefulCount: integer('useful_count').notNull().default(0),
    uselessCount: integer('useless_count').notNull().default(0),
    /** Null for the articles every install starts with (written by the migration). */
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: at('created_at').defaultNow().notNull(),
    updatedAt: at('updated_at').defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('help_articles_slug_idx').on(t.slug),
    index('help_articles_category_idx').on(t.categoryId, t.sort, t.id),
    index('help_articles_search_idx').using('gin', t.searchVector),
  ],
);

/** One 有用 / 没用 answer per user and article (the article's counters follow it). */
export const helpFeedback = pgTable(
  'help_feedback',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => helpArticles.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    useful: boolean('useful').notNull(),
    at: at('at').defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.userId] })],
);
