/**
 * The help center (帮助中心, /helpCenter): articles in categories that the operator writes in Markdown
 * in the console (rendered and sanitised on the server), searched in Chinese, with 有用 / 没用
 * feedback per article and user. Decision 0032.
 */
import { z } from 'zod';
import { id, pageQuery, requiredText, text } from './schema-helpers.js';

/** An article's address in the help center: lower-case letters, digits and dashes. */
export const helpSlug = (label = '文章标识') => requiredText(label, 80).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, `${label}只能包含小写字母、数字和连字符（-）`);

/** Article images: JPEG, PNG or WebP, checked by their bytes, at most this many bytes each. */
export const HELP_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const HelpCategoryRow = z.object({ id: z.number(), name: z.string(), sort: z.number() });
export type HelpCategoryRow = z.infer<typeof HelpCategoryRow>;

export const HelpArticleLink = z.object({ id: z.number(), slug: z.string(), title: z.string() });
export type HelpArticleLink = z.infer<typeof HelpArticleLink>;

/** GET /api/help/catalog: the categories with their published articles, in order. */
export const HelpCatalog = z.array(HelpCategoryRow.extend({ articles: z.array(HelpArticleLink) }));
export type HelpCatalog = z.infer<typeof HelpCatalog>;

export const HelpSlugQuery = z.object({ slug: helpSlug() });

/** GET /api/help/article: a published article for a reader, with the reader's own feedback. */
export const HelpArticleView = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  categoryId: z.number(),
  categoryName: z.string(),
  html: z.string(),
  updatedAt: z.string(),
  /** The reader's feedback: true 有用, false 没用, null none yet. */
  myFeedback: z.boolean().nullable(),
});
export type HelpArticleView = z.infer<typeof HelpArticleView>;

/** GET /api/help/search: a keyword in Chinese or letters, at least one character. */
export const HelpSearchQuery = pageQuery.extend({
  q: requiredText('搜索词', 50),
  pageSize: z.coerce.number().int().min(1).max(50).default(10).describe('每页条数'),
});
export const HelpSearchHit = z.object({
  slug: z.string(),
  title: z.string(),
  categoryName: z.string(),
  /** Plain text around the first match (no markup: the page highlights `terms` in it itself). */
  snippet: z.string(),
});
export type HelpSearchHit = z.infer<typeof HelpSearchHit>;
export const HelpSearchResult = z.object({
  total: z.number(),
  list: z.array(HelpSearchHit),
  /** The query's words as matched, for highlighting. */
  terms: z.array(z.string()),
});
export type HelpSearchResult = z.infer<typeof HelpSearchResult>;

/** POST /api/help/feedback: one answer per user and article; answering again changes it. */
export const HelpFeedbackBody = z.object({ slug: helpSlug(), useful: z.boolean({ error: '请选择有用或没用' }).describe('是否有用') });
export const HelpFeedbackResult = z.object({ myFeedback: z.boolean() });

// The operator's side (console page /operator/helpArticles).

export const HelpCategorySaveBody = z.object({
  id: id('分类ID').optional(),
  name: requiredText('分类名称', 30),
  sort: z.coerce.number().int().min(0).max(9999).default(0).describe('排序'),
});

export const HelpArticlePageBody = pageQuery.extend({ categoryId: id('分类ID').optional(), keyword: text('关键词', 50).optional() });
export const HelpArticleAdminRow = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  categoryId: z.number(),
  categoryName: z.string(),
  sort: z.number(),
  published: z.boolean(),
  usefulCount: z.number(),
  uselessCount: z.number(),
  updatedAt: z.string(),
});
export type HelpArticleAdminRow = z.infer<typeof HelpArticleAdminRow>;
export const HelpArticlePage = z.object({ total: z.number(), list: z.array(HelpArticleAdminRow) });

export const HelpArticleIdParams = z.object({ id: id('文章ID') });
export const HelpArticleDetail = HelpArticleAdminRow.extend({ markdown: z.string(), html: z.string() });
export type HelpArticleDetail = z.infer<typeof HelpArticleDetail>;

export const HelpArticleSaveBody = z.object({
  id: id('文章ID').optional(),
  categoryId: id('分类'),
  slug: helpSlug(),
  title: requiredText('标题', 100),
  markdown: requiredText('正文', 50_000),
  sort: z.coerce.number().int().min(0).max(9999).default(0).describe('排序'),
});
export type HelpArticleSaveBody = z.infer<typeof HelpArticleSaveBody>;

export const HelpPublishBody = z.object({ published: z.boolean({ error: '请选择发布或下线' }).describe('发布') });

export const HelpPreviewBody = z.object({ markdown: text('正文', 50_000) });
export const HelpPreview = z.object({ html: z.string() });

/** Image upload: the image as base64 (a data URL or the bare base64), answered with its address. */
export const HelpImageUploadBody = z.object({
  image: z.string({ error: '请上传图片' }).min(1, '请上传图片').max(3_000_000, '图片不能超过2MB').describe('图片（base64）'),
});
export const HelpImageUploaded = z.object({ url: z.string() });
