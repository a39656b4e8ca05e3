/**
 * One seller's dropship orders written straight by SQL (a line each, the tab counters kept), for the
 * benches that need a large list: spread over the last days, 10% unpaid, 10% cancelled, the rest
 * waiting to be taken or taken.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';

export async function seedDropshipOrders(db: Db, kind: string, orgId: number, tag: string, ORDERS: number) {
  console.log(`seeding ${ORDERS.toLocaleString()} dropship orders (${kind}) …`);
  const t0 = performance.now();
  const CHUNK = 100_000;
  for (let from = 1; from <= ORDERS; from += CHUNK) {
    const to = Math.min(ORDERS, from + CHUNK - 1);
    // Spread over 180 days; 10% unpaid, 10% cancelled, the rest waiting to be taken or taken.
    await db.execute(sql`
    insert into dropship_orders (org_id, order_no, source, shop_name, channel, platform_order_id, receiver_name, receiver_phone,
      receiver_phone_tail, receiver_province, receiver_city, receiver_district, receiver_address, express_code, express_name,
      express_fee_fen, service_fee_fen, goods_fen, total_fen, item_count, status, combined_status, pay_method, paid_at, created_at)
    select ${orgId}::int, 'B' || ${tag}::text || lpad(g::text, 9, '0'), 'SHOP_ORDER', '基准店铺', 'TAOBAO', 'P' || ${tag}::text || g,
      '买家' || (g % 997), '138' || lpad((g % 100000000)::text, 8, '0'), lpad((g % 10000)::text, 4, '0'), '浙江省', '杭州市', '西湖区',
      '文三路' || g || '号', 'ZTO', '中通快递', 450, 100, 4500, 5050, 1,
      case g % 10 when 0 then 'WAITING_PAYMENT' when 1 then 'CANCELED' else 'WAITING_DELIVERING' end,
      case g % 10 when 0 then 'WAITING_PAYMENT' when 1 then 'CANCELED' when 2 then 'TOOK' when 3 then 'TOOK' else 'WAITING_TAKING' end,
      case g % 10 when 0 then null else 'BALANCE' end, case g % 10 when 0 then null else now() end,
      now() - ((${ORDERS}::int - g) * 15) * interval '1 second'
    from generate_series(${from}::int, ${to}::int) g`);
  }
  await db.execute(sql`
  insert into dropship_order_items (org_id, order_id, line_no, title, snapshot, stall_name, market, stall_no, art_no, color, size, quantity,
    unit_cost_fen, take_status)
  select org_id, id, 1, '基准商品', '{}'::jsonb, '基准档口', '广州十三行', 'A1', 'K' || (id % 1000), '黑色', 'M', 1, 4500,
    case combined_status when 'WAITING_PAYMENT' then null when 'TOOK' then 'TOOK' else 'WAITING_TAKING' end
  from dropship_orders where org_id = ${orgId}`);
  await db.execute(sql`
  insert into dropship_order_counts (org_id, combined_status, n)
  select org_id, combined_status, count(*) from dropship_orders where org_id = ${orgId} group by 1, 2`);
  // Vacuumed, not only analyzed: the visibility map lets counts use index-only scans, and autovacuum has nothing left to do during the runs.
  await db.execute(sql`vacuum analyze dropship_orders`);
  await db.execute(sql`vacuum analyze dropship_order_items`);
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
