/**
 * Where each channel's API lives and with which app credentials: configuration, never code
 * (README "Configuration"). CHANNEL_<CODE>_GATEWAY / _OAUTH / _APP_KEY / _APP_SECRET name a real
 * platform; in demo mode (CHANNEL_EMULATOR=1, the default unless NODE_ENV=production) channels
 * without such variables use the marketplace emulator started inside the server.
 */
import type { ChannelEndpoint, MarketplaceChannel } from '@dropship/channels';

export const API_CHANNELS: readonly MarketplaceChannel[] = ['TAOBAO', 'JD', 'PDD', 'TIKTOK', 'WEIDIAN', 'KUAISHOU', 'REDBOOK', 'KM', 'WDT'];

export interface ShopsConfig {
  emulator: boolean;
  /** Channels configured by environment variables (these win over the emulator). */
  endpoints: Partial<Record<MarketplaceChannel, ChannelEndpoint>>;
  /** How often every active shop is synced. */
  syncIntervalMs: number;
  /** Each sync starts this far before the cursor, so late-arriving modifications are not missed. */
  overlapMs: number;
  /** A shop's first sync reaches back this far. */
  firstSyncMs: number;
  /** Tokens with less than this left are refreshed by the daily job. */
  refreshBeforeMs: number;
  /** The address the platform redirects back to (…/api/b2/shops/oauth/callback/<channel>); default: the request's own host. */
  publicUrl: string | undefined;
  /**
   * How a platform call that answered "try again later" is retried inside one client call: tries and
   * the first wait, doubling (CHANNEL_RETRY_BASE_MS, default 500 ms; the job queue retries the job itself later).
   */
  retry: { attempts: number; baseDelayMs: number };
}

const MINUTE = 60_000;
const DAY = 86_400_000;

function positive(v: string | undefined, fallback: number) {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}

function endpointFromEnv(env: NodeJS.ProcessEnv, channel: MarketplaceChannel): ChannelEndpoint | undefined {
  const gatewayUrl = env[`CHANNEL_${channel}_GATEWAY`];
  if (!gatewayUrl) return undefined;
  const oauthUrl = env[`CHANNEL_${channel}_OAUTH`];
  return {
    gatewayUrl,
    ...(oauthUrl ? { oauthUrl } : {}),
    appKey: env[`CHANNEL_${channel}_APP_KEY`] ?? '',
    appSecret: env[`CHANNEL_${channel}_APP_SECRET`] ?? '',
  };
}

export function loadShopsConfig(env: NodeJS.ProcessEnv = process.env): ShopsConfig {
  const production = env.NODE_ENV === 'production';
  const endpoints: ShopsConfig['endpoints'] = {};
  for (const c of API_CHANNELS) {
    const e = endpointFromEnv(env, c);
    if (e) endpoints[c] = e;
  }
  return {
    emulator: env.CHANNEL_EMULATOR !== undefined && env.CHANNEL_EMULATOR !== '' ? env.CHANNEL_EMULATOR === '1' : !production,
    endpoints,
    syncIntervalMs: positive(env.SHOP_SYNC_INTERVAL_MINUTES, 15) * MINUTE,
    overlapMs: positive(env.SHOP_SYNC_OVERLAP_MINUTES, 5) * MINUTE,
    firstSyncMs: positive(env.SHOP_FIRST_SYNC_DAYS, 3) * DAY,
    refreshBeforeMs: 3 * DAY,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    retry: { attempts: 4, baseDelayMs: positive(env.CHANNEL_RETRY_BASE_MS, 500) },
  };
}
