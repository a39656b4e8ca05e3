/**
 * erpTakePage / existErp: take items whose dropship order came from a seller's ERP shop (快麦 KM,
 * 旺店通 WDT). Those orders are pushed back to the ERP rather than to a marketplace, and the
 * purchaser's page shows them on their own tab so the staff can tell them apart (decision 0012).
 * existErp answers whether there is any, so the page shows the tab only then. Both count up to
 * LIST_COUNT_CAP (decision 0041).
 */
import { ERP_CHANNELS, LIST_COUNT_CAP } from '@dropship/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countCapped } from '../../db/count-up-to.js';
import { queryRows } from '../../db/rows.js';
import type { Caller } from '../../plugins/auth.js';
import * as repo from './assign.repository.js';
import { purchaserOf, toRow } from './assign.service.js';
import { takeItems } from './take-items.table.js';

type Channel = (typeof ERP_CHANNELS)[number];

// Per take item, its order's shop (a primary-key read): a set of every ERP order of every tenant would grow with all of them.
const erpOnly = (channel?: Channel) =>
  sql`exists (select 1 from dropship_orders o join shops sh on sh.id = o.shop_id where o.id = ${takeItems.orderId} and sh.channel in ${
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
  // Counted up to the cap like the other lists: a purchaser's whole ERP history is not counted on every view.
  const [total, rows] = await Promise.all([
    countCapped(db, takeItems, where, LIST_COUNT_CAP),
    repo.pageOnly(db, where, q.pageSize, (q.pageNo - 1) * q.pageSize),
  ]);
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
    total: total.count,
    totalCapped: total.capped,
    list: rows.map((r) => {
      const s = byId.get(Number(r.id));
      return { ...toRow(r), shopName: s?.shop_name ?? '', channel: s?.channel ?? '' };
    }),
  };
}

export async function existErp(db: Db, caller: Caller) {
  const org = purchaserOf(caller);
  const { count, capped } = await countCapped(db, takeItems, and(repo.filterWhere(org, {}), erpOnly(), sql`assignment_status <> 'CLOSE'`), LIST_COUNT_CAP);
  return { exist: count > 0, count, countCapped: capped };
}
