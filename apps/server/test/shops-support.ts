/**
 * Helpers of the shops tests: the OAuth round trip as a seller's browser makes it (our authorize
 * call → the emulator's consent page → 授权 → the platform's redirect to our callback).
 */
import type { FastifyInstance } from 'fastify';
import type { Session } from './helpers.js';
import { call, envelope } from './support.js';

const unescapeHtml = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');

/** Opens the consent page and presses 授权 (or 取消): answers where the platform redirects the browser. */
export async function consent(authorizeUrl: string, choice: '授权' | '取消' = '授权'): Promise<URL> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (!page.ok) throw new Error(`consent page ${page.status}: ${html.slice(0, 200)}`);
  if (choice === '取消') {
    const href = /<a href="([^"]+)">取消<\/a>/.exec(html)?.[1];
    if (!href) throw new Error('no cancel link');
    return new URL(unescapeHtml(href));
  }
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no consent form: ${html.slice(0, 300)}`);
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.set(m[1]!, unescapeHtml(m[2]!));
  const res = await fetch(new URL(unescapeHtml(action), authorizeUrl), {
    method: 'POST',
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  const location = res.headers.get('location');
  if (!location) throw new Error(`consent answered ${res.status} without a redirect`);
  return new URL(location);
}

/** Follows the platform's redirect into our callback; answers our redirect (the shops page with authorized= or authError=). */
export async function callback(app: FastifyInstance, redirect: URL): Promise<URL> {
  const res = await app.inject({ method: 'GET', url: `${redirect.pathname}${redirect.search}` });
  if (res.statusCode !== 302) throw new Error(`callback answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  return new URL(String(res.headers.location), 'http://localhost');
}

export async function authorizeUrl(app: FastifyInstance, s: Session, channel: string, shopName?: string): Promise<string> {
  const r = envelope<{ authorizeUrl: string }>(
    await call(app, { method: 'POST', url: '/api/b2/shops/authorize', session: s, payload: { channel, ...(shopName ? { shopName } : {}) } }),
  );
  if (r.errorCode !== 0) throw new Error(`authorize: ${r.errorMsg}`);
  return r.data.authorizeUrl;
}

/** The whole round trip for a new shop; answers its id. */
export async function addOAuthShop(app: FastifyInstance, s: Session, channel: string, shopName: string): Promise<number> {
  const back = await callback(app, await consent(await authorizeUrl(app, s, channel, shopName)));
  const id = Number(back.searchParams.get('authorized'));
  if (!id) throw new Error(`authorization failed: ${back.searchParams.get('authError')}`);
  return id;
}
