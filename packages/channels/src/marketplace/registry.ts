/**
 * createMarketplaceClient: the one way the server gets a client for a shop. The channel picks the
 * protocol; the endpoint (gateway, OAuth base, app credentials) is configuration, so the same code
 * talks to the real platform or to the local emulator.
 */
import { createJdClient, JD_GATEWAY, JD_OAUTH } from '../jd/client.ts';
import { createKmClient } from '../km/client.ts';
import { createKuaishouClient } from '../kuaishou/client.ts';
import { createPddClient, PDD_GATEWAY, PDD_OAUTH } from '../pdd/client.ts';
import { createRedBookClient } from '../redbook/client.ts';
import { createTaobaoClient, TAOBAO_GATEWAY, TAOBAO_OAUTH } from '../taobao/client.ts';
import { createDoudianClient, DOUDIAN_GATEWAY, DOUDIAN_OAUTH } from '../tiktok/client.ts';
import { createWdtClient } from '../wdt/client.ts';
import { createWeidianClient, WEIDIAN_GATEWAY, WEIDIAN_OAUTH } from '../weidian/client.ts';
import type { MarketplaceClientFactory, MarketplaceClientOptions } from './client-options.ts';
import type { ChannelEndpoint, MarketplaceChannel, MarketplaceClient } from './types.ts';

/** Channel → client factory. To add a channel: import its factory and add one line. */
const FACTORIES: Partial<Record<MarketplaceChannel, MarketplaceClientFactory>> = {
  // ---- channels A: TAOBAO, JD, PDD, TIKTOK, WEIDIAN ----
  TAOBAO: createTaobaoClient,
  PDD: createPddClient,
  JD: createJdClient,
  TIKTOK: createDoudianClient,
  WEIDIAN: createWeidianClient,
  // ---- channels B: KUAISHOU, REDBOOK, KM, WDT (add below) ----
  KUAISHOU: createKuaishouClient,
  REDBOOK: createRedBookClient,
  KM: createKmClient,
  WDT: createWdtClient,
};

export function createMarketplaceClient(channel: MarketplaceChannel, endpoint: ChannelEndpoint, opts?: MarketplaceClientOptions): MarketplaceClient {
  const factory = FACTORIES[channel];
  if (!factory) throw new Error(`渠道 ${channel} 还没有接口客户端`);
  return factory(endpoint, opts);
}

/** Channels that have a client (the server offers authorization only for these). */
export const supportedChannels = (): MarketplaceChannel[] => Object.keys(FACTORIES) as MarketplaceChannel[];

/** The real platforms' addresses, for a shop switched from the emulator to production. To add a channel: one line. */
export const PLATFORM_URLS: Partial<Record<MarketplaceChannel, { gatewayUrl: string; oauthUrl?: string }>> = {
  // ---- channels A ----
  TAOBAO: { gatewayUrl: TAOBAO_GATEWAY, oauthUrl: TAOBAO_OAUTH },
  JD: { gatewayUrl: JD_GATEWAY, oauthUrl: JD_OAUTH },
  PDD: { gatewayUrl: PDD_GATEWAY, oauthUrl: PDD_OAUTH },
  TIKTOK: { gatewayUrl: DOUDIAN_GATEWAY, oauthUrl: DOUDIAN_OAUTH },
  WEIDIAN: { gatewayUrl: WEIDIAN_GATEWAY, oauthUrl: WEIDIAN_OAUTH },
  // ---- channels B (add below) ----
};

/** The production endpoint of a channel with the app's own credentials (from the server's configuration). */
export function platformEndpoint(channel: MarketplaceChannel, app: { appKey: string; appSecret: string; extra?: Record<string, string> }): ChannelEndpoint {
  const urls = PLATFORM_URLS[channel];
  if (!urls) throw new Error(`渠道 ${channel} 没有登记正式环境地址`);
  return { ...urls, ...app };
}
