/**
 * The help center's rules: readers see published articles only (anything else answers 文章不存在),
 * search in Chinese by tokens, one feedback per user; the operator's Markdown is rendered and
 * sanitised here, before it is stored, and its search tokens are made from what readers will see.
 */
import {
  ErrorCode,
  type HelpArticleAdminRow,
  type HelpArticleDetail,
  type HelpArticleSaveBody,
  type HelpArticleView,
  type HelpCatalog,
  type HelpSearchResult,
} from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Storage } from '../../lib/storage/index.js';
import * as repo from './help-center.repository.js';
import { putImage } from './image-store.js';
import { plainText, renderMarkdown } from './markdown.js';
import { documentTokens, queryTokens, snippetOf } from './search-tokens.js';

const iso = (d: Date) => d.toISOString();

export async function catalog(db: Db): Promise<HelpCatalog> {
  const [categories, links] = await Promise.all([repo.listCategories(db), repo.publishedLinks(db)]);
  return categories
    .map((c) => ({ ...c, articles: links.filter((a) => a.categoryId === c.id).map(({ id, slug, title }) => ({ id, slug, title })) }))
    .filter((c) => c.articles.length > 0);
}

export async function articleForReader(db: Db, userId: number, slug: string): Promise<HelpArticleView> {
  const row = await repo.publishedBySlug(db, slug, userId);
  if (!row) throw notFound('文章');
  return { ...row, updatedAt: iso(row.updatedAt), myFeedback: row.myFeedback ?? null };
}

export async function search(db: Db, q: { q: string; pageNo: number; pageSize: number }): Promise<HelpSearchResult> {
  const { terms, tokens } = queryTokens(q.q);
  if (tokens.length === 0) throw new AppError(ErrorCode.HELP_SEARCH_NO_TERMS);
  const { total, rows } = await repo.search(db, tokens, terms, q);
  return {
    total,
    terms,
    list: rows.map((r) => {
      // The snippet comes from the body: search_text starts with the title and a newline.
      const body = r.searchText.slice(r.searchText.indexOf('\n') + 1);
      return { slug: r.slug, title: r.title, categoryName: r.categoryName, snippet: snippetOf(body, terms) };
    }),
  };
}

/** Records the reader's 有用 / 没用 (changing an earlier answer); unpublished articles answer 文章不存在. */
export async function feedback(db: Db, userId: number, body: { slug: string; useful: boolean }) {
  return inTransaction(db, async (t) => {
    const articleId = await repo.lockPublishedBySlug(t, body.slug);
    if (articleId === undefined) throw notFound('文章');
    const previous = await repo.feedbackOf(t, articleId, userId);
    if (previous !== body.useful) await repo.writeFeedback(t, articleId, userId, body.useful, previous);
    return { myFeedback: body.useful };
  });
}

// The operator's side.

export const categories = (db: Db) => repo.listCategories(db);

/** The editor's preview: rendered and sanitised exactly as a save would store it. */
export const preview = (markdown: string) => renderMarkdown(markdown);

export async function saveCategory(db: Db, body: { id?: number | undefined; name: string; sort: number }) {
  const v = { name: body.name, sort: body.sort };
  if (body.id === undefined) return repo.insertCategory(db, v);
  const row = await repo.updateCategory(db, body.id, v);
  if (!row) throw notFound('分类');
  return row;
}

/** What an article's Markdown becomes: sanitised HTML, refused when nothing is left to show. */
export function render(markdown: string): string {
  const html = renderMarkdown(markdown);
  if (!plainText(html) && !/<img\s/i.test(html)) throw new AppError(ErrorCode.HELP_BODY_EMPTY);
  return html;
}

/** The stored fields of an article: its sanitised HTML and the search text and tokens made from it. */
export function articleValues(body: Omit<HelpArticleSaveBody, 'id'>, userId: number | null): repo.ArticleValues {
  const html = render(body.markdown);
  const searchText = `${body.title}\n${plainText(html)}`;
  return {
    categoryId: body.categoryId,
    slug: body.slug,
    title: body.title,
    markdown: body.markdown,
    html,
    searchText,
    searchTokens: documentTokens(searchText),
    sort: body.sort,
    updatedBy: userId,
  };
}

const adminRow = (r: Awaited<ReturnType<typeof repo.pageArticles>>['rows'][number]): HelpArticleAdminRow => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  categoryId: r.categoryId,
  categoryName: r.categoryName,
  sort: r.sort,
  published: r.published,
  usefulCount: r.usefulCount,
  uselessCount: r.uselessCount,
  updatedAt: iso(r.updatedAt),
});

export async function articleDetail(db: Db, id: number): Promise<HelpArticleDetail> {
  const row = await repo.articleById(db, id);
  if (!row) throw notFound('文章');
  return { ...adminRow(row), markdown: row.markdown, html: row.html };
}

/** Creates (unpublished) or edits an article; a slug another article holds is refused. */
export async function saveArticle(db: Db, userId: number, body: HelpArticleSaveBody): Promise<HelpArticleDetail> {
  const values = articleValues(body, userId);
  const id = await inTransaction(db, async (t) => {
    if (!(await repo.categoryExists(t, body.categoryId))) throw notFound('分类');
    const owner = await repo.slugOwner(t, body.slug);
    if (owner !== undefined && owner !== body.id) throw new AppError(ErrorCode.HELP_SLUG_TAKEN);
    if (body.id === undefined) return repo.insertArticle(t, values);
    if (!(await repo.updateArticle(t, body.id, values))) throw notFound('文章');
    return body.id;
  });
  return articleDetail(db, id);
}

export async function publish(db: Db, userId: number, id: number, published: boolean): Promise<HelpArticleDetail> {
  if (!(await repo.setPublished(db, id, published, userId))) throw notFound('文章');
  return articleDetail(db, id);
}

export async function pageArticles(db: Db, q: Parameters<typeof repo.pageArticles>[1]) {
  const { total, rows } = await repo.pageArticles(db, q);
  return { total, list: rows.map(adminRow) };
}

export async function uploadImage(storage: Storage, image: string) {
  return { url: await putImage(storage, image) };
}
