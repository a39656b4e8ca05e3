/**
 * Shop rules: the list, the channels the add dialog offers, pause / resume / remove as named
 * transitions that check the current state, and "sync now" (one sync per shop at a time).
 */
import { authKindOf, CHANNEL_NAMES, Channel, ErrorCode, type ShopChannelInfo, type ShopRow, type ShopSyncStatus } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import type { JobQueue } from '../jobs/index.js';
import { type ChannelRegistry, isApiChannel } from './channel-registry.js';
import { displayAuthState, toShopRow, toSyncStatus } from './shop-view.js';
import * as repo from './shops.repository.js';

export interface ShopsDeps {
  db: Db;
  channels: ChannelRegistry;
  jobs: JobQueue;
}

export const SYNC_JOB = 'shops.sync';
export const syncJobKey = (shopId: number) => `${SYNC_JOB}:${shopId}`;

export async function listShops(db: Db, caller: Caller, q: { channel?: Channel | undefined; keyword?: string | undefined }): Promise<ShopRow[]> {
  const now = new Date();
  return (await repo.listShops(db, caller.orgId, q)).map((s) => toShopRow(s, now));
}

export async function channelInfos(channels: ChannelRegistry): Promise<ShopChannelInfo[]> {
  const out: ShopChannelInfo[] = [];
  for (const c of Channel.options) {
    const info: ShopChannelInfo = { channel: c, name: CHANNEL_NAMES[c], authKind: authKindOf(c), configured: c === 'OTHER' || channels.configured(c) };
    if (info.authKind === 'appKey' && info.configured && isApiChannel(c) && channels.usesEmulator(c)) {
      const e = await channels.endpointFor(c);
      if (e) info.demoKeys = { appKey: e.appKey, appSecret: e.appSecret };
    }
    out.push(info);
  }
  return out;
}

export async function requireShop(db: Db, caller: Caller, id: number) {
  const shop = await repo.findShop(db, caller.orgId, id);
  if (!shop) throw notFound('店铺');
  return shop;
}

/** Pausing stops the scheduled sync and the expiry reminder; the authorization is kept. */
export async function pauseShop(db: Db, caller: Caller, id: number) {
  const shop = await requireShop(db, caller, id);
  if (shop.authState === 'PAUSED') throw new AppError(ErrorCode.STATE_CONFLICT, '店铺已经是暂停状态');
  await repo.updateShop(db, caller.orgId, id, { authState: 'PAUSED' }, 'notPaused');
}

/** Back to AUTHORIZED, or EXPIRED when the authorization ran out meanwhile. */
export async function resumeShop(db: Db, caller: Caller, id: number) {
  const shop = await requireShop(db, caller, id);
  if (shop.authState !== 'PAUSED') throw new AppError(ErrorCode.STATE_CONFLICT, '只有已暂停的店铺可以恢复');
  const now = new Date();
  const next = shop.channel === 'OTHER' || (shop.expireTime && shop.expireTime.getTime() > now.getTime() && shop.accessTokenEnc) ? 'AUTHORIZED' : 'EXPIRED';
  await repo.updateShop(db, caller.orgId, id, { authState: next }, 'paused');
}

/**
 * Soft removal: the shop leaves the lists and the reminder, its tokens are forgotten, its orders
 * stay (dropship orders and after-sales refer to them). Authorizing the same platform shop again
 * brings it back with its orders.
 */
export async function removeShop(db: Db, caller: Caller, id: number) {
  await requireShop(db, caller, id);
  await repo.updateShop(db, caller.orgId, id, {
    removedAt: new Date(),
    authState: 'PAUSED',
    accessTokenEnc: null,
    refreshTokenEnc: null,
    appSecretEnc: null,
    syncState: 'IDLE',
  });
}

export async function syncStatus(db: Db, caller: Caller, id: number): Promise<ShopSyncStatus> {
  return toSyncStatus(await requireShop(db, caller, id));
}

/** Enqueues the shop's sync at once; a sync already waiting or running is reused, never doubled. */
export async function syncNow(deps: ShopsDeps, caller: Caller, id: number): Promise<ShopSyncStatus> {
  const shop = await requireShop(deps.db, caller, id);
  if (shop.channel === 'OTHER') throw new AppError(ErrorCode.SHOP_NO_API);
  const state = displayAuthState(shop, new Date());
  if (state === 'PAUSED') throw new AppError(ErrorCode.SHOP_PAUSED);
  if (state === 'EXPIRED') throw new AppError(ErrorCode.SHOP_EXPIRED);
  await requestSync(deps, shop.orgId, shop.id);
  return syncStatus(deps.db, caller, id);
}

/** QUEUED on the row and the job in the queue, in one transaction (the scheduler uses it too). */
export async function requestSync(deps: ShopsDeps, orgId: number, shopId: number, delayMs = 0) {
  await inTransaction(deps.db, async (t) => {
    await repo.updateShop(t, orgId, shopId, { syncState: 'QUEUED' }, 'syncIdle');
    await deps.jobs.enqueue(SYNC_JOB, { orgId, shopId }, { singletonKey: syncJobKey(shopId), delayMs }, t);
  });
}
