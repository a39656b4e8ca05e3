/**
 * Help center SQL. Articles are the platform's, not a tenant's: readers see published ones only;
 * feedback is per user.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { helpArticles, helpCategories, helpFeedback } from './help-center.table.js';

export type ArticleValues = Pick<
  typeof helpArticles.$inferInsert,
  'categoryId' | 'slug' | 'title' | 'markdown' | 'html' | 'searchText' | 'sort' | 'updatedBy'
> & {
  searchTokens: string[];
};

/** The row to write: the tokens become the tsvector as they are (no parser, no stemming). */
export function articleRow({ searchTokens, ...v }: ArticleValues) {
  return { ...v, searchVector: sql`array_to_tsvector(${sql.param(searchTokens)}::text[])` };
}

/** Every token required: tokens are Han characters or [a-z0-9] words, so quoting needs no escaping. */
const allOf = (tokens: string[]) => tokens.map((t) => `'${t.replace(/'/g, "''")}'`).join(' & ');

export async function listCategories(db: Db) {
  return db
    .select({ id: helpCategories.id, name: helpCategories.name, sort: helpCategories.sort })
    .from(helpCategories)
    .orderBy(asc(helpCategories.sort), asc(helpCategories.id));
}

export async function categoryExists(db: Db, id: number) {
  const [row] = await db.select({ id: helpCategories.id }).from(helpCategories).where(eq(helpCategories.id, id));
  return row !== undefined;
}

export async function insertCategory(db: Db, v: { name: string; sort: number }) {
  const [row] = await db.insert(helpCategories).values(v).returning({ id: helpCategories.id, name: helpCategories.name, sort: helpCategories.sort });
  return row as { id: number; name: string; sort: number };
}

export async function updateCategory(db: Db, id: number, v: { name: string; sort: number }) {
  const [row] = await db
    .update(helpCategories)
    .set(v)
    .where(eq(helpCategories.id, id))
    .returning({ id: helpCategories.id, name: helpCategories.name, sort: helpCategories.sort });
  return row;
}

/** Published articles' links, every category, in reading order (a few hundred at most). */
export async function publishedLinks(db: Db) {
  return db
    .select({ id: helpArticles.id, slug: helpArticles.slug, title: helpArticles.title, categoryId: helpArticles.categoryId })
    .from(helpArticles)
    .where(eq(helpArticles.published, true))
    .orderBy(asc(helpArticles.categoryId), asc(helpArticles.sort), asc(helpArticles.id))
    .limit(2000);
}

const adminColumns = {
  id: helpArticles.id,
  slug: helpArticles.slug,
  title: helpArticles.title,
  categoryId: helpArticles.categoryId,
  categoryName: helpCategories.name,
  sort: helpArticles.sort,
  published: helpArticles.published,
  usefulCount: helpArticles.usefulCount,
  uselessCount: helpArticles.uselessCount,
  updatedAt: helpArticles.updatedAt,
};

/** A published article by its slug with the reader's feedback; undefined when absent or unpublished. */
export async function publishedBySlug(db: Db, slug: string, userId: number) {
  const [row] = await db
    .select({
      id: helpArticles.id,
      slug: helpArticles.slug,
      title: helpArticles.title,
      categoryId: helpArticles.categoryId,
      categoryName: helpCategories.name,
      html: helpArticles.html,
      updatedAt: helpArticles.updatedAt,
      myFeedback: helpFeedback.useful,
    })
    .from(helpArticles)
    .innerJoin(helpCategories, eq(helpCategories.id, helpArticles.categoryId))
    .leftJoin(helpFeedback, and(eq(helpFeedback.articleId, helpArticles.id), eq(helpFeedback.userId, userId)))
    .where(and(eq(helpArticles.slug, slug), eq(helpArticles.published, true)));
  return row;
}

/**
 * Published articles holding every token (GIN), best first: each whole term in the title counts
 * (the title is short, so ranking reads no article body; the page's order breaks ties).
 */
export async function search(db: Db, tokens: string[], terms: string[], page: { pageNo: number; pageSize: number }) {
  const where = and(eq(helpArticles.published, true), sql`${helpArticles.searchVector} @@ ${allOf(tokens)}::tsquery`);
  const score = sql.join(
    terms.map((t) => sql`(strpos(lower(${helpArticles.title}), ${t}) > 0)::int`),
    sql` + `,
  );
  const [total] = await db.select({ n: count() }).from(helpArticles).where(where);
  const ranked = await db
    .select({ id: helpArticles.id })
    .from(helpArticles)
    .where(where)
    .orderBy(desc(score), asc(helpArticles.sort), asc(helpArticles.id))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  // The bodies (for the snippets) are read for this page's articles only.
  const ids = ranked.map((r) => r.id);
  const found = ids.length
    ? await db
        .select({
          id: helpArticles.id,
          slug: helpArticles.slug,
          title: helpArticles.title,
          categoryName: helpCategories.name,
          searchText: helpArticles.searchText,
        })
        .from(helpArticles)
        .innerJoin(helpCategories, eq(helpCategories.id, helpArticles.categoryId))
        .where(inArray(helpArticles.id, ids))
    : [];
  const rows = ids.map((id) => found.find((r) => r.id === id)).filter((r) => r !== undefined);
  return { total: total?.n ?? 0, rows };
}

/** The same search by ILIKE over every published article's text: the slower approach the decision measured. */
export async function searchByIlike(db: Db, terms: string[], page: { pageNo: number; pageSize: number }) {
  const like = terms.map((t) => ilike(helpArticles.searchText, `%${t.replace(/[\\%_]/g, '\\$&')}%`));
  const where = and(eq(helpArticles.published, true), ...like);
  const [total] = await db.select({ n: count() }).from(helpArticles).where(where);
  const rows = await db.select({ id: helpArticles.id }).from(helpArticles).where(where).orderBy(asc(helpArticles.id)).limit(page.pageSize);
  return { total: total?.n ?? 0, rows };
}

export async function pageArticles(db: Db, q: { pageNo: number; pageSize: number; categoryId?: number | undefined; keyword?: string | undefined }) {
  const conds: SQL[] = [];
  if (q.categoryId !== undefined) conds.push(eq(helpArticles.categoryId, q.categoryId));
  if (q.keyword) {
    const k = `%${q.keyword.replace(/[\\%_]/g, '\\$&')}%`;
    conds.push(or(ilike(helpArticles.title, k), ilike(helpArticles.slug, k)) as SQL);
  }
  const where = conds.length ? and(...conds) : undefined;
  const [total] = await db.select({ n: count() }).from(helpArticles).where(where);
  const rows = await db
    .select(adminColumns)
    .from(helpArticles)
    .innerJoin(helpCategories, eq(helpCategories.id, helpArticles.categoryId))
    .where(where)
    .orderBy(asc(helpCategories.sort), asc(helpArticles.categoryId), asc(helpArticles.sort), asc(helpArticles.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return { total: total?.n ?? 0, rows };
}

export async function articleById(db: Db, id: number) {
  const [row] = await db
    .select({ ...adminColumns, markdown: helpArticles.markdown, html: helpArticles.html })
    .from(helpArticles)
    .innerJoin(helpCategories, eq(helpCategories.id, helpArticles.categoryId))
    .where(eq(helpArticles.id, id));
  return row;
}

export async function slugOwner(db: Db, slug: string) {
  const [row] = await db.select({ id: helpArticles.id }).from(helpArticles).where(eq(helpArticles.slug, slug));
  return row?.id;
}

export async function insertArticle(db: Db, v: ArticleValues) {
  const [row] = await db.insert(helpArticles).values(articleRow(v)).returning({ id: helpArticles.id });
  return (row as { id: number }).id;
}

export async function updateArticle(db: Db, id: number, v: ArticleValues) {
  const [row] = await db
    .update(helpArticles)
    .set({ ...articleRow(v), updatedAt: sql`now()` })
    .where(eq(helpArticles.id, id))
    .returning({ id: helpArticles.id });
  return row !== undefined;
}

export async function setPublished(db: Db, id: number, published: boolean, userId: number) {
  const [row] = await db
    .update(helpArticles)
    .set({ published, updatedBy: userId, updatedAt: sql`now()` })
    .where(eq(helpArticles.id, id))
    .returning({ id: helpArticles.id });
  return row !== undefined;
}

/** The article's id, locked, when it is published (so two answers at once count once each). */
export async function lockPublishedBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({ id: helpArticles.id })
    .from(helpArticles)
    .where(and(eq(helpArticles.slug, slug), eq(helpArticles.published, true)))
    .for('update');
  return row?.id;
}

export async function feedbackOf(db: Db, articleId: number, userId: number) {
  const [row] = await db
    .select({ useful: helpFeedback.useful })
    .from(helpFeedback)
    .where(and(eq(helpFeedback.articleId, articleId), eq(helpFeedback.userId, userId)));
  return row?.useful;
}

/** Records or changes a user's answer and moves the article's counters by the difference. */
export async function writeFeedback(db: Db, articleId: number, userId: number, useful: boolean, previous: boolean | undefined) {
  await db
    .insert(helpFeedback)
    .values({ articleId, userId, useful })
    .onConflictDoUpdate({ target: [helpFeedback.articleId, helpFeedback.userId], set: { useful, at: sql`now()` } });
  const delta = (v: boolean) => (useful === v ? 1 : 0) - (previous === v ? 1 : 0);
  await db
    .update(helpArticles)
    .set({ usefulCount: sql`${helpArticles.usefulCount} + ${delta(true)}`, uselessCount: sql`${helpArticles.uselessCount} + ${delta(false)}` })
    .where(eq(helpArticles.id, articleId));
}
