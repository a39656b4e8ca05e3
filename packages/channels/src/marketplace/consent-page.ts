/**
 * The emulated consent page every OAuth platform shows the seller: which shop, which app, what
 * data, and a 授权 button. Pressing it posts to `<prefix>/__consent`, which issues a one-use code
 * and redirects to redirect_uri with code and state, as the platforms do.
 */
import type { ChannelCore } from './emulator-core.ts';
import { type EmulatorAnswer, html, redirect } from './emulator-types.ts';
import type { MarketplaceChannel } from './types.ts';

export const CONSENT_PATH = '/__consent';
const APP_NAME = '代发助手';

const PLATFORM_NAMES: Record<MarketplaceChannel, string> = {
  TAOBAO: '淘宝开放平台',
  JD: '京东宙斯开放平台',
  PDD: '拼多多开放平台',
  TIKTOK: '抖店开放平台',
  WEIDIAN: '微店开放平台',
  KUAISHOU: '快手电商开放平台',
  REDBOOK: '小红书开放平台',
  KM: '快麦开放平台',
  WDT: '旺店通开放平台',
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The consent page for a valid authorize request. */
export function consentPage(core: ChannelCore, p: { shopName?: string; redirectUri: string; state: string }): EmulatorAnswer {
  const shop = p.shopName?.trim() || core.handler.defaultShopName;
  const platform = PLATFORM_NAMES[core.channel];
  const action = `${core.handler.prefix}${CONSENT_PATH}`;
  return html(`<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(platform)} - 授权</title>
<style>body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f5f5;margin:0}
.card{max-width:420px;margin:80px auto;background:#fff;border-radius:8px;padding:32px;box-shadow:0 2px 8px rgba(0,0,0,.08)}
h1{font-size:18px;margin:0 0 16px}p{color:#555;line-height:1.7}ul{color:#555;padding-left:20px}
button{width:100%;height:40px;border:0;border-radius:4px;background:#ff5000;color:#fff;font-size:16px;cursor:pointer}
a{display:block;text-align:center;margin-top:12px;color:#999}</style></head>
<body><div class="card">
<h1>${esc(platform)}（模拟）</h1>
<p>授权 <b>${esc(shop)}</b> 使用 <b>${APP_NAME}</b> 访问订单数据</p>
<ul><li>读取订单、退款售后信息</li><li>回传发货物流信息</li></ul>
<form method="post" action="${esc(action)}">
<input type="hidden" name="shop" value="${esc(shop)}">
<input type="hidden" name="redirect_uri" value="${esc(p.redirectUri)}">
<input type="hidden" name="state" value="${esc(p.state)}">
<button type="submit">授权</button>
</form>
<a href="${esc(withParams(p.redirectUri, { error: 'access_denied', state: p.state }))}">取消</a>
</div></body></html>`);
}

/** A refused authorize request (unknown app key, no redirect_uri): the platforms show an error page. */
export function consentError(core: ChannelCore, message: string): EmulatorAnswer {
  return html(
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>授权失败</title></head>
<body><h1>${esc(PLATFORM_NAMES[core.channel])}（模拟）</h1><p>授权失败：${esc(message)}</p></body></html>`,
    400,
  );
}

/** POST <prefix>/__consent: the seller pressed 授权. */
export function approveConsent(core: ChannelCore, form: Record<string, string>): EmulatorAnswer {
  const redirectUri = form.redirect_uri ?? '';
  if (!/^https?:\/\//.test(redirectUri)) return consentError(core, 'redirect_uri 无效');
  const shop = core.ensureShop(form.shop || undefined);
  const code = core.issueCode(shop.platformShopId, redirectUri);
  return redirect(withParams(redirectUri, { code, state: form.state ?? '' }));
}

export function withParams(url: string, params: Record<string, string>): string {
  try {
    const u = new URL(url);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.toString();
  } catch {
    return url;
  }
}
