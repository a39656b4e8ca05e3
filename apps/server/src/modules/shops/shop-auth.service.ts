/**
 * Adding and re-authorizing shops: the OAuth round trip (authorize URL with a signed, stored,
 * single-use state; the platform's redirect back with a code), ERP app keys, and OTHER shops that
 * only receive imports. Every path ends in storeAuthorization, which encrypts the tokens.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ChannelError, type MarketplaceChannel, type ShopToken } from '@dropship/channels';
import { authKindOf, type Channel, ErrorCode } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { isApiChannel } from './channel-registry.js';
import { encryptOptional, encryptSecret, signState, verifyState } from './shop-secrets.js';
import * as repo from './shops.repository.js';
import { requestSync, requireShop, type ShopsDeps } from './shops.service.js';

const STATE_TTL_MS = 10 * 60_000;
const hashNonce = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

async function clientOrFail(deps: ShopsDeps, channel: Channel, shop: Parameters<ShopsDeps['channels']['clientFor']>[1] = {}) {
  const client = isApiChannel(channel) ? await deps.channels.clientFor(channel, shop) : null;
  if (!client) throw new AppError(ErrorCode.CHANNEL_NOT_CONFIGURED);
  return client;
}

export function callbackPath(channel: Channel) {
  return `/api/b2/shops/oauth/callback/${channel}`;
}

/** Starts an OAuth round trip for a new shop (shopId undefined) or to re-authorize one. */
export async function startAuthorization(
  deps: ShopsDeps,
  caller: Caller,
  p: { channel: Channel; shopName?: string | undefined; shopId?: number; origin: string },
): Promise<{ authorizeUrl: string }> {
  if (authKindOf(p.channel) !== 'oauth') throw new AppError(ErrorCode.SHOP_CHANNEL_NO_OAUTH);
  const client = await clientOrFail(deps, p.channel);
  const nonce = randomBytes(24).toString('base64url');
  const state = await signState(deps.db, nonce);
  const redirectUri = `${deps.channels.config.publicUrl ?? p.origin}${callbackPath(p.channel)}`;
  await repo.insertOAuthState(deps.db, {
    stateHash: hashNonce(nonce),
    orgId: caller.orgId,
    userId: caller.userId,
    channel: p.channel,
    shopId: p.shopId ?? null,
    shopName: p.shopName ?? null,
    redirectUri,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  let authorizeUrl = client.authorizeUrl({ redirectUri, state });
  // The emulator's consent page shows the shop name it will answer; real platforms know their shops.
  if (p.shopName && isApiChannel(p.channel) && deps.channels.usesEmulator(p.channel)) {
    const u = new URL(authorizeUrl);
    u.searchParams.set('shop', p.shopName);
    authorizeUrl = u.toString();
  }
  return { authorizeUrl };
}

export async function reauthorize(deps: ShopsDeps, caller: Caller, id: number, origin: string) {
  const shop = await requireShop(deps.db, caller, id);
  const kind = authKindOf(shop.channel as Channel);
  if (kind === 'none') throw new AppError(ErrorCode.SHOP_NO_API);
  if (kind === 'appKey') throw new AppError(ErrorCode.SHOP_CHANNEL_NO_OAUTH, 'ERP 店铺请重新填写 AppKey 和 AppSecret 完成授权');
  return startAuthorization(deps, caller, { channel: shop.channel as Channel, shopName: shop.name, shopId: shop.id, origin });
}

/** Where the browser goes after the platform's redirect: the shops page, saying what happened. */
export type CallbackOutcome = { shopId: number } | { error: string };

export async function completeAuthorization(
  deps: ShopsDeps,
  channel: Channel,
  q: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
): Promise<CallbackOutcome> {
  const nonce = q.state ? await verifyState(deps.db, q.state) : null;
  const row = nonce ? await repo.consumeOAuthState(deps.db, hashNonce(nonce), channel) : undefined;
  if (!row) return { error: errorText(ErrorCode.SHOP_OAUTH_STATE_INVALID) };
  if (q.error || !q.code) return { error: '已取消授权：店铺未添加。如需添加请重新点击授权' };
  const client = await clientOrFail(deps, channel);
  let token: ShopToken;
  try {
    token = await client.exchangeCode({ code: q.code, redirectUri: row.redirectUri });
  } catch (err) {
    if (err instanceof ChannelError) return { error: `平台授权失败（${err.message}），请稍后重新授权` };
    throw err;
  }
  if (row.shopId) {
    const shop = await repo.findShop(deps.db, row.orgId, row.shopId);
    if (!shop) return { error: '要重新授权的店铺已删除，请重新添加店铺' };
    if (shop.platformShopId && shop.platformShopId !== token.platformShopId) {
      return { error: `授权的店铺（${token.shopName}）不是要重新授权的店铺（${shop.name}），请用该店铺的账号登录后重新授权` };
    }
  }
  const shopId = await storeAuthorization(deps, row.orgId, channel as MarketplaceChannel, token, { shopId: row.shopId ?? undefined });
  return { shopId };
}

const errorText = (code: ErrorCode) => new AppError(code).message;

/**
 * Stores a granted authorization: re-authorizes the given shop or the one with the same platform
 * shop id (a removed one comes back with its orders), else adds a shop. Then syncs it at once.
 */
export async function storeAuthorization(
  deps: ShopsDeps,
  orgId: number,
  channel: MarketplaceChannel,
  token: ShopToken,
  o: { shopId?: number | undefined; name?: string; appKey?: string; appSecret?: string } = {},
): Promise<number> {
  const db = deps.db;
  const now = new Date();
  const fields = {
    platformShopId: token.platformShopId,
    name: o.name ?? token.shopName,
    authState: 'AUTHORIZED',
    lastAuthTime: now,
    expireTime: token.refreshExpiresAt ?? token.expiresAt,
    tokenExpiresAt: token.expiresAt,
    refreshExpiresAt: token.refreshExpiresAt ?? null,
    accessTokenEnc: await encryptSecret(db, token.accessToken),
    refreshTokenEnc: await encryptOptional(db, token.refreshToken),
    notRemind: false,
    lastSyncError: null,
    ...(o.appKey ? { appKey: o.appKey, appSecretEnc: await encryptSecret(db, o.appSecret ?? '') } : {}),
  };
  const existing = o.shopId ?? (await repo.findByPlatformShopId(db, orgId, channel, token.platformShopId))?.id;
  let id: number;
  if (existing) {
    await repo.reviveShop(db, orgId, existing, fields);
    id = existing;
  } else {
    id = await repo.insertShop(db, { orgId, channel, ...fields });
  }
  await requestSync(deps, orgId, id);
  return id;
}

/** ERP shops: the seller's app key and secret are checked with the ERP, which answers the shop. */
export async function saveErpShop(
  deps: ShopsDeps,
  caller: Caller,
  b: { id?: number | undefined; channel: 'KM' | 'WDT'; shopName: string; appKey: string; appSecret: string },
): Promise<{ id: number }> {
  if (b.id !== undefined) {
    const shop = await requireShop(deps.db, caller, b.id);
    if (shop.channel !== b.channel) throw new AppError(ErrorCode.STATE_CONFLICT, '不能修改店铺的平台，请删除后重新添加');
  }
  if (await repo.nameTaken(deps.db, caller.orgId, b.shopName, b.id)) throw new AppError(ErrorCode.SHOP_NAME_TAKEN);
  const client = await clientOrFail(deps, b.channel, { appKey: b.appKey, appSecret: b.appSecret });
  let token: ShopToken;
  try {
    token = await client.exchangeCode({ code: '', redirectUri: '' });
  } catch (err) {
    if (err instanceof ChannelError && !err.retryable) throw new AppError(ErrorCode.ERP_KEYS_INVALID);
    if (err instanceof ChannelError) throw new AppError(ErrorCode.SHOP_AUTH_FAILED, `ERP 暂时无法访问（${err.message}），请稍后重试`);
    throw err;
  }
  const id = await storeAuthorization(deps, caller.orgId, b.channel, token, {
    shopId: b.id,
    name: b.shopName,
    appKey: b.appKey,
    appSecret: b.appSecret,
  });
  return { id };
}

/** OTHER: a name to import orders into; no platform, no expiry, no sync. */
export async function addOtherShop(db: Db, caller: Caller, shopName: string): Promise<{ id: number }> {
  if (await repo.nameTaken(db, caller.orgId, shopName)) throw new AppError(ErrorCode.SHOP_NAME_TAKEN);
  const id = await repo.insertShop(db, { orgId: caller.orgId, channel: 'OTHER', name: shopName, authState: 'AUTHORIZED', lastAuthTime: new Date() });
  return { id };
}
