import type { ShopSyncStatus } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations, users } from '../auth/auth.table.js';

/**
 * A seller's shop on one channel. The shell reads expiry from here (getShopAuthPopup). Tokens and
 * the ERP secret are stored encrypted (AES-256-GCM, key in system_settings: shop-secrets.ts).
 * expireTime is when the seller must authorize again (the refresh token's end where the platform
 * refreshes, else the access token's); tokenExpiresAt is when the access token itself ends.
 */
export const shops = pgTable(
  'shops',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    channel: text('channel').notNull(),
    name: text('name').notNull(),
    platformShopId: text('platform_shop_id'),
    /** AUTHORIZED, EXPIRED or PAUSED (ShopAuthState). */
    authState: text('auth_state').notNull().default('AUTHORIZED'),
    lastAuthTime: timestamp('last_auth_time', { withTimezone: true }),
    expireTime: timestamp('expire_time', { withTimezone: true }),
    /** Set by 'do not remind again' in the expiry dialog. */
    notRemind: boolean('not_remind').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }),
    /**
     * Until when one caller holds the shop's token refresh (shop-tokens.service.ts): the platform
     * takes a refresh token once, so two exchanges at once, in one process or two, would see the
     * second refused. A holder that died lets it go when this passes.
     */
    tokenRefreshUntil: timestamp('token_refresh_until', { withTimezone: true }),
    /** Per-shop endpoint override (an ERP's own gateway, a test platform); null: the channel's configuration. */
    gatewayUrl: text('gateway_url'),
    oauthUrl: text('oauth_url'),
    /** ERPs: the seller's own app key and (encrypted) secret. */
    appKey: text('app_key'),
    appSecretEnc: text('app_secret_enc'),
    /** Orders modified before this instant are in; the next sync starts a few minutes earlier (overlap). */
    syncCursor: timestamp('sync_cursor', { withTimezone: true }),
    /** IDLE, QUEUED or RUNNING (ShopSyncState); progress 0–100 while RUNNING. */
    syncState: text('sync_state').$type<ShopSyncStatus['state']>().notNull().default('IDLE'),
    syncProgress: integer('sync_progress').notNull().default(0),
    syncSeen: integer('sync_seen').notNull().default(0),
    syncWritten: integer('sync_written').notNull().default(0),
    syncStartedAt: timestamp('sync_started_at', { withTimezone: true }),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    lastSyncResult: text('last_sync_result').$type<NonNullable<ShopSyncStatus['lastResult']>>(),
    lastSyncError: text('last_sync_error'),
    /** Soft removal: the shop leaves every list but its orders stay (docs/decisions/0006-shops.md). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('shops_org_expire_idx').on(t.orgId, t.expireTime),
    uniqueIndex('shops_org_platform_shop_key').on(t.orgId, t.channel, t.platformShopId).where(sql`platform_shop_id is not null`),
    // The scheduler's and the token refresher's scans over every tenant.
    index('shops_sync_due_idx').on(t.syncStartedAt).where(sql`auth_state = 'AUTHORIZED' and removed_at is null and channel <> 'OTHER'`),
    index('shops_token_expiry_idx').on(t.tokenExpiresAt).where(sql`auth_state = 'AUTHORIZED' and removed_at is null and refresh_token_enc is not null`),
  ],
);

/**
 * One OAuth round trip: the state handed to the platform is signed, stored here by its hash,
 * single-use and valid 10 minutes. It binds the callback (a public URL) to the seller and user
 * who started it, and to the shop being re-authorized.
 */
export const shopOAuthStates = pgTable(
  'shop_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    channel: text('channel').notNull(),
    shopId: integer('shop_id').references(() => shops.id),
    shopName: text('shop_name'),
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('shop_oauth_states_expires_idx').on(t.expiresAt)],
);
