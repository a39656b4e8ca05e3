/**
 * The help center: readers' calls (sellers and purchasers) and the console's article calls, which
 * declare their console page (/operator/helpArticles) and the audit action of each change.
 */
import {
  envelopeOf,
  HelpArticleDetail,
  HelpArticleIdParams,
  HelpArticlePage,
  HelpArticlePageBody,
  HelpArticleSaveBody,
  HelpArticleView,
  HelpCatalog,
  HelpCategoryRow,
  HelpCategorySaveBody,
  HelpFeedbackBody,
  HelpFeedbackResult,
  HelpImageUploadBody,
  HelpImageUploaded,
  HelpPreview,
  HelpPreviewBody,
  HelpPublishBody,
  HelpSearchQuery,
  HelpSearchResult,
  HelpSlugQuery,
} from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { type RouteApp, rawReply } from '../../lib/route-app.js';
import type { Storage } from '../../lib/storage/index.js';
import { requireCaller } from '../../plugins/auth.js';
import * as service from './help-center.service.js';
import { getImage } from './image-store.js';

const tags = ['help-center'];
const opTags = ['operator'];
const ARTICLES = '/operator/helpArticles';
/** A 2 MB image as base64, with room for the JSON around it. */
const IMAGE_BODY_LIMIT = 3_200_000;

export async function helpCenterRoutes(app: RouteApp, { db, storage }: AppDeps & { storage: Storage }) {
  app.get(
    '/api/help/catalog',
    { config: { permission: 'user' }, schema: { tags, summary: '帮助中心：分类与已发布文章', response: { 200: envelopeOf(HelpCatalog) } } },
    async () => ok(await service.catalog(db)),
  );
  app.get(
    '/api/help/article',
    {
      config: { permission: 'user' },
      schema: { tags, summary: '帮助中心：文章（仅已发布）', querystring: HelpSlugQuery, response: { 200: envelopeOf(HelpArticleView) } },
    },
    async (req) => ok(await service.articleForReader(db, requireCaller(req).userId, req.query.slug)),
  );
  app.get(
    '/api/help/search',
    {
      config: { permission: 'user' },
      schema: { tags, summary: '帮助中心：搜索（中文按字和双字词）', querystring: HelpSearchQuery, response: { 200: envelopeOf(HelpSearchResult) } },
    },
    async (req) => ok(await service.search(db, req.query)),
  );
  app.post(
    '/api/help/feedback',
    {
      config: { permission: 'user' },
      schema: { tags, summary: '帮助中心：有用 / 没用（每人每篇一次，可改）', body: HelpFeedbackBody, response: { 200: envelopeOf(HelpFeedbackResult) } },
    },
    async (req) => ok(await service.feedback(db, requireCaller(req).userId, req.body)),
  );
  // Public like the articles' text is to anyone signed in: an <img> carries no x-token header, and an
  // article image is not a secret (the id is all it takes, as for any published page's picture).
  app.get(
    '/api/help/images/:month/:name',
    {
      config: { permission: 'public' },
      schema: { tags, summary: '帮助文章图片', params: z.object({ month: z.string().max(6, '图片地址不正确'), name: z.string().max(40, '图片地址不正确') }) },
    },
    async (req, reply) => {
      const img = await getImage(storage, req.params.month, req.params.name);
      if (!img) throw notFound('图片');
      return rawReply(reply)
        .header('content-type', img.mime)
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(img.stream);
    },
  );

  app.get(
    '/api/operator/help/categories',
    { config: { permission: ARTICLES }, schema: { tags: opTags, summary: '运营：帮助分类', response: { 200: envelopeOf(z.array(HelpCategoryRow)) } } },
    async () => ok(await service.categories(db)),
  );
  app.post(
    '/api/operator/help/categories/save',
    {
      config: { audit: 'help.category.save', permission: ARTICLES },
      schema: { tags: opTags, summary: '运营：新建或编辑帮助分类', body: HelpCategorySaveBody, response: { 200: envelopeOf(HelpCategoryRow) } },
    },
    async (req) => ok(await service.saveCategory(db, req.body)),
  );
  app.post(
    '/api/operator/help/articles/page',
    {
      config: { audit: false, permission: ARTICLES },
      schema: { tags: opTags, summary: '运营：帮助文章列表（含有用 / 没用计数）', body: HelpArticlePageBody, response: { 200: envelopeOf(HelpArticlePage) } },
    },
    async (req) => ok(await service.pageArticles(db, req.body)),
  );
  app.get(
    '/api/operator/help/articles/:id',
    {
      config: { permission: ARTICLES },
      schema: { tags: opTags, summary: '运营：帮助文章详情', params: HelpArticleIdParams, response: { 200: envelopeOf(HelpArticleDetail) } },
    },
    async (req) => ok(await service.articleDetail(db, req.params.id)),
  );
  app.post(
    '/api/operator/help/articles/save',
    {
      config: { audit: 'help.article.save', permission: ARTICLES },
      schema: {
        tags: opTags,
        summary: '运营：新建（未发布）或编辑帮助文章（Markdown，服务端渲染并净化）',
        body: HelpArticleSaveBody,
        response: { 200: envelopeOf(HelpArticleDetail) },
      },
    },
    async (req) => ok(await service.saveArticle(db, requireCaller(req).userId, req.body)),
  );
  app.post(
    '/api/operator/help/articles/:id/publish',
    {
      config: { audit: 'help.article.publish', permission: ARTICLES },
      schema: {
        tags: opTags,
        summary: '运营：发布或下线帮助文章',
        params: HelpArticleIdParams,
        body: HelpPublishBody,
        response: { 200: envelopeOf(HelpArticleDetail) },
      },
    },
    async (req) => ok(await service.publish(db, requireCaller(req).userId, req.params.id, req.body.published)),
  );
  app.post(
    '/api/operator/help/preview',
    {
      config: { audit: false, permission: ARTICLES },
      schema: { tags: opTags, summary: '运营：预览 Markdown（与保存时同样渲染和净化）', body: HelpPreviewBody, response: { 200: envelopeOf(HelpPreview) } },
    },
    async (req) => ok({ html: service.preview(req.body.markdown) }),
  );
  app.post(
    '/api/operator/help/images',
    {
      config: { audit: 'help.image.upload', permission: ARTICLES },
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: {
        tags: opTags,
        summary: '运营：上传帮助文章图片（JPG/PNG/WebP，base64，≤2MB）',
        body: HelpImageUploadBody,
        response: { 200: envelopeOf(HelpImageUploaded) },
      },
    },
    async (req) => ok(await service.uploadImage(storage, req.body.image)),
  );
}
