/**
 * Shops (店铺授权, /basicSet/shopAuthorization): the seller's authorized shops, how they are added
 * (OAuth consent page, ERP keys, or a plain name for imports), their authorization expiry and the
 * state of their order sync. docs/decisions/0006-shops.md explains the choices.
 */
import { z } from 'zod';
import { Channel, ShopAuthState } from './enums.js';
import { id, requiredText, text } from './schema-helpers.js';

/** How a channel's shops are added: consent page (marketplaces), app keys (ERPs), or nothing (OTHER). */
export const ShopAuthKind = z.enum(['oauth', 'appKey', 'none']);
export type ShopAuthKind = z.infer<typeof ShopAuthKind>;

export const ERP_CHANNELS = ['KM', 'WDT'] as const;
export const OAUTH_CHANNELS = ['TAOBAO', 'JD', 'PDD', 'TIKTOK', 'WEIDIAN', 'KUAISHOU', 'REDBOOK'] as const;

export function authKindOf(channel: Channel): ShopAuthKind {
  if (channel === 'OTHER') return 'none';
  return (ERP_CHANNELS as readonly string[]).includes(channel) ? 'appKey' : 'oauth';
}

export const SHOP_AUTH_STATE_NAMES: Record<z.infer<typeof ShopAuthState>, string> = {
  AUTHORIZED: '已授权',
  EXPIRED: '已过期',
  PAUSED: '已暂停',
};

/** IDLE: nothing to do; QUEUED: a sync job waits (sync now, schedule, or a retry); RUNNING: pulling orders. */
export const ShopSyncState = z.enum(['IDLE', 'QUEUED', 'RUNNING']);
export type ShopSyncState = z.infer<typeof ShopSyncState>;
export const ShopSyncResult = z.enum(['SUCCESS', 'FAILED']);
export const SHOP_SYNC_STATE_NAMES: Record<ShopSyncState, string> = { IDLE: '空闲', QUEUED: '排队中', RUNNING: '同步中' };

export const ShopSyncStatus = z.object({
  id: z.number(),
  state: ShopSyncState,
  /** 0–100: share of the modified-time range already pulled. */
  progress: z.number().int().min(0).max(100),
  /** Orders read from the platform / written (new or changed) in the current or last run. */
  seen: z.number().int(),
  written: z.number().int(),
  startedAt: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  lastResult: ShopSyncResult.nullable(),
  /** Chinese, e.g. 店铺授权已过期，请重新授权. */
  lastError: z.string().nullable(),
  /** Orders modified up to this instant are in (the next run starts a few minutes before it). */
  cursor: z.string().nullable(),
});
export type ShopSyncStatus = z.infer<typeof ShopSyncStatus>;

export const ShopRow = z.object({
  id: z.number(),
  channel: Channel,
  name: z.string(),
  platformShopId: z.string().nullable(),
  authKind: ShopAuthKind,
  /** PAUSED wins; an authorization past its expiry reads EXPIRED even before a sync notices. */
  authState: ShopAuthState,
  lastAuthTime: z.string().nullable(),
  expireTime: z.string().nullable(),
  /** Whole days left, floored at 0; null for shops without an authorization (OTHER). */
  leftDays: z.number().int().min(0).nullable(),
  ifExpire: z.boolean(),
  sync: ShopSyncStatus,
  createdAt: z.string(),
});
export type ShopRow = z.infer<typeof ShopRow>;

export const ShopListBody = z
  .object({
    channel: Channel.optional().describe('平台'),
    keyword: text('店铺名称', 50).optional(),
  })
  .nullish()
  .transform((v) => v ?? {});

export const ShopChannelInfo = z.object({
  channel: Channel,
  name: z.string(),
  authKind: ShopAuthKind,
  configured: z.boolean(),
  /** Demo mode only: the emulated ERP's keys, shown in the add dialog so the demo can be tried. */
  demoKeys: z.object({ appKey: z.string(), appSecret: z.string() }).optional(),
});
export type ShopChannelInfo = z.infer<typeof ShopChannelInfo>;

export const ShopAuthorizeBody = z.object({
  channel: Channel.describe('平台'),
  /** Shown on the emulator's consent page; the platform's own shop name is stored after consent. */
  shopName: text('店铺名称', 50).optional(),
});
export const ShopReauthorizeBody = z.object({ id: id('店铺编号') });
export const ShopAuthorizeResult = z.object({ authorizeUrl: z.string() });

export const ShopErpBody = z.object({
  /** Present: new keys for an existing ERP shop (re-authorize). */
  id: id('店铺编号').optional(),
  channel: z.enum(ERP_CHANNELS, { error: '平台必须是快麦ERP（KM）或旺店通ERP（WDT）' }).describe('平台'),
  shopName: requiredText('店铺名称', 50),
  appKey: requiredText('AppKey', 64),
  appSecret: requiredText('AppSecret', 128),
});

export const ShopOtherBody = z.object({ shopName: requiredText('店铺名称', 50) });

export const ShopSavedResult = z.object({ id: z.number() });

/** The platform's redirect back: code and state, or error when the seller refused. */
export const ShopOAuthCallbackQuery = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(500).optional(),
});
export const ShopOAuthCallbackParams = z.object({ channel: Channel.describe('平台') });
export const ShopIdParams = z.object({ id: id('店铺编号') });
