/**
 * Access tokens: decrypted only to call the platform, refreshed before they end (the daily job
 * takes every token with less than 3 days left; a sync refreshes an already ended one first), and
 * a refused refresh marks the shop EXPIRED so the seller is reminded to authorize again.
 */
import {
  ChannelError,
  type MarketplaceChannel,
  type MarketplaceClient,
  type PlatformWaybillClient,
  waybillChannels,
  waybillClientFor,
} from '@dropship/channels';
import { SHOP_AUTH_REMIND_DAYS } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { messageShopExpired, messageShopExpiring } from '../messages/index.js';
import type { ShopEndpointOverride } from './channel-registry.js';
import { decryptSecret, encryptOptional, encryptSecret } from './shop-secrets.js';
import * as repo from './shops.repository.js';
import type { ShopsDeps } from './shops.service.js';

export const EXPIRED_MESSAGE = '店铺授权已过期，请重新授权';

export async function endpointOverride(db: Db, s: repo.ShopRecord): Promise<ShopEndpointOverride> {
  return {
    gatewayUrl: s.gatewayUrl,
    oauthUrl: s.oauthUrl,
    appKey: s.appKey,
    appSecret: s.appSecretEnc ? await decryptSecret(db, s.appSecretEnc) : null,
  };
}

/** The shop's client, or null when its channel is not configured (any more). */
export async function clientOfShop(deps: ShopsDeps, s: repo.ShopRecord): Promise<MarketplaceClient | null> {
  return deps.channels.clientFor(s.channel as MarketplaceChannel, await endpointOverride(deps.db, s));
}

/** The shop's platform e-waybill client (decision 0022), or null when its channel has none or is not configured. */
export async function waybillClientOfShop(deps: ShopsDeps, s: repo.ShopRecord): Promise<PlatformWaybillClient | null> {
  const channel = s.channel as MarketplaceChannel;
  if (!waybillChannels().includes(channel) || !deps.channels.configured(channel)) return null;
  const endpoint = await deps.channels.endpointFor(channel, await endpointOverride(deps.db, s));
  return endpoint ? waybillClientFor(channel, endpoint) : null;
}

/** The platform says the authorization is gone: the shop reads EXPIRED now (the reminder shows it too). */
export async function markExpired(db: Db, s: repo.ShopRecord, message = EXPIRED_MESSAGE) {
  // Two plain writes, no transaction of its own: callers reach here from inside others' work with the
  // root handle, and the message is idempotent by its key.
  await repo.markShopExpired(db, s.orgId, s.id, message);
  await messageShopExpired(db, s);
}

/**
 * The daily reminder: a station message for each shop whose authorization ends within
 * SHOP_AUTH_REMIND_DAYS (the shell's popup shows the same shops), once per expiry date.
 */
export async function remindExpiringShops(db: Db) {
  const until = new Date(Date.now() + SHOP_AUTH_REMIND_DAYS * 86_400_000);
  const due = await repo.shopsAuthEndingBefore(db, until, 1_000);
  for (const s of due) {
    if (!s.expireTime) continue;
    const daysLeft = Math.max(1, Math.ceil((s.expireTime.getTime() - Date.now()) / 86_400_000));
    await messageShopExpiring(db, { ...s, expireTime: s.expireTime }, daysLeft);
  }
  return due.length;
}

/**
 * How long one caller holds a shop's refresh: longer than an exchange can take (the client's 20 s a
 * try, with its retries); past it, a holder that died mid-call lets it go.
 */
const REFRESH_LEASE_MS = 120_000;
/** How often a caller that found the refresh held looks again, and for how long at most (past a dead holder's lease). */
const REFRESH_POLL_MS = 200;
const REFRESH_WAIT_MS = REFRESH_LEASE_MS + 10_000;

/** Whether `now` holds tokens newer than the ones `before` was read with. */
const refreshedSince = (now: repo.ShopRecord, before: repo.ShopRecord) =>
  now.refreshTokenEnc !== before.refreshTokenEnc || (now.tokenExpiresAt?.getTime() ?? 0) > (before.tokenExpiresAt?.getTime() ?? 0);

/**
 * Exchanges the refresh token for a new pair; false (and the shop EXPIRED) when the platform refuses
 * it. One exchange per shop at a time, in one process or several (the shop row's lease): the platform
 * takes each refresh token once, so a second exchange of the same token at the same moment (the sync
 * and the daily job, two processes) would be refused and mark a well authorized shop EXPIRED. A caller
 * that finds the refresh held waits for its outcome instead, and a caller that reads the shop again
 * after the last holder finished finds the new pair and uses it.
 */
export async function refreshShopToken(deps: ShopsDeps, s: repo.ShopRecord, client: MarketplaceClient): Promise<boolean> {
  if (!s.refreshTokenEnc) return false;
  if (s.refreshExpiresAt && s.refreshExpiresAt.getTime() <= Date.now()) {
    await markExpired(deps.db, s);
    return false;
  }
  const waitUntil = Date.now() + REFRESH_WAIT_MS;
  for (;;) {
    const held = await repo.claimTokenRefresh(deps.db, s.orgId, s.id, REFRESH_LEASE_MS);
    if (held) {
      try {
        if (refreshedSince(held, s)) return held.authState !== 'EXPIRED';
        return await exchangeRefreshToken(deps, held, client);
      } finally {
        await repo.releaseTokenRefresh(deps.db, s.orgId, s.id);
      }
    }
    // Another caller is exchanging it: its outcome is this one's.
    const now = await repo.findShop(deps.db, s.orgId, s.id);
    if (!now) return false;
    if (refreshedSince(now, s)) return now.authState !== 'EXPIRED';
    if (now.authState === 'EXPIRED' && s.authState !== 'EXPIRED') return false;
    if (Date.now() > waitUntil) throw new Error(`shop ${s.id}: token refresh held by another caller for ${REFRESH_WAIT_MS} ms`);
    await new Promise((r) => setTimeout(r, REFRESH_POLL_MS));
  }
}

/** The exchange itself, under the shop's refresh lease. */
async function exchangeRefreshToken(deps: ShopsDeps, s: repo.ShopRecord, client: MarketplaceClient): Promise<boolean> {
  if (!s.refreshTokenEnc) return false;
  try {
    const token = await client.refresh(await decryptSecret(deps.db, s.refreshTokenEnc));
    await repo.updateShop(deps.db, s.orgId, s.id, {
      accessTokenEnc: await encryptSecret(deps.db, token.accessToken),
      refreshTokenEnc: (await encryptOptional(deps.db, token.refreshToken)) ?? s.refreshTokenEnc,
      tokenExpiresAt: token.expiresAt,
      refreshExpiresAt: token.refreshExpiresAt ?? s.refreshExpiresAt,
      expireTime: token.refreshExpiresAt ?? token.expiresAt,
    });
    return true;
  } catch (err) {
    if (err instanceof ChannelError && err.kind === 'TOKEN_EXPIRED') {
      await markExpired(deps.db, s);
      return false;
    }
    throw err;
  }
}

/** The access token to call with: refreshed first when it has already ended and can be refreshed. */
export async function usableToken(deps: ShopsDeps, s: repo.ShopRecord, client: MarketplaceClient): Promise<string | null> {
  if (!s.accessTokenEnc) return null;
  if (s.tokenExpiresAt && s.tokenExpiresAt.getTime() <= Date.now() && s.refreshTokenEnc) {
    if (!(await refreshShopToken(deps, s, client))) return null;
    const fresh = await repo.findShop(deps.db, s.orgId, s.id);
    return fresh?.accessTokenEnc ? decryptSecret(deps.db, fresh.accessTokenEnc) : null;
  }
  return decryptSecret(deps.db, s.accessTokenEnc);
}

/** The daily job: every authorized shop whose token ends within `refreshBeforeMs`. Failures of one shop do not stop the rest. */
export async function refreshExpiringTokens(deps: ShopsDeps, log?: { warn(o: object, m: string): void }) {
  const before = new Date(Date.now() + deps.channels.config.refreshBeforeMs);
  let refreshed = 0;
  for (const { id, orgId } of await repo.shopsWithExpiringTokens(deps.db, before, 1_000)) {
    const s = await repo.findShop(deps.db, orgId, id);
    if (!s) continue;
    try {
      const client = await clientOfShop(deps, s);
      if (client && (await refreshShopToken(deps, s, client))) refreshed++;
    } catch (err) {
      log?.warn({ err, shopId: id }, '店铺令牌刷新失败，明天再试');
    }
  }
  return refreshed;
}
