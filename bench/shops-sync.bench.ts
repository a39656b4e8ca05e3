/**
 * Shop order sync of 10,000 orders from the marketplace emulator, against a bare insert of the same
 * orders in the same run; then EXPLAIN of the shop-order list's queries on a 200,000-order tenant.
 *
 *   npx tsx bench/shops-sync.bench.ts
 *
 * "Ours" is the whole `shops.sync` job a server runs (apps/server/src/modules/shops): the job queue
 * claims it, the Taobao client pages the emulator over HTTP (signing, 1-day windows, pages of 100
 * read backwards), orders go through upsertShopOrders in batches of 500, refunds through their
 * upsert, progress and cursor are written to the shop row; on in-memory PGlite with the real
 * migrations. The baseline is the floor of the database work alone: the same orders (fetched
 * before timing) inserted by plain multi-row INSERT … VALUES through the PGlite driver, 500 orders
 * and their lines per statement, into the same tables. Goal: ≥ 1,000 orders/s.
 */
import { createMarketplaceClient, type MarketplaceEmulator, type NormalizedOrder, startMarketplaceEmulator } from '@dropship/channels';
import { type SQL, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { queryRows } from '../apps/server/src/db/rows.ts';
import { wireModuleHooks } from '../apps/server/src/hooks.ts';
import { itemSearchText } from '../apps/server/src/lib/shop-order-row.ts';
import { createOrganisation } from '../apps/server/src/modules/auth/accounts.ts';
import { JobQueue } from '../apps/server/src/modules/jobs/job-queue.ts';
import { registerShopSyncJob } from '../apps/server/src/modules/shop-orders/shop-sync.jobs.ts';
import { windowsOf } from '../apps/server/src/modules/shop-orders/shop-sync.service.ts';
import { ChannelRegistry } from '../apps/server/src/modules/shops/channel-registry.ts';
import { encryptSecret } from '../apps/server/src/modules/shops/shop-secrets.ts';
import { requestSync, type ShopsDeps } from '../apps/server/src/modules/shops/shops.service.ts';
import { shops } from '../apps/server/src/modules/shops/shops.table.ts';
import { useBenchReceiverKeys } from './support.ts';

useBenchReceiverKeys();

const N = 10_000;
const RUNS = 3;
const BIG = 200_000;
const DAY = 86_400_000;
type Db = Awaited<ReturnType<typeof openDatabase>>['db'];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A shop of its own on the emulator with N orders over the last two days, and a token for it. */
async function emulatorShop(emu: MarketplaceEmulator, name: string) {
  const { code, platformShopId } = emu.authorizeShop('TAOBAO', name);
  emu.core('TAOBAO').addOrders(platformShopId, N, 2 * DAY);
  const token = await createMarketplaceClient('TAOBAO', emu.endpointFor('TAOBAO')).exchangeCode({ code, redirectUri: '' });
  return { platformShopId, token };
}

async function ourSync(deps: ShopsDeps, orgId: number, emu: MarketplaceEmulator, run: number) {
  const { platformShopId, token } = await emulatorShop(emu, `压测店${run}`);
  const [row] = await deps.db
    .insert(shops)
    .values({
      orgId,
      channel: 'TAOBAO',
      name: `压测店${run}`,
      platformShopId,
      authState: 'AUTHORIZED',
      lastAuthTime: new Date(),
      expireTime: token.refreshExpiresAt ?? token.expiresAt,
      tokenExpiresAt: token.expiresAt,
      accessTokenEnc: await encryptSecret(deps.db, token.accessToken),
    })
    .returning({ id: shops.id });
  const t0 = performance.now();
  await requestSync(deps, orgId, row!.id);
  await deps.jobs.runDue();
  const seconds = (performance.now() - t0) / 1000;
  const [n] = await queryRows<{ n: number }>(deps.db, sql`select count(*)::int as n from shop_orders where shop_id = ${row!.id}`);
  const listed = emu.orders('TAOBAO', platformShopId).length;
  if (n?.n !== listed) throw new Error(`synced ${n?.n} of ${listed} orders`);
  return { seconds, orders: listed, platformShopId };
}

/** What the client alone costs: the same windows paged from the emulator, no database (where the time goes). */
async function fetchOnly(emu: MarketplaceEmulator, shopName: string) {
  const { code } = emu.authorizeShop('TAOBAO', shopName);
  const client = createMarketplaceClient('TAOBAO', emu.endpointFor('TAOBAO'));
  const { accessToken: token } = await client.exchangeCode({ code, redirectUri: '' });
  const to = new Date();
  const from = new Date(to.getTime() - 3 * DAY);
  const t0 = performance.now();
  for (const [a, b] of windowsOf(from, to, client.maxWindowMs)) {
    for await (const _ of client.listOrders({ token, modifiedFrom: a, modifiedTo: b }));
    for await (const _ of client.listRefunds({ token, modifiedFrom: a, modifiedTo: b }));
  }
  return (performance.now() - t0) / 1000;
}

/** Plain multi-row INSERT … VALUES of orders and their lines: the database floor of the same work. */
async function bareInsert(db: Db, orgId: number, shopId: number, orders: NormalizedOrder[]) {
  const raw = (db as unknown as { $client: { query(q: string, p: unknown[]): Promise<{ rows: { id: number; platform_order_id: string }[] }> } }).$client;
  const t0 = performance.now();
  for (let i = 0; i < orders.length; i += 500) {
    const batch = orders.slice(i, i + 500);
    const params: unknown[] = [];
    const rows = batch.map((o) => {
      const v = [orgId, shopId, 'TAOBAO', 'SYNC', o.platformOrderId, o.status, o.platformStatus, o.buyerNick, o.receiver.name, o.receiver.phone];
      v.push(o.receiver.phone.slice(-4), o.receiver.province, o.receiver.city, o.receiver.district, o.receiver.address, o.receiver.encrypted);
      v.push(
        o.buyerRemark ?? null,
        o.sellerRemark ?? null,
        o.totalFen,
        o.postFeeFen,
        o.paymentFen,
        o.createdAt,
        o.paidAt ?? null,
        o.modifiedAt,
        itemSearchText(o),
      );
      const start = params.length;
      params.push(...v);
      return `(${v.map((_, j) => `$${start + j + 1}`).join(',')})`;
    });
    const inserted = await raw.query(
      `insert into shop_orders (org_id, shop_id, channel, source, platform_order_id, status, platform_status, buyer_nick, receiver_name, receiver_phone,
        receiver_phone_tail, receiver_province, receiver_city, receiver_district, receiver_address, receiver_encrypted, buyer_remark, seller_remark,
        total_fen, post_fee_fen, payment_fen, platform_created_at, paid_at, platform_modified_at, item_search) values ${rows.join(',')}
       returning id, platform_order_id`,
      params,
    );
    const idOf = new Map(inserted.rows.map((r) => [r.platform_order_id, r.id]));
    const itemParams: unknown[] = [];
    const itemRows = batch.flatMap((o) =>
      o.items.map((it) => {
        const v = [orgId, idOf.get(o.platformOrderId), it.platformItemId, it.itemId, it.skuId ?? null, it.title, it.spec ?? null];
        v.push(it.outerItemCode ?? null, it.outerSkuCode ?? null, it.quantity, it.priceFen, it.paymentFen, it.refundState);
        const start = itemParams.length;
        itemParams.push(...v);
        return `(${v.map((_, j) => `$${start + j + 1}`).join(',')})`;
      }),
    );
    await raw.query(
      `insert into shop_order_items (org_id, order_id, platform_item_id, item_id, sku_id, title, spec, outer_item_code, outer_sku_code, quantity,
        price_fen, payment_fen, refund_state) values ${itemRows.join(',')}`,
      itemParams,
    );
  }
  return (performance.now() - t0) / 1000;
}

/** The list's queries on a big tenant: the plan must walk an index, never sort the tenant's rows. */
async function explainList(db: Db, orgId: number, shopId: number) {
  await db.execute(sql`insert into shop_orders (org_id, shop_id, channel, source, platform_order_id, status, platform_status, receiver_phone_tail, item_search,
      platform_created_at, paid_at, platform_modified_at)
    select ${orgId}, ${shopId}, 'TAOBAO', 'SYNC', 'BIG' || g, 'WAIT_SELLER_SEND', 'X', lpad((g % 10000)::text, 4, '0'), 'sku' || (g % 5000),
      now() - g * interval '1 minute', now() - g * interval '1 minute', now()
    from generate_series(1, ${BIG}) g`);
  await db.execute(sql`analyze shop_orders`);
  const order = sql`order by paid_at desc nulls last, id desc nulls last limit 20`;
  const cases: [string, SQL][] = [
    ['default page', sql`select id from shop_orders where org_id = ${orgId} ${order}`],
    ['one shop', sql`select id from shop_orders where org_id = ${orgId} and shop_id = ${shopId} ${order}`],
    ['paid range', sql`select id from shop_orders where org_id = ${orgId} and paid_at >= now() - interval '2 days' and paid_at < now() ${order}`],
    ['phone tail', sql`select id from shop_orders where org_id = ${orgId} and receiver_phone_tail = '0042' ${order}`],
    ['outer code', sql`select id from shop_orders where org_id = ${orgId} and string_to_array(item_search, ' ') @> array['sku42']::text[] ${order}`],
    ['count (capped)', sql`select count(*) from (select 1 from shop_orders where org_id = ${orgId} and shop_id = ${shopId} limit 10001) t`],
  ];
  console.log(`\n  EXPLAIN ANALYZE on a tenant with ${(BIG + RUNS * N).toLocaleString('en')} orders:`);
  for (const [name, q] of cases) {
    await db.execute(q); // warm: PGlite grows its WebAssembly memory on a first sort, which is not the query's cost
    const plan = (await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain analyze ${q}`)).map((r) => r['QUERY PLAN']);
    const time = plan.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
    const index = plan.map((l) => /(Index(?: Only)? Scan|Bitmap Index Scan) (?:Backward )?(?:using|on) (\w+)/.exec(l)?.[2]).find(Boolean);
    const sorted = plan.some((l) => /Sort Method/.test(l));
    console.log(`    ${name.padEnd(18)} ${time.padStart(10)}  ${index ? `index ${index}` : 'NO INDEX'}${sorted ? ' + sort' : ''}`);
  }
}

async function main() {
  const database = await openDatabase({});
  const db = database.db;
  const emu = await startMarketplaceEmulator({ ordersPerShop: 0 });
  const channels = new ChannelRegistry({
    emulator: false,
    endpoints: { TAOBAO: emu.endpointFor('TAOBAO') },
    syncIntervalMs: 15 * 60_000,
    overlapMs: 5 * 60_000,
    firstSyncMs: 3 * DAY,
    refreshBeforeMs: 3 * DAY,
    publicUrl: undefined,
  });
  const deps: ShopsDeps = { db, channels, jobs: new JobQueue(db) };
  // What buildApp does: the sync's hook (auto-intercept) wired, its job registered.
  wireModuleHooks();
  registerShopSyncJob(deps.jobs, deps);
  const orgId = await createOrganisation(db, { type: 'seller', name: '压测卖家' });
  const [bareShop] = await db.insert(shops).values({ orgId, channel: 'TAOBAO', name: '基线店' }).returning({ id: shops.id });

  console.log(`shop sync: ${N.toLocaleString('en')} Taobao orders from the emulator, ${RUNS} runs (node ${process.version}, in-memory PGlite)`);
  const ours: number[] = [];
  const bare: number[] = [];
  let synced = 0;
  for (let run = 0; run < RUNS; run++) {
    const r = await ourSync(deps, orgId, emu, run);
    // The same orders, already fetched, renumbered so the baseline inserts rather than conflicts.
    const orders = emu.orders('TAOBAO', r.platformShopId).map((o) => ({ ...o, platformOrderId: `${o.platformOrderId}-b${run}` }));
    const b = await bareInsert(db, orgId, bareShop!.id, orders);
    const f = await fetchOnly(emu, `压测店${run}`);
    ours.push(r.seconds);
    bare.push(b);
    synced = r.orders;
    console.log(
      `  run ${run + 1}: ours ${r.seconds.toFixed(2)} s (${Math.round(r.orders / r.seconds)} orders/s), bare insert ${b.toFixed(2)} s (${Math.round(r.orders / b)} orders/s), ratio ${(r.seconds / b).toFixed(2)}×; of ours, the client paging the emulator alone takes ${f.toFixed(2)} s`,
    );
  }
  const m = median(ours);
  console.log(
    `  median: ${Math.round(synced / m)} orders/s (goal ≥ 1,000), ${(m / median(bare)).toFixed(2)}× the bare insert (best ${Math.round(synced / Math.min(...ours))} orders/s)`,
  );

  await explainList(db, orgId, bareShop!.id);
  await emu.close();
  await database.close();
}

await main();
