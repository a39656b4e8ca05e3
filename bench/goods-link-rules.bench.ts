/**
 * Linking 50,000 shop SKUs by the rule 档口#货号, against the bare SQL update of the same rows.
 *
 *   npx tsx bench/goods-link-rules.bench.ts
 *
 * "Ours" is the whole apply path the page drives (applyRule, batches of 5,000): read a batch with
 * its current links, compile and read the rule, look the stall up, compare with the current link,
 * then in one transaction per batch lock the SKUs, upsert the supplier items, insert the versioned
 * links and point each SKU at its new link. The baseline is what the database alone costs to touch
 * the same rows in the same batches: one UPDATE per batch from a jsonb record set, with the article
 * number split out of the outer code in JavaScript. Each run starts from unlinked SKUs (the
 * previous run's links are ended outside the timing). In-memory PGlite, real migrations.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { queryRows } from '../apps/server/src/db/rows.ts';
import { createOrganisation } from '../apps/server/src/modules/auth/accounts.ts';
import { applyRule } from '../apps/server/src/modules/goods/link-rules.service.ts';
import type { Caller } from '../apps/server/src/plugins/auth.ts';

const N = 50_000;
const STALLS = 200;
const BATCH = 5_000;
/** Odd, for a median; the machine is shared, so the best run is printed too. */
const RUNS = 3;

const database = await openDatabase({});
const db = database.db;
const orgId = await createOrganisation(db, { type: 'seller', name: '压测卖家', source: 'MAIN_WEB' });
const caller: Caller = { userId: 1, orgId, orgType: 'seller', isMain: true, sessionId: 0 };
const [shop] = await queryRows<{ id: number }>(db, sql`insert into shops (org_id, channel, name) values (${orgId}, 'TAOBAO', '压测店铺') returning id`);
await db.execute(sql`
  insert into suppliers (org_id, name, code, market, stall_no)
  select ${orgId}, '档口' || g, 'S' || g, '广州十三行', 'A' || g from generate_series(1, ${STALLS}) g`);
await db.execute(sql`
  insert into shop_skus (org_id, channel, item_id, sku_key, sku_id, shop_id, title, spec, outer_sku_code)
  select ${orgId}, 'TAOBAO', (600000 + g / 4)::text, 'sku:' || (7000000 + g), (7000000 + g)::text, ${shop?.id ?? null}::int,
    '2026秋冬新款女装 ' || g, '颜色分类:' || (array['黑色','白色','杏色','雾霾蓝'])[1 + g % 4] || ';尺码:' || (array['S','M','L','XL'])[1 + g % 4],
    'S' || (1 + g % ${STALLS}) || '#K' || (1000 + g / 4)
  from generate_series(1, ${N}) g`);
// First use backfills from order lines; mark it done so the timing is the rule alone.
await db.execute(sql`insert into shop_sku_backfills (org_id) values (${orgId})`);

const rule = { source: 'OUTER_CODE' as const, pattern: '档口#货号', supplierId: null };

async function ours(): Promise<number> {
  const t0 = performance.now();
  let linked = 0;
  for (let afterId = 0; ; ) {
    const r = await applyRule(db, caller, { rule, scope: 'UNLINKED', overwrite: false, afterId, limit: BATCH });
    linked += r.counts.NEW;
    if (r.nextAfterId === null) break;
    afterId = r.nextAfterId;
  }
  if (linked !== N) throw new Error(`linked ${linked}, expected ${N}`);
  return performance.now() - t0;
}

async function bare(): Promise<number> {
  const t0 = performance.now();
  for (let afterId = 0; ; ) {
    const rows = await queryRows<{ id: string | number; outer_sku_code: string }>(
      db,
      sql`select id, outer_sku_code from shop_skus where org_id = ${orgId} and id > ${afterId} order by id limit ${BATCH}`,
    );
    if (rows.length === 0) break;
    const json = JSON.stringify(rows.map((r) => ({ id: Number(r.id), art_no: r.outer_sku_code.split('#')[1] ?? '' })));
    await db.execute(sql`
      update shop_skus s set outer_item_code = x.art_no
      from jsonb_to_recordset(${json}::jsonb) as x(id bigint, art_no text) where s.id = x.id and s.org_id = ${orgId}`);
    afterId = Number(rows[rows.length - 1]?.id);
  }
  return performance.now() - t0;
}

async function unlinkAll() {
  await db.execute(sql`update goods_links set replaced_at = now() where org_id = ${orgId} and replaced_at is null`);
  await db.execute(sql`update shop_skus set current_link_id = null where org_id = ${orgId}`);
}

const results: { ours: number; bare: number }[] = [];
for (let run = 0; run < RUNS; run++) {
  await unlinkAll();
  const b = await bare();
  const o = await ours();
  results.push({ ours: o, bare: b });
  console.log(
    `run ${run + 1}: ours ${(o / 1000).toFixed(2)} s (${Math.round(N / (o / 1000))} SKUs/s), bare update ${(b / 1000).toFixed(2)} s, ratio ${(o / b).toFixed(2)}×`,
  );
}
const ratios = results.map((r) => r.ours / r.bare).sort((a, b) => a - b);
const speeds = results.map((r) => N / (r.ours / 1000)).sort((a, b) => a - b);
const versions = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from goods_links where org_id = ${orgId}`);
console.log(
  `\n${N.toLocaleString()} SKUs linked by rule: median ${Math.round(speeds[Math.floor(RUNS / 2)] ?? 0)} SKUs/s, ` +
    `median ratio to the bare update ${(ratios[Math.floor(RUNS / 2)] ?? 0).toFixed(2)}× (best ${(ratios[0] ?? 0).toFixed(2)}×); ` +
    `${versions[0]?.n ?? 0} link rows written over ${RUNS} runs`,
);
await database.close();
