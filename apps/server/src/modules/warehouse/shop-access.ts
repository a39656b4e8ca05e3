/**
 * The warehouse reaching a seller's shop on its platform to ship (decision 0025): the shop, its
 * marketplace client and a usable token, or a Chinese reason that says what to do. The goods stay
 * in whenever this fails (the caller answers READY).
 */
import type { MarketplaceClient } from '@dropship/channels';
import { ErrorCode } from '@dropship/contract';
import { AppError } from '../../lib/app-error.js';
import { clientOfShop, findShop, type ShopRecord, type ShopsDeps, usableToken } from '../shops/index.js';

export const shipFailed = (why: string) => new AppError(ErrorCode.WAREHOUSE_WAYBILL_FAILED, `${why}。商品已入库，处理后请在打印发货页重试发货`);

export const REAUTH = '店铺授权已过期：请卖家到“店铺授权”重新授权该店铺';

export interface ShopAccess {
  shop: ShopRecord;
  client: MarketplaceClient;
  /** null: the authorization is gone (the shop now reads EXPIRED). */
  token: string | null;
}

export async function shopAccess(deps: ShopsDeps, sellerOrgId: number, shopId: number): Promise<ShopAccess> {
  const shop = await findShop(deps.db, sellerOrgId, shopId);
  if (!shop || shop.removedAt) throw shipFailed('该订单的店铺已删除，无法使用平台接口：请在仓库设置把该店铺的面单来源改为快递100，或联系卖家');
  const client = await clientOfShop(deps, shop);
  if (!client) throw shipFailed('该平台的接口尚未配置：请联系平台管理员，或在仓库设置改用快递100');
  return { shop, client, token: await usableToken(deps, shop, client) };
}
