/**
 * erpTakePage / existErp: take items whose dropship order came from a seller's ERP shop (快麦 KM,
 * 旺店通 WDT). Those orders are pushed back to the ERP rather than to a marketplace, and the
 * purchaser's page shows them on their own tab so the staff can tell them apart (decision 0012).
 * existErp answers whether there is any, so the page shows the tab only then.
 */
import { ERP_CHANNELS } from '@dropship/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import type { Caller } from '../../plugins/auth.js';
import * as repo from './assign.repository.js';
import { purchaserOf, toRow } from './assign.service.js';
import { takeItems } from './take-items.table.js';

type Channel = (typeof ERP_CHANNELS)[number];

const erpOnly = (channel?: Channel) =>
  sql`${takeItems.orderId} in (select o.id from dropship_orders o join shops sh on sh.id = o.shop_id
      where sh.channel in ${
        channel
          ? sql`(${channel})`
          : sql`(${sql.join(
              ERP_CHANNELS.map((c) => sql`${c}`),
              sql`, `,
            )})`
      })`;

export async function erpTakePage(db: Db, caller: Caller, q: repo.PageFilter & { channel?: Channel | undefined }) {
  const org = purchaserOf(caller);
  const where = and(repo.filterWhere(org, q), erpOnly(q.channel)) as SQL;
  const { total, rows } = await repo.pageRows(db, where, q.pageSize, (q.pageNo - 1) * q.pageSize);
  const ids = rows.map((r) => Number(r.id));
  const shops = ids.length
    ? await queryRows<{ id: string | number; shop_name: string; channel: string }>(
        db,
        sql`select t.id, sh.name as shop_name, sh.channel from take_items t join dropship_orders o on o.id = t.order_id join shops sh on sh.id = o.shop_id
            where t.purchaser_org_id = ${org} and t.id in (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )})`,
      )
    : [];
  const byId = new Map(shops.map((s) => [Number(s.id), s]));
  return {
    total,
    list: rows.map((r) => {
      const s = byId.get(Number(r.id));
      return { ...toRow(r), shopName: s?.shop_name ?? '', channel: s?.channel ?? '' };
    }),
  };
}

export async function existErp(db: Db, caller: Caller) {
  const org = purchaserOf(caller);
  const [r] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from take_items where ${and(repo.filterWhere(org, {}), erpOnly())} and assignment_status <> 'CLOSE'`,
  );
  const count = Number(r?.n ?? 0);
  return { exist: count > 0, count };
}
