/**
 * SQL of the kept courier traces. Writes come from the tracking job (poll) and Kuaidi100's push; every
 * read an organisation makes is scoped to the waybill's seller or purchaser organisation.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import type { TraceEvent } from './courier-trace.table.js';

export interface TraceWaybill {
  waybill_id: number;
  seller_org_id: number;
  purchaser_org_id: number;
  courier_code: string;
  tracking_no: string;
}

export interface TraceWrite {
  state: string;
  signed: boolean;
  events: TraceEvent[];
  lastEventAt: Date | null;
  problem: string | null;
  source: 'poll' | 'push';
}

/** Keeps the newest trace of a waybill (one row per waybill; a later write replaces the events). */
export async function keepTrace(db: Db, w: TraceWaybill, t: TraceWrite) {
  const polled = t.source === 'poll' ? sql`now()` : sql`null`;
  const pushed = t.source === 'push' ? sql`now()` : sql`null`;
  await db.execute(sql`
    insert into courier_traces (waybill_id, seller_org_id, purchaser_org_id, courier_code, tracking_no, state, signed_at, events,
      last_event_at, problem, polled_at, pushed_at, updated_at)
    values (${w.waybill_id}, ${w.seller_org_id}, ${w.purchaser_org_id}, ${w.courier_code}, ${w.tracking_no}, ${t.state},
      ${t.signed ? sql`now()` : sql`null`}, ${JSON.stringify(t.events)}::jsonb, ${t.lastEventAt}, ${t.problem}, ${polled}, ${pushed}, now())
    on conflict (waybill_id) do update set
      state = excluded.state,
      signed_at = case when ${t.signed} then coalesce(courier_traces.signed_at, now()) else null end,
      events = excluded.events,
      last_event_at = excluded.last_event_at,
      problem = excluded.problem,
      polled_at = coalesce(excluded.polled_at, courier_traces.polled_at),
      pushed_at = coalesce(excluded.pushed_at, courier_traces.pushed_at),
      updated_at = now()`);
}

const waybillCols = sql`w.id as waybill_id, w.seller_org_id, w.purchaser_org_id, w.courier_code, w.tracking_no`;

/** The waybill a push names (the number is unique per courier). */
export async function waybillByNumber(db: Db, courierCode: string, trackingNo: string) {
  const [w] = await queryRows<TraceWaybill>(
    db,
    sql`select ${waybillCols} from waybills w where w.courier_code = ${courierCode} and w.tracking_no = ${trackingNo}`,
  );
  return w;
}

export interface TraceLookupRow extends TraceWaybill {
  order_no: string | null;
  express_name: string | null;
  receiver_phone: string;
  state: string | null;
  signed_at: Date | null;
  events: TraceEvent[] | null;
  problem: string | null;
  updated_at: Date | null;
}

/** A waybill of the organisation (as seller or as purchaser) by its number, with its kept trace if any. */
export async function lookupForOrg(db: Db, orgId: number, trackingNo: string) {
  const [r] = await queryRows<TraceLookupRow>(
    db,
    sql`select ${waybillCols}, o.order_no, o.express_name, o.receiver_phone, t.state, t.signed_at, t.events, t.problem, t.updated_at
      from waybills w
      join dropship_orders o on o.id = w.order_id
      left join courier_traces t on t.waybill_id = w.id
      where w.tracking_no = ${trackingNo} and (w.seller_org_id = ${orgId} or w.purchaser_org_id = ${orgId})
      order by w.id desc limit 1`,
  );
  return r;
}

/** Waybills still to subscribe (shipped, not signed, not subscribed yet), oldest first. */
export async function dueSubscriptions(db: Db, limit: number) {
  return queryRows<TraceWaybill & { receiver_phone: string }>(
    db,
    sql`select ${waybillCols}, o.receiver_phone
      from waybills w join dropship_orders o on o.id = w.order_id
      left join courier_traces t on t.waybill_id = w.id
      where o.status = 'DELIVERED' and w.platform_source is null and t.subscribed_at is null
      order by w.id limit ${limit}`,
  );
}

export async function markSubscribed(db: Db, w: TraceWaybill) {
  await db.execute(sql`
    insert into courier_traces (waybill_id, seller_org_id, purchaser_org_id, courier_code, tracking_no, subscribed_at)
    values (${w.waybill_id}, ${w.seller_org_id}, ${w.purchaser_org_id}, ${w.courier_code}, ${w.tracking_no}, now())
    on conflict (waybill_id) do update set subscribed_at = now()`);
}

export interface SignOffRow {
  waybill_id: number;
  courier_code: string;
  tracking_no: string;
  order_no: string;
  express_name: string | null;
  signed_at: Date;
  last_text: string | null;
}

/** The organisation's most recent sign-offs, newest first (the partial index on each side). */
export async function recentSignOffs(db: Db, orgId: number, side: 'seller' | 'purchaser', limit: number) {
  const org = side === 'seller' ? sql`t.seller_org_id` : sql`t.purchaser_org_id`;
  return queryRows<SignOffRow>(
    db,
    sql`select t.waybill_id, t.courier_code, t.tracking_no, o.order_no, o.express_name, t.signed_at, t.events->0->>'context' as last_text
      from courier_traces t join waybills w on w.id = t.waybill_id join dropship_orders o on o.id = w.order_id
      where ${org} = ${orgId} and t.signed_at is not null
      order by t.signed_at desc limit ${limit}`,
  );
}
