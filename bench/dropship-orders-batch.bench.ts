/**
 * Placing and paying 1,000 dropship orders in one batch, as 代发下单 and 批量支付 do: 1,000 linked
 * shop orders through createDropshipOrders (one transaction: lock the shop orders, resolve the
 * links, price, insert orders, lines, timeline, counters), then payWithBalance (one transaction:
 * 1,000 moveMoney movements, take items with pick-up codes, shop orders PLACED). Beside it, in the
 * same run, a bare baseline of the rows any implementation must write: the orders and lines in two
 * bulk statements, and per order one account update and one ledger insert.
 *
 *   npx tsx bench/dropship-orders-batch.bench.ts                              # PGlite in memory
 *   DATABASE_URL=postgres://… npx tsx bench/dropship-orders-batch.bench.ts    # a THROWAWAY PostgreSQL database
 */
import type { NormalizedOrder } from '@dropship/channels';
import { sql } from 'drizzle-orm';
import { type Db, openDatabase } from '../apps/server/src/db/client.ts';
import { wireModuleHooks } from '../apps/server/src/hooks.ts';
import { createOrganisation, createUser } from '../apps/server/src/modules/auth/accounts.ts';
import { payWithBalance } from '../apps/server/src/modules/dropship-orders/pay/pay.service.ts';
import { createDropshipOrders } from '../apps/server/src/modules/dropship-orders/place/create.service.ts';
import { moveMoney } from '../apps/server/src/modules/funds/ledger/ledger.service.ts';
import { suppliers } from '../apps/server/src/modules/goods/goods.table.ts';
import { writeLinks } from '../apps/server/src/modules/goods/link-writer.ts';
import { findSkuIdsByRefs } from '../apps/server/src/modules/goods/shop-skus.repository.ts';
import { upsertShopOrders } from '../apps/server/src/modules/shop-orders/shop-orders.service.ts';
import { shops } from '../apps/server/src/modules/shops/shops.table.ts';
import { assignServingPurchaser } from '../apps/server/src/modules/take-assignment/take-items.service.ts';
import type { Caller } from '../apps/server/src/plugins/auth.ts';
import { useBenchReceiverKeys } from './support.ts';

useBenchReceiverKeys();

const BATCH = Number(process.env.BENCH_BATCH ?? 1_000);
const RUNS = 3;
// What buildApp does first: modules' hooks meet their handlers (the order mirror, auto-assignment's).
wireModuleHooks();
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined });
const db: Db = database.db;
const tag = Date.now().toString(36);
const receiver = { name: '林晓', phone: '13800138001', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路90号' };

const orgId = await createOrganisation(db, { type: 'seller', name: `bench-batch-${tag}` });
const userId = await createUser(db, { orgId, username: `bench_batch_${tag}`, password: 'Bench@2026', isMain: true });
const purchaserOrg = await createOrganisation(db, { type: 'purchaser', name: `bench-batch-purchaser-${tag}` });
await assignServingPurchaser(db, orgId, purchaserOrg);
const caller: Caller = { orgId, userId, orgType: 'seller', isMain: true, sessionId: 0 };
const [shop] = await db
  .insert(shops)
  .values({ orgId, channel: 'TAOBAO', name: `基准店铺${tag}`, platformShopId: `bench_${tag}` })
  .returning();
const [supplier] = await db.insert(suppliers).values({ orgId, name: '基准档口', market: '广州十三行', stallNo: 'B1', marketArea: '十三行' }).returning();
if (!shop || !supplier) throw new Error('setup failed');
await moveMoney(db, { orgId, transactionType: 'RECHARGE', purpose: 'OTHER', availableDeltaFen: 900_000_000, requestKey: `bench-fund-${tag}` });

/** 1,000 paid, unshipped shop orders with one linked line each, written the way a sync writes them. */
async function linkedShopOrders(run: number): Promise<number[]> {
  const now = new Date();
  const orders: NormalizedOrder[] = Array.from({ length: BATCH }, (_, i) => ({
    platformOrderId: `BB${tag}${run}-${i}`,
    status: 'WAIT_SELLER_SEND',
    platformStatus: 'WAIT_SELLER_SEND_GOODS',
    buyerNick: 'bench',
    receiver: { ...receiver, encrypted: false },
    totalFen: 9900,
    postFeeFen: 0,
    paymentFen: 9900,
    createdAt: now,
    paidAt: now,
    modifiedAt: now,
    items: [
      {
        platformItemId: `BB${run}-${i}-1`,
        itemId: `9${run}${i}`,
        skuId: `8${run}${i}`,
        title: '基准毛衣',
        spec: '黑色;M',
        quantity: 1,
        priceFen: 9900,
        paymentFen: 9900,
        refundState: 'NONE',
      },
    ],
  }));
  for (let i = 0; i < orders.length; i += 250)
    await upsertShopOrders(db, { orgId, shopId: shop.id, channel: 'TAOBAO', source: 'IMPORT' }, orders.slice(i, i + 250));
  const skuIds = await findSkuIdsByRefs(
    db,
    orgId,
    orders.map((o) => ({ channel: 'TAOBAO', itemId: o.items[0]?.itemId ?? '', skuId: o.items[0]?.skuId })),
  );
  await writeLinks(
    db,
    orgId,
    skuIds.map((s, i) => ({ shopSkuId: s as number, supplierId: supplier.id, artNo: `K${i}`, color: '黑色', size: 'M', costFen: 4500 })),
    { source: 'SEED', userId: null, overwrite: true },
    () => supplier.name,
  );
  const rows = (await db.execute(
    sql`select id from shop_orders where org_id = ${orgId} and platform_order_id like ${`BB${tag}${run}-%`} order by id`,
  )) as unknown as {
    rows: { id: string | number }[];
  };
  return rows.rows.map((r) => Number(r.id));
}

/** The least any implementation writes for the same batch, in two transactions like ours. */
async function bare(run: number) {
  const t0 = performance.now();
  const rows = Array.from({ length: BATCH }, (_, i) => ({ no: `BR${tag}${run}${String(i).padStart(5, '0')}` }));
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into dropship_orders (org_id, order_no, source, receiver_name, receiver_phone, receiver_province, receiver_city, receiver_address,
        express_code, express_name, express_fee_fen, service_fee_fen, goods_fen, total_fen, item_count, status, combined_status)
      select ${orgId}::int, x.no, 'MANUAL', '林晓', '13800138001', '浙江省', '杭州市', '文三路90号', 'ZTO', '中通快递', 350, 100, 4500, 4950, 1,
        'WAITING_PAYMENT', 'WAITING_PAYMENT'
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(no text)`);
    await tx.execute(sql`
      insert into dropship_order_items (org_id, order_id, line_no, snapshot, quantity, unit_cost_fen)
      select org_id, id, 1, '{}'::jsonb, 1, 4500 from dropship_orders where org_id = ${orgId} and order_no like ${`BR${tag}${run}%`}`);
  });
  const placed = performance.now() - t0;
  const t1 = performance.now();
  await db.transaction(async (tx) => {
    for (const r of rows) {
      const res = (await tx.execute(
        sql`update accounts set available_fen = available_fen - 4950 where org_id = ${orgId} returning available_fen`,
      )) as unknown as {
        rows: { available_fen: string | number }[];
      };
      await tx.execute(sql`
        insert into ledger_entries (org_id, transaction_type, purpose, available_delta_fen, available_after_fen, frozen_after_fen, business_id, request_key)
        values (${orgId}, 'ORDER', 'ORDER', -4950, ${res.rows[0]?.available_fen}, 0, ${r.no}, ${`bare:${r.no}`})`);
    }
  });
  return { placed, paid: performance.now() - t1 };
}

async function ours(run: number) {
  const ids = await linkedShopOrders(run);
  const t0 = performance.now();
  const created = await createDropshipOrders(db, caller, {
    orders: ids.map((shopOrderId) => ({ shopOrderId, receiver, expressCode: 'ZTO', remark: '' })),
    confirmDuplicate: false,
  });
  const placed = performance.now() - t0;
  const t1 = performance.now();
  const paid = await payWithBalance(
    db,
    caller,
    created.orders.map((o) => o.id),
    `bench-pay-${tag}-${run}`,
  );
  if (paid.orders.some((o) => o.status !== 'WAITING_DELIVERING')) throw new Error('not all paid');
  return { placed, paid: performance.now() - t1 };
}

console.log(`dropship orders, one batch of ${BATCH}: place (create) and pay (balance), ${RUNS} runs, ${database.kind} (node ${process.version})`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const o: { placed: number; paid: number }[] = [];
const b: { placed: number; paid: number }[] = [];
for (let r = 0; r < RUNS; r++) {
  o.push(await ours(r));
  b.push(await bare(r));
}
for (const [name, key] of [
  ['place', 'placed'],
  ['pay', 'paid'],
] as const) {
  const ms = median(o.map((x) => x[key]));
  const bm = median(b.map((x) => x[key]));
  console.log(
    `  ${name.padEnd(5)} ours ${(ms / 1000).toFixed(2)} s (${(ms / BATCH).toFixed(2)} ms/order), bare rows ${(bm / 1000).toFixed(2)} s; ours/bare time ${(ms / bm).toFixed(2)}×`,
  );
}
await database.close();
