/**
 * The dropship order list of a small tenant beside a big one in the same table: the first page must
 * come from the tenant's own index, never from the primary key read backwards through the big
 * tenant's newer rows (what the planner chose while the list ordered by `id desc`, decision 0041's
 * amendment on newest-first order). Checked on the plans, whose shape does not depend on the
 * machine's speed; LIST_PLAN_ROWS sets the big tenant's size (the small one has a tenth).
 */
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { createOrganisation } from '../src/modules/auth/accounts.js';
import { filterWhere, pageSql } from '../src/modules/dropship-orders/list/list.repository.js';
import { sampleCountsSql, filterWhere as takeFilterWhere, pageSql as takePageSql } from '../src/modules/take-assignment/assign.repository.js';
import { createTestApp, type TestApp } from './helpers.js';

const BIG = Number(process.env.LIST_PLAN_ROWS ?? 10_000);
let t: TestApp;
const db = () => t.database.db;

async function seed(orgId: number, n: number, tag: string) {
  await db().execute(sql`
    insert into dropship_orders (org_id, order_no, source, shop_name, channel, platform_order_id, receiver_name, receiver_phone,
      receiver_phone_tail, receiver_province, receiver_city, receiver_district, receiver_address, express_code, express_name,
      express_fee_fen, service_fee_fen, goods_fen, total_fen, item_count, status, combined_status, created_at)
    select ${orgId}::int, ${tag}::text || g, 'SHOP_ORDER', '店', 'TAOBAO', ${tag}::text || g, '买家', '13800000000', '0000', '浙江省', '杭州市',
      '西湖区', '文三路1号', 'ZTO', '中通快递', 0, 0, 0, 0, 1,
      case when g % 3 = 0 then 'WAITING_PAYMENT' else 'WAITING_DELIVERING' end, case when g % 3 = 0 then 'WAITING_PAYMENT' else 'WAITING_TAKING' end, now()
    from generate_series(1, ${n}::int) g`);
}

/** The plan's nodes, flattened: node type and index name. */
async function planOf(query: SQL) {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(db(), sql`explain (format json) ${query}`);
  const raw = row?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const nodes: PlanNode[] = [];
  const walk = (n: PlanNode) => {
    nodes.push(n);
    for (const c of n.Plans ?? []) walk(c);
  };
  walk((plan[0] as { Plan: PlanNode }).Plan);
  return nodes;
}
interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
}, 120_000);
afterAll(() => t?.close());

describe('the newest-first list of a small tenant beside a big one', () => {
  // No retry: a second try adds two more tenants to the table, and the planner's choice then differs.
  it('reads the tenant’s own index for the first page and a tab, not the primary key', { retry: 0 }, async () => {
    const small = await createOrganisation(db(), { type: 'seller', name: '小卖家' });
    const big = await createOrganisation(db(), { type: 'seller', name: '大卖家' });
    // The small tenant's orders are the older ones: the primary key read backwards meets the big tenant's first.
    const tag = Date.now().toString(36);
    await seed(small, BIG / 10, `S${tag}-`);
    await seed(big, BIG, `L${tag}-`);
    await db().execute(sql`analyze dropship_orders`);
    for (const [name, where, index] of [
      ['全部', filterWhere(small, {}), 'dropship_orders_org_id_idx'],
      ['待付款', filterWhere(small, { status: 'WAITING_PAYMENT' }), 'dropship_orders_org_combined_idx'],
    ] as const) {
      const nodes = await planOf(pageSql(where, 20, 0));
      const scans = nodes.filter((n) => n['Index Name']).map((n) => n['Index Name']);
      expect(scans, `${name}: ${JSON.stringify(nodes.map((n) => n['Node Type']))}`).toEqual([index]);
      expect(
        nodes.some((n) => n['Node Type'] === 'Sort'),
        name,
      ).toBe(false);
    }
    // And the page is the tenant's newest.
    const rows = await queryRows<{ id: number }>(db(), pageSql(filterWhere(small, {}), 20, 0));
    const newest = await queryRows<{ id: number }>(db(), sql`select id from dropship_orders where org_id = ${small} order by id desc limit 20`);
    expect(rows.map((r) => Number(r.id))).toEqual(newest.map((r) => Number(r.id)));
    expect(rows).toHaveLength(20);
  });
});

describe('one market area’s unprinted pick-up items (打印拿货标签)', () => {
  it('are paged and counted from their partial index alone, whatever the printed history', { retry: 0 }, async () => {
    const purchaser = await createOrganisation(db(), { type: 'purchaser', name: '拿货方' });
    const seller = await createOrganisation(db(), { type: 'seller', name: '卖家' });
    const base = Date.now() % 1_000_000;
    // 20 areas, a third of the items printed: one area's unprinted items are 1 in 30.
    await db().execute(sql`
      insert into take_items (purchaser_org_id, seller_org_id, order_id, order_item_id, order_no, take_code, assignment_status, taking_status,
        stall_name, market, building, floor, stall_no, market_area, art_no, color, size, quantity, unit_cost_fen, print_count)
      select ${purchaser}::int, ${seller}::int, g, ${base}::bigint * 100000 + g, 'T' || g, lpad((${base}::bigint * 100000 + g)::text, 14, '0'),
        case when g % 2 = 0 then 'WAITING_ASSIGNED' else 'TAKING' end, 'WAITING_TAKING',
        '档口', '市场', 'A座', '1楼', 'S' || (g % 100), '区域' || (g % 20), 'K', '黑色', 'M', 1, 4500, case when g % 3 = 0 then 1 else 0 end
      from generate_series(1, ${BIG}::int) g`);
    await db().execute(sql`vacuum analyze take_items`);
    const where = takeFilterWhere(purchaser, { marketArea: '区域3', printed: 'NO' }, false);
    for (const [name, query] of [
      ['page', takePageSql(where, 20, 0)],
      ['tab counts', sampleCountsSql(where, 10_000)],
    ] as const) {
      const nodes = await planOf(query);
      const scans = nodes.filter((n) => n['Index Name']?.startsWith('take_items')).map((n) => n['Index Name']);
      expect(scans, `${name}: ${JSON.stringify(nodes.map((n) => n['Node Type']))}`).toEqual(['take_items_purchaser_area_unprinted_idx']);
    }
  });
});
