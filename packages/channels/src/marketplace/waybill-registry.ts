/**
 * waybillClientFor: the platform e-waybill client of a shop's channel. The endpoint is the shop's
 * (same gateway and app credentials as its MarketplaceClient), so the emulator answers too.
 */
import { createJdWaybillClient } from '../jd/waybill.ts';
import { createKuaishouWaybillClient } from '../kuaishou/waybill.ts';
import { createPddWaybillClient } from '../pdd/waybill.ts';
import { createRedBookWaybillClient } from '../redbook/waybill.ts';
import { createCainiaoWaybillClient } from '../taobao/waybill.ts';
import { createDouyinWaybillClient } from '../tiktok/waybill.ts';
import type { MarketplaceClientOptions } from './client-options.ts';
import type { ChannelEndpoint, MarketplaceChannel } from './types.ts';
import type { PlatformWaybillClient } from './waybill-types.ts';

type WaybillClientFactory = (endpoint: ChannelEndpoint, opts?: MarketplaceClientOptions) => PlatformWaybillClient;

/** Channel → its platform's waybill client. To add one: one line. */
const WAYBILL_FACTORIES: Partial<Record<MarketplaceChannel, WaybillClientFactory>> = {
  TAOBAO: createCainiaoWaybillClient,
  PDD: createPddWaybillClient,
  TIKTOK: createDouyinWaybillClient,
  KUAISHOU: createKuaishouWaybillClient,
  REDBOOK: createRedBookWaybillClient,
  JD: createJdWaybillClient,
};

export function waybillClientFor(channel: MarketplaceChannel, endpoint: ChannelEndpoint, opts?: MarketplaceClientOptions): PlatformWaybillClient {
  const factory = WAYBILL_FACTORIES[channel];
  if (!factory) throw new Error(`渠道 ${channel} 没有平台电子面单，请在仓库设置改用快递100`);
  return factory(endpoint, opts);
}

/** Channels whose platform issues privacy e-waybills. */
export const waybillChannels = (): MarketplaceChannel[] => Object.keys(WAYBILL_FACTORIES) as MarketplaceChannel[];
