/**
 * Builds the protocol client of a shop's channel from configuration: the channel's environment
 * variables, else (demo mode) the in-process marketplace emulator, which is started on first use
 * on a loopback port and closed with the app. A shop's own endpoint fields (ERP keys, a gateway
 * override) take precedence.
 */
import {
  type AppCredentials,
  type ChannelEndpoint,
  createMarketplaceClient,
  type MarketplaceChannel,
  type MarketplaceClient,
  type MarketplaceEmulator,
  startMarketplaceEmulator,
  supportedChannels,
} from '@dropship/channels';
import type { Channel } from '@dropship/contract';
import { API_CHANNELS, type ShopsConfig } from './channel-config.js';
import { DEMO_PICTURE_BASE } from './demo-pictures.js';

export type { MarketplaceEmulator };

/** What a shop row may override of its channel's endpoint (ERP shops carry their own keys). */
export interface ShopEndpointOverride {
  gatewayUrl?: string | null;
  oauthUrl?: string | null;
  appKey?: string | null;
  appSecret?: string | null;
}

export const isApiChannel = (c: Channel | string): c is MarketplaceChannel => (API_CHANNELS as readonly string[]).includes(c);

export class ChannelRegistry {
  private emulatorStarting: Promise<MarketplaceEmulator> | null = null;

  /**
   * @param emulatorCredentials the emulator's app keys, kept in the database so that ERP keys a
   * seller typed and the demo shops keep working after a restart.
   */
  constructor(
    readonly config: ShopsConfig,
    private readonly emulatorCredentials: () => Promise<Partial<Record<MarketplaceChannel, AppCredentials>>> = async () => ({}),
    /** Where each known shop's seeded history ends on the emulator (shops.demo.ts), read at every emulator start. */
    private readonly emulatorHistory: () => Promise<(channel: MarketplaceChannel, shopName: string) => Date | undefined> = async () => () => undefined,
  ) {}

  /** True when the channel has a client and can be reached: configured by environment or served by the emulator. */
  configured(channel: Channel): boolean {
    return isApiChannel(channel) && supportedChannels().includes(channel) && (this.config.endpoints[channel] !== undefined || this.config.emulator);
  }

  /** The in-process emulator (demo mode only). Tests use it to add orders and provoke failures. */
  emulator(): Promise<MarketplaceEmulator> {
    if (!this.config.emulator) return Promise.reject(new Error('CHANNEL_EMULATOR is off'));
    this.emulatorStarting ??= Promise.all([this.emulatorCredentials(), this.emulatorHistory()]).then(([credentials, historyEndOf]) =>
      startMarketplaceEmulator({ credentials, historyEndOf, picBase: DEMO_PICTURE_BASE }),
    );
    return this.emulatorStarting;
  }

  /** Whether a channel is served by the emulator (no environment variables for it). */
  usesEmulator(channel: MarketplaceChannel): boolean {
    return this.config.endpoints[channel] === undefined && this.config.emulator;
  }

  async endpointFor(channel: MarketplaceChannel, shop: ShopEndpointOverride = {}): Promise<ChannelEndpoint | null> {
    const base = this.config.endpoints[channel] ?? (this.config.emulator ? (await this.emulator()).endpointFor(channel) : undefined);
    if (!base) return null;
    const oauthUrl = shop.oauthUrl ?? base.oauthUrl;
    return {
      gatewayUrl: shop.gatewayUrl ?? base.gatewayUrl,
      ...(oauthUrl ? { oauthUrl } : {}),
      appKey: shop.appKey ?? base.appKey,
      appSecret: shop.appSecret ?? base.appSecret,
    };
  }

  /** The channel's client, or null when the channel is not configured. */
  async clientFor(channel: MarketplaceChannel, shop: ShopEndpointOverride = {}): Promise<MarketplaceClient | null> {
    if (!this.configured(channel)) return null;
    const endpoint = await this.endpointFor(channel, shop);
    return endpoint ? createMarketplaceClient(channel, endpoint, { retry: this.config.retry }) : null;
  }

  async close() {
    const starting = this.emulatorStarting;
    this.emulatorStarting = null;
    if (starting) await (await starting).close();
  }
}
