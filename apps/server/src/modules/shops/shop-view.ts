/** How a shop row reads on the page and in the export: state, expiry, days left, sync status. */
import { authKindOf, type Channel, leftDays, type ShopRow, type ShopSyncStatus } from '@dropship/contract';
import type { ShopRecord } from './shops.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** PAUSED wins; an authorization whose time ran out reads EXPIRED even before a sync notices. */
export function displayAuthState(s: ShopRecord, now: Date): ShopRow['authState'] {
  if (s.authState === 'PAUSED') return 'PAUSED';
  if (s.channel === 'OTHER') return 'AUTHORIZED';
  if (s.authState === 'EXPIRED' || !s.expireTime || s.expireTime.getTime() <= now.getTime()) return 'EXPIRED';
  return 'AUTHORIZED';
}

export function toSyncStatus(s: ShopRecord): ShopSyncStatus {
  return {
    id: s.id,
    state: s.syncState,
    progress: s.syncProgress,
    seen: s.syncSeen,
    written: s.syncWritten,
    startedAt: iso(s.syncStartedAt),
    lastSyncedAt: iso(s.lastSyncedAt),
    lastResult: s.lastSyncResult ?? null,
    lastError: s.lastSyncError,
    cursor: iso(s.syncCursor),
  };
}

export function toShopRow(s: ShopRecord, now: Date): ShopRow {
  const channel = s.channel as Channel;
  const state = displayAuthState(s, now);
  const hasAuth = channel !== 'OTHER';
  return {
    id: s.id,
    channel,
    name: s.name,
    platformShopId: s.platformShopId,
    authKind: authKindOf(channel),
    authState: state,
    lastAuthTime: iso(s.lastAuthTime),
    expireTime: iso(s.expireTime),
    leftDays: hasAuth ? (s.expireTime ? leftDays(s.expireTime, now) : 0) : null,
    ifExpire: hasAuth && (s.authState === 'EXPIRED' || !s.expireTime || s.expireTime.getTime() <= now.getTime()),
    sync: toSyncStatus(s),
    createdAt: s.createdAt.toISOString(),
  };
}
