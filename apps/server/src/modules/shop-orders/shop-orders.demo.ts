/**
 * Demo mode (CHANNEL_EMULATOR=1): orders imported from an emulator-served shop's export file (the demo
 * seed's Taobao orders among them) are that shop's orders on the marketplace emulator too, as a real
 * shop's exported orders are on its platform. The emulator keeps nothing across a restart, so every
 * start hands them to it again; shipping one then pushes its tracking back (ship-back) instead of
 * failing with 交易不存在.
 */
import type { MarketplaceChannel, NormalizedOrder, NormalizedOrderItem } from '@dropship/channels';
import type { ShopsDeps } from '../shops/index.js';
import * as repo from './shop-orders-demo.repository.js';

/** Hands the imported orders of every authorized emulator-served shop to the emulator; answers how many. */
export async function adoptImportedOrders(deps: ShopsDeps, log: { warn(o: object, m: string): void }): Promise<number> {
  const { channels } = deps;
  if (!channels.config.emulator) return 0;
  const rows = await repo.importedOrdersOfAuthorizedShops(deps.db);
  if (rows.length === 0) return 0;
  const emulator = await channels.emulator();
  const items = await repo.linesOf(
    deps.db,
    rows.map((r) => r.id),
  );
  const byShop = new Map<number, typeof rows>();
  for (const r of rows) byShop.set(r.shopId, [...(byShop.get(r.shopId) ?? []), r]);
  let n = 0;
  for (const [shopId, orders] of byShop) {
    const first = orders[0] as (typeof rows)[number];
    const channel = first.channel as MarketplaceChannel;
    if (!channels.usesEmulator(channel) || !channels.configured(channel)) continue;
    try {
      // The same shop (and history) the shops module reattached: its name and creation decide both.
      const { platformShopId } = emulator.authorizeShop(channel, first.shopName, undefined, { historyEnd: first.shopCreatedAt });
      emulator.adoptOrders(
        channel,
        platformShopId,
        orders.map((o) => toNormalized(o, items.get(o.id) ?? [])),
      );
      n += orders.length;
    } catch (err) {
      log.warn({ err, shopId }, '演示模式：导入的店铺订单交给模拟平台失败');
    }
  }
  return n;
}

function toNormalized(o: repo.ImportedOrder, lines: repo.ImportedLine[]): NormalizedOrder {
  const items: NormalizedOrderItem[] = lines.map((l) => ({
    platformItemId: l.platformItemId,
    itemId: l.itemId,
    ...(l.skuId ? { skuId: l.skuId } : {}),
    title: l.title,
    ...(l.spec ? { spec: l.spec } : {}),
    ...(l.outerItemCode ? { outerItemCode: l.outerItemCode } : {}),
    ...(l.outerSkuCode ? { outerSkuCode: l.outerSkuCode } : {}),
    quantity: l.quantity,
    priceFen: l.priceFen,
    paymentFen: l.paymentFen,
    refundState: l.refundState as NormalizedOrderItem['refundState'],
  }));
  return {
    platformOrderId: o.platformOrderId,
    status: o.status,
    platformStatus: o.platformStatus,
    buyerNick: o.buyerNick,
    receiver: {
      name: o.receiverName,
      phone: o.receiverPhone,
      province: o.receiverProvince,
      city: o.receiverCity,
      district: o.receiverDistrict,
      address: o.receiverAddress,
      encrypted: false,
    },
    totalFen: o.totalFen,
    postFeeFen: o.postFeeFen,
    paymentFen: o.paymentFen,
    createdAt: o.platformCreatedAt,
    ...(o.paidAt ? { paidAt: o.paidAt } : {}),
    modifiedAt: o.platformModifiedAt,
    items,
  };
}
