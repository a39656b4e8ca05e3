/**
 * The help center: the seeded articles are found by Chinese words, the operator's Markdown is
 * rendered and sanitised on the server, unpublished articles are hidden from customers, one
 * feedback per user is counted, bad input is refused in Chinese with nothing changed.
 */

import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode } from '@dropship/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpArticles, helpFeedback } from '../src/modules/help-center/help-center.table.js';
import { documentTokens, queryTokens } from '../src/modules/help-center/search-tokens.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, createSecondSeller, envelope, isChinese, snapshotCounts } from './support.js';

let t: TestApp;
let seller: Session;
let purchaser: Session;
let operator: Session;
let other: Session;

beforeAll(async () => {
  t = await createTestApp();
  seller = await login(t.app, 'demo_seller');
  purchaser = await login(t.app, 'demo_purchaser');
  operator = await login(t.app, 'demo_operator');
  const second = await createSecondSeller(t.database.db, 'help');
  other = await login(t.app, second.username, 'Tenant@2026');
});
afterAll(() => t?.close());

const post = <T = unknown>(url: string, session: Session, payload: object) =>
  call(t.app, { method: 'POST', url, session, payload }).then((r) => envelope<T>(r));
const get = <T = unknown>(url: string, session: Session) => call(t.app, { url, session }).then((r) => envelope<T>(r));

type Hit = { slug: string; title: string; snippet: string };
type SearchResult = { total: number; list: Hit[]; terms: string[] };
const search = (q: string, s: Session = seller) => get<SearchResult>(`/api/help/search?q=${encodeURIComponent(q)}`, s);
/** Help-article images in the file store (only this file writes that kind). */
const storedImages = async () =>
  (await readdir(path.join(t.config.storage.dir, 'public', 'help-article'), { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile())
    .length;
const counts = async () => ({ ...(await snapshotCounts(t.database.db, { helpArticles, helpFeedback })), images: await storedImages() });

async function saveArticle(body: Record<string, unknown>) {
  const res = await post<{ id: number; html: string; published: boolean }>('/api/operator/help/articles/save', operator, {
    categoryId: 1,
    title: '测试文章',
    markdown: '正文',
    ...body,
  });
  expect(res.errorCode, res.errorMsg).toBe(0);
  return res.data;
}

describe('tokens', () => {
  it('Han characters and bigrams, words with their prefixes; a query needs all its bigrams', () => {
    expect(documentTokens('打印标签 C-Lodop')).toEqual(expect.arrayContaining(['打', '打印', '印标', '标签', 'c', 'lo', 'lodop']));
    expect(queryTokens('打印标签')).toEqual({ terms: ['打印标签'], tokens: ['打印', '印标', '标签'] });
    expect(queryTokens('退 Lodop！')).toEqual({ terms: ['退', 'lodop'], tokens: ['退', 'lodop'] });
  });
});

describe('search', () => {
  it('finds the seeded articles by Chinese words, best match first, with a snippet around the word', async () => {
    const res = await search('打印服务');
    expect(res.errorCode, res.errorMsg).toBe(0);
    expect(res.data.list[0]?.slug).toBe('print-clodop');
    expect(res.data.list[0]?.snippet).toContain('打印服务');
    expect(res.data.terms).toEqual(['打印服务']);
    expect((await search('商品关联')).data.list[0]?.slug).toBe('goods-association');
    expect((await search('退款')).data.list.map((h) => h.slug)).toContain('after-sales');
    expect((await search('授权')).data.list[0]?.slug).toBe('shop-authorization');
    expect((await search('lodop')).data.list.map((h) => h.slug)).toEqual(['print-clodop']);
    expect((await search('支付密码', purchaser)).data.list[0]?.slug).toBe('place-and-pay');
    expect((await search('火箭发射')).data).toMatchObject({ total: 0, list: [] });
  });

  it('refuses a query with nothing to search, in Chinese', async () => {
    const res = await search('！？。');
    expect(res.errorCode).toBe(20205);
    expect(isChinese(res.errorMsg)).toBe(true);
    const empty = await get('/api/help/search?q=', seller);
    expect(empty.errorCode).toBe(400);
    expect(isChinese(empty.errorMsg)).toBe(true);
  });
});

describe('articles', () => {
  it('the catalog lists the published articles by category; an article opens by its slug', async () => {
    const cat = await get<{ name: string; articles: { slug: string }[] }[]>('/api/help/catalog', seller);
    expect(cat.data.map((c) => c.name)).toEqual(['新手入门', '下单与支付', '打印发货', '售后']);
    const a = await get<{ title: string; html: string; myFeedback: null }>('/api/help/article?slug=print-clodop', seller);
    expect(a.data.title).toContain('C-Lodop');
    expect(a.data.html).toContain('<h2>安装 C-Lodop</h2>');
    expect(a.data.myFeedback).toBeNull();
  });

  it('Markdown is rendered and sanitised on the server: script, handlers and javascript: links are gone', async () => {
    const saved = await saveArticle({
      slug: 'xss-test',
      markdown: '# 标题\n\n**加粗**<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[坏链接](javascript:alert(1)) [好链接](https://example.com)',
    });
    expect(saved.html).not.toMatch(/<script|onerror|javascript:|alert\(1\)/i);
    expect(saved.html).toContain('<h1>标题</h1>');
    expect(saved.html).toContain('<strong>加粗</strong>');
    expect(saved.html).toContain('href="https://example.com"');
    const preview = await post<{ html: string }>('/api/operator/help/preview', operator, { markdown: '**预览**<script>x()</script>' });
    expect(preview.data.html).toBe('<p><strong>预览</strong></p>');
  });

  it('an unpublished article is hidden from customers everywhere, shown once published', async () => {
    const saved = await saveArticle({ slug: 'draft-test', title: '草稿文章', markdown: '独一无二的鸵鸟词' });
    expect(saved.published).toBe(false);
    expect((await get('/api/help/article?slug=draft-test', seller)).errorCode).toBe(12001);
    expect((await search('鸵鸟')).data.total).toBe(0);
    expect((await post('/api/help/feedback', seller, { slug: 'draft-test', useful: true })).errorCode).toBe(12001);
    const cat = await get<{ articles: { slug: string }[] }[]>('/api/help/catalog', seller);
    expect(cat.data.flatMap((c) => c.articles.map((a) => a.slug))).not.toContain('draft-test');

    expect((await post(`/api/operator/help/articles/${saved.id}/publish`, operator, { published: true })).errorCode).toBe(0);
    expect((await search('鸵鸟')).data.list.map((h) => h.slug)).toEqual(['draft-test']);
    expect((await post(`/api/operator/help/articles/${saved.id}/publish`, operator, { published: false })).errorCode).toBe(0);
    expect((await get('/api/help/article?slug=draft-test', seller)).errorCode).toBe(12001);
  });

  it('bad input is refused in Chinese and changes nothing', async () => {
    const before = await counts();
    const bad = [
      { slug: 'Bad Slug', markdown: '正文' },
      { slug: 'print-clodop', markdown: '正文' },
      { slug: 'empty-body', markdown: '<script>alert(1)</script>' },
      { slug: 'no-category', markdown: '正文', categoryId: 9999 },
      { slug: 'long', markdown: 'x'.repeat(50_001) },
    ];
    for (const b of bad) {
      const res = await post('/api/operator/help/articles/save', operator, { categoryId: 1, title: '坏输入', ...b });
      expect(res.errorCode, JSON.stringify(b)).not.toBe(0);
      expect(isChinese(res.errorMsg), res.errorMsg).toBe(true);
    }
    const notImage = await post('/api/operator/help/images', operator, { image: Buffer.from('<svg onload=alert(1)>').toString('base64') });
    expect(notImage.errorCode).toBe(ErrorCode.STORAGE_NOT_IMAGE);
    const fb = await post('/api/help/feedback', seller, { slug: 'print-clodop', useful: 'yes' });
    expect(fb.errorCode).toBe(400);
    expect(isChinese(fb.errorMsg)).toBe(true);
    expect(await counts()).toEqual(before);
  });

  it('customers cannot call the console; operators cannot use the readers calls', async () => {
    const res = await post('/api/operator/help/articles/save', seller, { categoryId: 1, slug: 'seller-try', title: '卖家', markdown: '正文' });
    expect(res.errorCode).toBe(403);
    expect((await get('/api/help/catalog', operator)).errorCode).toBe(403);
  });

  it('an uploaded image is stored and served by its address', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const up = await post<{ url: string }>('/api/operator/help/images', operator, { image: `data:image/png;base64,${png.toString('base64')}` });
    expect(up.errorCode, up.errorMsg).toBe(0);
    const img = await t.app.inject({ url: up.data.url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png)).toBe(true);
  });
});

describe('feedback', () => {
  it('one answer per user, counted, changeable; each user sees their own', async () => {
    const [row] = await t.database.db.select().from(helpArticles).where(eq(helpArticles.slug, 'after-sales'));
    const base = { useful: row?.usefulCount ?? 0, useless: row?.uselessCount ?? 0 };
    await post('/api/help/feedback', seller, { slug: 'after-sales', useful: true });
    await post('/api/help/feedback', seller, { slug: 'after-sales', useful: true });
    await post('/api/help/feedback', other, { slug: 'after-sales', useful: false });
    let page = await post<{ list: { slug: string; usefulCount: number; uselessCount: number }[] }>('/api/operator/help/articles/page', operator, {
      keyword: 'after-sales',
    });
    expect(page.data.list[0]).toMatchObject({ usefulCount: base.useful + 1, uselessCount: base.useless + 1 });
    await post('/api/help/feedback', seller, { slug: 'after-sales', useful: false });
    page = await post('/api/operator/help/articles/page', operator, { keyword: 'after-sales' });
    expect(page.data.list[0]).toMatchObject({ usefulCount: base.useful, uselessCount: base.useless + 2 });
    expect((await get<{ myFeedback: boolean }>('/api/help/article?slug=after-sales', seller)).data.myFeedback).toBe(false);
    expect((await get<{ myFeedback: boolean | null }>('/api/help/article?slug=after-sales', purchaser)).data.myFeedback).toBeNull();
  });
});
