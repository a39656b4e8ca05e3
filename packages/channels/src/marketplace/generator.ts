/**
 * Realistic generated shop orders, deterministic by seed: Chinese receivers in real
 * province/city/district triples, clothing from wholesale-market stalls with colour/size SKUs,
 * outer codes mostly in the 档口#货号 style, remarks, and a few refunds. One catalogue of a few
 * hundred SKUs per (seed, channel, shop) is reused across orders so goods linking sees repeats.
 *
 * The orders are platform-neutral truth (plain receiver, our statuses); each channel's emulator
 * turns them into its wire format and says what its client will read back (handler.view).
 */
import { toSecond } from './china-time.ts';
import {
  AREAS,
  BUYER_REMARKS,
  COLORS,
  COMMUNITIES,
  FITS,
  GIVEN,
  GOODS,
  NICK_WORDS,
  REFUND_REASONS,
  SEASONS,
  SELLER_REMARKS,
  SIZES,
  STALL_PREFIXES,
  STREETS,
  STYLES,
  SURNAMES,
} from './generator-data.ts';
import { createRng, hashSeed, type Rng } from './random.ts';
import type { MarketplaceChannel, NormalizedOrder, NormalizedOrderItem, NormalizedRefund, ShopOrderStatus } from './types.ts';

export interface GenerateOrdersInput {
  seed: number;
  count: number;
  shopName: string;
  /** Orders are created and last modified inside [from, to). */
  from: Date;
  to: Date;
  channel: MarketplaceChannel;
  /** The emulator's picture address (`${url}/pic`): each line's picUrl is `${picBase}/<item>.png`. */
  picBase?: string;
}

export interface GeneratedOrders {
  orders: NormalizedOrder[];
  refunds: NormalizedRefund[];
}

export interface CatalogSku {
  itemId: string;
  skuId: string;
  title: string;
  spec: string;
  color: string;
  size: string;
  outerItemCode?: string;
  outerSkuCode?: string;
  priceFen: number;
}

/** Id shapes per platform: [order id, sub-order id, goods id, sku id] digit counts (or a formatter). */
const ID_SHAPES: Record<
  MarketplaceChannel,
  { order: (r: Rng, d: Date) => string; line: (r: Rng) => string; item: (r: Rng) => string; sku: (r: Rng) => string }
> = {
  TAOBAO: {
    order: (r) => `3${r.digits(18, false)}`,
    line: (r) => `3${r.digits(18, false)}`,
    item: (r) => `7${r.digits(11, false)}`,
    sku: (r) => `5${r.digits(12, false)}`,
  },
  JD: { order: (r) => `30${r.digits(10, false)}`, line: (r) => r.digits(12), item: (r) => `10${r.digits(9, false)}`, sku: (r) => `100${r.digits(9, false)}` },
  PDD: {
    order: (r, d) => `${yymmdd(d)}-${r.digits(15)}`,
    line: (r) => r.digits(11),
    item: (r) => `6${r.digits(11, false)}`,
    sku: (r) => `1${r.digits(11, false)}`,
  },
  TIKTOK: {
    order: (r) => `69${r.digits(17, false)}`,
    line: (r) => `69${r.digits(17, false)}`,
    item: (r) => `37${r.digits(17, false)}`,
    sku: (r) => `17${r.digits(11, false)}`,
  },
  WEIDIAN: { order: (r) => `8${r.digits(11, false)}`, line: (r) => r.digits(10), item: (r) => `7${r.digits(9, false)}`, sku: (r) => `1${r.digits(11, false)}` },
  KUAISHOU: {
    order: (r) => `24${r.digits(14, false)}`,
    line: (r) => `24${r.digits(14, false)}`,
    item: (r) => `2${r.digits(11, false)}`,
    sku: (r) => `3${r.digits(11, false)}`,
  },
  REDBOOK: {
    order: (r) => `P7${r.digits(16, false)}`,
    line: (r) => r.digits(16),
    item: (r) => `65${r.digits(22, false)}`,
    sku: (r) => `65${r.digits(22, false)}`,
  },
  KM: {
    order: (r) => `3${r.digits(18, false)}`,
    line: (r) => `3${r.digits(18, false)}`,
    item: (r) => `7${r.digits(11, false)}`,
    sku: (r) => `5${r.digits(12, false)}`,
  },
  WDT: {
    order: (r) => `3${r.digits(18, false)}`,
    line: (r) => `3${r.digits(18, false)}`,
    item: (r) => `7${r.digits(11, false)}`,
    sku: (r) => `5${r.digits(12, false)}`,
  },
};

function yymmdd(d: Date): string {
  const c = new Date(d.getTime() + 8 * 3600_000);
  return `${String(c.getUTCFullYear()).slice(2)}${String(c.getUTCMonth() + 1).padStart(2, '0')}${String(c.getUTCDate()).padStart(2, '0')}`;
}

/** The shop's goods: ~50 styles × colours × sizes ≈ 400–600 SKUs, the same for the same seed and shop. */
export function generateCatalog(seed: number, channel: MarketplaceChannel, shopName: string): CatalogSku[] {
  const r = createRng(hashSeed('catalog', seed, channel, shopName));
  const ids = ID_SHAPES[channel];
  const skus: CatalogSku[] = [];
  for (let g = 0; g < 50; g++) {
    const [goods, who, sizeSet] = r.pick(GOODS);
    const title = `${r.pick(SEASONS)}新款${r.pick(STYLES)}${r.pick(FITS)}${goods}${who}`;
    const itemId = ids.item(r);
    const stall = `${r.pick(STALL_PREFIXES)}${r.int(1, 88)}`;
    const article = String(r.int(1000, 9999));
    // Most sellers key 商家编码 as 档口#货号; some use their own plain codes, a few leave it empty.
    const style = r.next();
    const outerItemCode = style < 0.78 ? `${stall}#${article}` : style < 0.95 ? `YF${article}` : undefined;
    const basePrice = r.int(30, 199) * 100 - (r.chance(0.6) ? 10 : 0);
    const colors = [...new Set(Array.from({ length: r.int(2, 4) }, () => r.pick(COLORS)))];
    const sizes = SIZES[sizeSet].slice(0, sizeSet === 'free' ? 1 : r.int(3, SIZES[sizeSet].length));
    const colorLabel = r.chance(0.7) ? '颜色分类' : '颜色';
    sizes.forEach((size, si) => {
      for (const color of colors) {
        const plainSku = outerItemCode?.startsWith('YF') ? `${outerItemCode}-${String(colors.indexOf(color) + 1).padStart(2, '0')}${size}` : outerItemCode;
        skus.push({
          itemId,
          skuId: ids.sku(r),
          title,
          spec: sizeSet === 'free' ? `${colorLabel}:${color}` : `${colorLabel}:${color};尺码:${size}`,
          color,
          size,
          outerItemCode,
          outerSkuCode: plainSku,
          // Bigger sizes sometimes cost a little more, as stalls price them.
          priceFen: basePrice + (si >= 3 ? 500 : 0),
        });
      }
    });
  }
  return skus;
}

const STATUS_WEIGHTS: [ShopOrderStatus, number][] = [
  ['WAIT_SELLER_SEND', 0.62],
  ['WAIT_BUYER_CONFIRM', 0.14],
  ['FINISHED', 0.1],
  ['WAIT_BUYER_PAY', 0.05],
  ['CLOSED', 0.05],
  ['SELLER_CONSIGNED_PART', 0.04],
];

function pickStatus(r: Rng, lines: number): ShopOrderStatus {
  let x = r.next();
  for (const [s, w] of STATUS_WEIGHTS) {
    if (x < w) return s === 'SELLER_CONSIGNED_PART' && lines < 2 ? 'WAIT_SELLER_SEND' : s;
    x -= w;
  }
  return 'WAIT_SELLER_SEND';
}

function receiver(r: Rng) {
  const [province, city, district] = r.pick(AREAS);
  const name = `${r.pick(SURNAMES)}${r.pick(GIVEN)}${r.chance(0.6) ? r.pick(GIVEN) : ''}`;
  const phone = `1${r.pick(['3', '5', '7', '8', '9'])}${r.digits(9, false)}`;
  const address = r.chance(0.7)
    ? `${r.pick(STREETS)}${r.int(1, 399)}号${r.pick(COMMUNITIES)}${r.int(1, 30)}幢${r.int(1, 4)}单元${r.int(1, 28)}0${r.int(1, 4)}室`
    : `${r.pick(STREETS)}${r.int(1, 999)}号${r.pick(['', '菜鸟驿站', '丰巢快递柜'])}`;
  return { name, phone, province, city, district, address, encrypted: false };
}

/** Splits `discount` over lines in proportion to their amounts; the last line takes the rounding rest. */
function share(amounts: number[], discount: number): number[] {
  const total = amounts.reduce((a, b) => a + b, 0);
  let left = discount;
  return amounts.map((a, i) => {
    const cut = i === amounts.length - 1 ? left : Math.floor((discount * a) / total);
    left -= cut;
    return a - cut;
  });
}

export function generateOrders(input: GenerateOrdersInput): GeneratedOrders {
  const catalog = generateCatalog(input.seed, input.channel, input.shopName);
  const r = createRng(hashSeed('orders', input.seed, input.channel, input.shopName, input.from.getTime()));
  const ids = ID_SHAPES[input.channel];
  const from = input.from.getTime();
  const span = Math.max(1000, input.to.getTime() - from);
  const orders: NormalizedOrder[] = [];
  const refunds: NormalizedRefund[] = [];
  for (let n = 0; n < input.count; n++) {
    const createdAt = toSecond(new Date(from + Math.floor(r.next() * span * 0.9)));
    // Everything about the order happens before `to`, so it is found in the window it was generated for.
    const roomMs = Math.max(0, from + span - 1000 - createdAt.getTime());
    // A PDD order is one goods (one SKU, any quantity); the other platforms have carts.
    const lineCount = input.channel === 'PDD' || r.chance(0.72) ? 1 : r.int(2, 4);
    const status = pickStatus(r, lineCount);
    const picked = new Set<CatalogSku>();
    while (picked.size < lineCount) picked.add(r.pick(catalog));
    const lines = [...picked].map((sku) => ({ sku, quantity: r.chance(0.85) ? 1 : r.int(2, 3) }));
    const gross = lines.map((l) => l.sku.priceFen * l.quantity);
    const goodsFen = gross.reduce((a, b) => a + b, 0);
    const discountFen = r.chance(0.3) ? Math.min(goodsFen - lines.length, r.pick([300, 500, 1000, 1500])) : 0;
    const paid = share(gross, discountFen);
    const postFeeFen = r.chance(0.8) ? 0 : r.pick([500, 600, 800, 1000]);
    const paidAt =
      status === 'WAIT_BUYER_PAY' || (status === 'CLOSED' && r.chance(0.5))
        ? undefined
        : toSecond(new Date(createdAt.getTime() + Math.min(roomMs, r.int(3, 1800) * 1000)));
    const modifiedAt = toSecond(new Date(Math.max(paidAt?.getTime() ?? 0, createdAt.getTime() + Math.floor(r.next() * Math.min(roomMs, 6 * 3600_000)))));
    const items: NormalizedOrderItem[] = lines.map((l, i) => ({
      platformItemId: ids.line(r),
      itemId: l.sku.itemId,
      skuId: l.sku.skuId,
      title: l.sku.title,
      spec: l.sku.spec,
      outerItemCode: l.sku.outerItemCode,
      outerSkuCode: l.sku.outerSkuCode,
      ...(input.picBase ? { picUrl: `${input.picBase}/${l.sku.itemId}.png` } : {}),
      quantity: l.quantity,
      priceFen: l.sku.priceFen,
      paymentFen: paid[i] ?? 0,
      refundState: 'NONE',
    }));
    const order: NormalizedOrder = {
      platformOrderId: ids.order(r, createdAt),
      status,
      platformStatus: status,
      buyerNick: r.chance(0.5) ? `tb${r.digits(9)}` : `${r.pick(NICK_WORDS)}${r.pick(NICK_WORDS)}${r.int(1990, 2012)}`,
      receiver: receiver(r),
      buyerRemark: r.chance(0.18) ? r.pick(BUYER_REMARKS) : undefined,
      sellerRemark: r.chance(0.15) ? r.pick(SELLER_REMARKS) : undefined,
      sellerFlag: r.chance(0.12) ? r.int(1, 5) : undefined,
      totalFen: goodsFen,
      postFeeFen,
      paymentFen: goodsFen - discountFen + postFeeFen,
      createdAt,
      paidAt,
      modifiedAt,
      items,
    };
    // A few paid orders carry an after-sale on one line; a history of many orders always holds at
    // least one (the last orders take it when chance gave none), so a sync always meets refunds.
    const owed = refunds.length === 0 && input.count >= 20 && n >= input.count - 8;
    if (paidAt && status !== 'CLOSED' && (r.chance(0.08) || owed)) {
      const line = r.pick(items);
      const [platformStatus, state] = r.pick([
        ['WAIT_SELLER_AGREE', 'REFUNDING'],
        ['WAIT_BUYER_RETURN_GOODS', 'REFUNDING'],
        ['SUCCESS', 'REFUNDED'],
        ['CLOSED', 'CLOSED'],
      ] as const);
      line.refundState = state;
      const refundCreated = toSecond(new Date(Math.min(modifiedAt.getTime(), paidAt.getTime() + r.int(60, 3600) * 1000)));
      refunds.push({
        platformRefundId: r.digits(15),
        platformOrderId: order.platformOrderId,
        platformItemId: line.platformItemId,
        platformStatus,
        state,
        refundFen: line.paymentFen,
        reason: r.pick(REFUND_REASONS),
        hasGoodReturn: status !== 'WAIT_SELLER_SEND' && r.chance(0.6),
        createdAt: refundCreated,
        modifiedAt,
      });
    }
    orders.push(order);
  }
  return { orders, refunds };
}

/** The order's refund state as the worst of its lines (REFUNDING beats REFUNDED beats CLOSED beats NONE). */
export function orderRefundState(order: NormalizedOrder) {
  const states = order.items.map((i) => i.refundState);
  for (const s of ['REFUNDING', 'REFUNDED', 'CLOSED'] as const) if (states.includes(s)) return s;
  return 'NONE' as const;
}
