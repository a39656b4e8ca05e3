/** The help center's calls: readers' (catalog, article, search, feedback) and the console's, with their query keys. */
import type {
  HelpArticleAdminRow,
  HelpArticleDetail,
  HelpArticleSaveBody,
  HelpArticleView,
  HelpCatalog,
  HelpCategoryRow,
  HelpSearchResult,
} from '@dropship/contract';
import { call } from '../../app/api';

type AdminPage = { pageNo: number; pageSize: number; categoryId?: number | undefined; keyword?: string | undefined };

export const helpKeys = {
  all: ['help'] as const,
  catalog: () => [...helpKeys.all, 'catalog'] as const,
  article: (slug: string) => [...helpKeys.all, 'article', slug] as const,
  search: (q: string, pageNo: number) => [...helpKeys.all, 'search', q, pageNo] as const,
  adminPage: (q: AdminPage) => [...helpKeys.all, 'admin', 'page', q] as const,
  adminArticle: (id: number) => [...helpKeys.all, 'admin', 'article', id] as const,
  adminCategories: () => [...helpKeys.all, 'admin', 'categories'] as const,
};

export const helpApi = {
  catalog: () => call<HelpCatalog>({ method: 'GET', url: '/api/help/catalog' }),
  article: (slug: string) => call<HelpArticleView>({ method: 'GET', url: '/api/help/article', params: { slug } }),
  search: (q: string, pageNo: number) => call<HelpSearchResult>({ method: 'GET', url: '/api/help/search', params: { q, pageNo, pageSize: 10 } }),
  feedback: (slug: string, useful: boolean) => call<{ myFeedback: boolean }>({ method: 'POST', url: '/api/help/feedback', data: { slug, useful } }),
};

export const helpAdminApi = {
  page: (q: AdminPage) => call<{ total: number; list: HelpArticleAdminRow[] }>({ method: 'POST', url: '/api/operator/help/articles/page', data: q }),
  article: (id: number) => call<HelpArticleDetail>({ method: 'GET', url: `/api/operator/help/articles/${id}` }),
  save: (body: HelpArticleSaveBody) => call<HelpArticleDetail>({ method: 'POST', url: '/api/operator/help/articles/save', data: body }),
  publish: (id: number, published: boolean) =>
    call<HelpArticleDetail>({ method: 'POST', url: `/api/operator/help/articles/${id}/publish`, data: { published } }),
  preview: (markdown: string) => call<{ html: string }>({ method: 'POST', url: '/api/operator/help/preview', data: { markdown } }),
  uploadImage: (image: string) => call<{ url: string }>({ method: 'POST', url: '/api/operator/help/images', data: { image } }),
  categories: () => call<HelpCategoryRow[]>({ method: 'GET', url: '/api/operator/help/categories' }),
  saveCategory: (body: { id?: number; name: string; sort: number }) =>
    call<HelpCategoryRow>({ method: 'POST', url: '/api/operator/help/categories/save', data: body }),
};
