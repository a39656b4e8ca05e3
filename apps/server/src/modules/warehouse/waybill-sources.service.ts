/**
 * The warehouse's waybill source per seller shop (仓库设置 → 面单来源, decision 0025). Without a
 * saved choice a platform order ships on its platform's e-waybill where the channel has one: it
 * needs no decryption (no quota, nothing plain in our hands) and is what the platforms ask third
 * parties to use; a shop whose platform account has no e-waybill subscription is switched to
 * 快递100 here.
 */
import { waybillChannels } from '@dropship/channels';
import type { WaybillSourceBody, WaybillSourceKind, WaybillSourceList } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import * as repo from './waybill-sources.repository.js';

export const hasPlatformWaybill = (channel: string | null | undefined): boolean => !!channel && (waybillChannels() as string[]).includes(channel);

const effective = (channel: string, saved: string | null | undefined): WaybillSourceKind =>
  hasPlatformWaybill(channel) && saved !== 'KUAIDI100' ? 'PLATFORM' : 'KUAIDI100';

export async function listWaybillSources(db: Db, purchaserOrgId: number): Promise<WaybillSourceList> {
  const shops = await repo.servedShops(db, purchaserOrgId);
  return {
    list: shops.map((s) => ({
      shopId: s.shopId,
      shopName: s.shopName,
      sellerName: s.sellerName,
      channel: s.channel,
      platformAvailable: hasPlatformWaybill(s.channel),
      source: effective(s.channel, s.source),
      saved: s.source !== null,
    })),
  };
}

/** Saves one shop's source; a shop this warehouse does not serve is not found. PLATFORM on a channel without one is kept but ships by 快递100. */
export async function saveWaybillSource(db: Db, purchaserOrgId: number, b: WaybillSourceBody): Promise<WaybillSourceList> {
  const [shop] = await repo.servedShops(db, purchaserOrgId, b.shopId);
  if (!shop) throw notFound('店铺');
  await repo.saveSource(db, { purchaserOrgId, shopId: shop.shopId, sellerOrgId: shop.sellerOrgId, source: b.source });
  return listWaybillSources(db, purchaserOrgId);
}

/** The source an order of this shop ships with now. */
export async function waybillSourceOf(db: Db, purchaserOrgId: number, shopId: number, channel: string): Promise<WaybillSourceKind> {
  return effective(channel, await repo.savedSource(db, purchaserOrgId, shopId));
}
