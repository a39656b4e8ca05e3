/**
 * The workbench (POST /api/home/data) and courier tracking: traces kept from polling and from
 * Kuaidi100's signed push (a forged push keeps nothing), problems flagged (returned, no movement),
 * expressSignList and the /expressMsg lookup scoped to the organisation, bad input refused in Chinese.
 */
import { kuaidi100PushSign } from '@dropship/channels';
import { beijingDay, beijingTime, type ExpressSignRow, type ExpressTrace, type HomeData, TRACE_STALLED_DAYS } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { queryRows } from '../src/db/rows.js';
import { TRACK_PUSH_PATH } from '../src/modules/warehouse/courier-gateway.js';
import { waybillByNumber } from '../src/modules/warehouse/courier-trace.repository.js';
import { keepPolled, subscribeDue } from '../src/modules/warehouse/courier-trace.service.js';
import { refreshDueTracking } from '../src/modules/warehouse/tracking.service.js';
import { homeData } from '../src/modules/workbench/workbench.service.js';
import type { Caller } from '../src/plugins/auth.js';
import { login, type Session } from './helpers.js';
import { call, isChinese } from './support.js';
import { paidOrder, secondPurchaser, startWarehouseWorld, tookAll, type WarehouseWorld } from './warehouse-support.js';

let w: WarehouseWorld;
let other: Session;
let picker: Session;
const db = (): Db => w.t.database.db;

interface TraceRow {
  state: string;
  signed_at: Date | null;
  events: { context: string }[];
  problem: string | null;
  polled_at: Date | null;
  pushed_at: Date | null;
  subscribed_at: Date | null;
}
const traceOf = async (trackingNo: string) =>
  (
    await queryRows<TraceRow>(
      db(),
      sql`select state, signed_at, events, problem, polled_at, pushed_at, subscribed_at from courier_traces where tracking_no = ${trackingNo}`,
    )
  )[0];

/** An order shipped on its scan; answers its tracking number. */
async function shipped() {
  const o = await paidOrder(w);
  await tookAll(db(), o.codes);
  const r = await w.post<{ waybill: { trackingNo: string } }>('/api/b2/purchaser/warehouse/scan', w.purchaser, { takeCode: o.codes[0] });
  expect(r.errorCode, r.errorMsg).toBe(0);
  return { ...o, trackingNo: r.data.waybill.trackingNo };
}

const trace = (s: Session, trackingNo: unknown) => w.post<ExpressTrace>('/api/home/express/trace', s, { trackingNo });
const home = (s: Session) => w.post<HomeData>('/api/home/data', s, {});
const countOf = (d: HomeData, key: string) => d.todo.find((t) => t.key === key)?.count;

beforeAll(async () => {
  w = await startWarehouseWorld();
  other = await secondPurchaser(w);
  picker = await login(w.t.app, 'demo_picker');
});
afterAll(() => w?.t.close());

describe('courier traces', () => {
  it('polling keeps the trace; when signed, expressSignList lists it for the seller and the purchaser, not another purchaser', async () => {
    const emu = await w.t.app.courier.emulator();
    const o = await shipped();
    await refreshDueTracking(db(), w.t.app.courier, { intervalMs: 0 });
    const first = await traceOf(o.trackingNo);
    expect(first).toMatchObject({ state: '1', signed_at: null, problem: null });
    expect(first?.events).toHaveLength(1);
    expect(first?.polled_at).not.toBeNull();

    emu.advance(24 * 3_600_000);
    await refreshDueTracking(db(), w.t.app.courier, { intervalMs: 0 });
    // Back to our clock: the emulator refuses e-waybill calls whose timestamp is off by more than 10 minutes.
    emu.advance(-24 * 3_600_000);
    const signed = await traceOf(o.trackingNo);
    expect(signed?.state).toBe('3');
    expect(signed?.signed_at).not.toBeNull();
    expect(signed?.events[0]?.context).toContain('签收');

    for (const s of [w.seller, w.purchaser]) {
      const list = await w.post<ExpressSignRow[]>('/api/home/expressSignList', s, { limit: 5 });
      expect(list.errorCode, list.errorMsg).toBe(0);
      expect(list.data.map((r) => r.trackingNo)).toContain(o.trackingNo);
      expect(list.data.find((r) => r.trackingNo === o.trackingNo)).toMatchObject({ orderNo: o.orderNo, courierName: '中通快递' });
    }
    const theirs = await w.post<ExpressSignRow[]>('/api/home/expressSignList', other, {});
    expect(theirs.data).toEqual([]);
  });

  it('/expressMsg lookup: the seller and the purchaser see the timeline; another organisation gets not found', async () => {
    const o = await shipped();
    const r = await trace(w.seller, o.trackingNo);
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data).toMatchObject({ trackingNo: o.trackingNo, orderNo: o.orderNo, courierName: '中通快递', signed: false });
    expect(r.data.events.length).toBeGreaterThanOrEqual(1);
    expect((await trace(w.purchaser, o.trackingNo)).data.trackingNo).toBe(o.trackingNo);
    const theirs = await trace(other, o.trackingNo);
    expect(theirs.errorCode).toBe(12001);
    expect(isChinese(theirs.errorMsg)).toBe(true);
  });

  it('bad input is refused in Chinese and changes nothing', async () => {
    const before = await queryRows<{ n: string }>(db(), sql`select count(*) as n from courier_traces`);
    for (const bad of ['', 'ab-12', 'x'.repeat(40), 12]) {
      const r = await trace(w.seller, bad);
      expect(r.errorCode).not.toBe(0);
      expect(isChinese(r.errorMsg), r.errorMsg).toBe(true);
    }
    const list = await w.post('/api/home/expressSignList', w.seller, { limit: 0 });
    expect(list.errorCode).toBe(400);
    expect(isChinese(list.errorMsg), list.errorMsg).toBe(true);
    expect(await queryRows<{ n: string }>(db(), sql`select count(*) as n from courier_traces`)).toEqual(before);
  });

  it('subscription push: the emulator pushes signed traces that are kept; a forged sign is refused and keeps nothing', async () => {
    const emu = await w.t.app.courier.emulator();
    const o = await shipped();
    await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = w.t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const push = w.t.app.courier.push;
    if (!push) throw new Error('the demo gateway subscribes');
    push.callbackUrl = `http://127.0.0.1:${port}${TRACK_PUSH_PATH}`;
    expect(await subscribeDue(db(), w.t.app.courier)).toBeGreaterThanOrEqual(1);
    expect((await traceOf(o.trackingNo))?.subscribed_at).not.toBeNull();
    emu.advance(2 * 600_000);
    expect(await emu.pushUpdates()).toBeGreaterThanOrEqual(1);
    emu.advance(-2 * 600_000);
    const kept = await traceOf(o.trackingNo);
    expect(kept?.pushed_at).not.toBeNull();
    expect(kept?.events.length).toBeGreaterThanOrEqual(2);

    // A forged push (the right shape, a wrong salt) is refused; the kept trace is unchanged.
    const param = JSON.stringify({
      status: 'polling',
      lastResult: { nu: o.trackingNo, com: 'zhongtong', state: '6', ischeck: '0', data: [{ time: '2026-11-20 10:00:00', context: '伪造' }] },
    });
    const res = await call(w.t.app, {
      method: 'POST',
      url: TRACK_PUSH_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ param, sign: kuaidi100PushSign(param, 'wrong-salt') }).toString(),
    });
    expect(res.json()).toMatchObject({ result: false });
    expect((await traceOf(o.trackingNo))?.events).toEqual(kept?.events);

    // The same push signed with our salt: returned to sender is flagged.
    const good = await call(w.t.app, {
      method: 'POST',
      url: TRACK_PUSH_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ param, sign: kuaidi100PushSign(param, push.salt) }).toString(),
    });
    expect(good.json()).toMatchObject({ result: true, returnCode: '200' });
    expect(await traceOf(o.trackingNo)).toMatchObject({ state: '6', problem: 'RETURNED' });
  });

  it(`no movement for ${TRACE_STALLED_DAYS} days is flagged STALLED, counted and listed on the workbench of both sides`, async () => {
    const o = await shipped();
    const before = await home(w.seller);
    const wb = await waybillByNumber(db(), 'ZTO', o.trackingNo);
    if (!wb) throw new Error('no waybill');
    // What a poll answers for a parcel picked up days ago that has not moved since.
    const pickedUp = beijingTime(new Date(Date.now() - (TRACE_STALLED_DAYS + 1) * 86_400_000));
    await keepPolled(db(), wb, { trackingNo: o.trackingNo, state: '1', signed: false, traces: [{ time: pickedUp, context: '快件已由业务员揽收' }] });
    expect((await traceOf(o.trackingNo))?.problem).toBe('STALLED');
    const after = await home(w.seller);
    expect(countOf(after.data, 'COURIER_PROBLEMS')).toBe((countOf(before.data, 'COURIER_PROBLEMS') ?? 0) + 1);
    expect(after.data.courierProblems.map((p) => p.trackingNo)).toContain(o.trackingNo);
    expect((await home(w.purchaser)).data.courierProblems.map((p) => p.trackingNo)).toContain(o.trackingNo);
    expect((await home(other)).data.courierProblems).toEqual([]);
  });
});

describe('POST /api/home/data', () => {
  it('the seller: to-do cards, today against yesterday, 7 days of figures; what was placed today counts today', async () => {
    const before = await home(w.seller);
    expect(before.errorCode, before.errorMsg).toBe(0);
    await paidOrder(w);
    const r = await home(w.seller);
    expect(r.data.audience).toBe('seller');
    expect(r.data.today).toBe(beijingDay());
    expect(r.data.todo.map((t) => t.key)).toEqual(['WAITING_PAYMENT', 'WAITING_REPLENISH', 'PROBLEM_NEAR_DEADLINE', 'SHOPS_EXPIRING', 'COURIER_PROBLEMS']);
    expect(r.data.chart.days).toHaveLength(7);
    expect(r.data.chart.days[6]).toBe(beijingDay());
    const placed = (d: HomeData) => d.figures.find((f) => f.key === 'ORDERS_PLACED')?.today ?? -1;
    expect(placed(r.data)).toBe(placed(before.data) + 1);
    const series = r.data.chart.series.find((s) => s.key === 'ORDERS_PLACED');
    expect(series?.values[6]).toBe(placed(r.data));
  });

  it('the purchaser sees 待分配 / 拿货中 / 待发货, the picker their own day; another purchaser sees none of ours', async () => {
    const p = await home(w.purchaser);
    expect(p.errorCode, p.errorMsg).toBe(0);
    expect(p.data.audience).toBe('purchaser');
    expect(p.data.todo.map((t) => t.key)).toEqual(['WAITING_ASSIGNED', 'TAKING', 'WAITING_SHIPPING', 'COURIER_PROBLEMS']);
    expect(p.data.figures.map((f) => f.key)).toEqual(['ITEMS_TOOK', 'ORDERS_SHIPPED', 'SIGNED']);
    expect(p.data.figures.find((f) => f.key === 'ORDERS_SHIPPED')?.today).toBeGreaterThan(0);

    const mine = await home(picker);
    expect(mine.errorCode, mine.errorMsg).toBe(0);
    expect(mine.data.audience).toBe('picker');
    expect(mine.data.todo.map((t) => t.key)).toEqual(['MY_TAKING', 'MY_TOOK_TODAY']);
    expect(mine.data.courierProblems).toEqual([]);

    const theirs = await home(other);
    expect(theirs.data.todo.every((t) => t.count === 0)).toBe(true);
    expect(theirs.data.figures.every((f) => f.today === 0 && f.yesterday === 0)).toBe(true);
  });

  it('without a session: refused', async () => {
    const r = await call(w.t.app, { method: 'POST', url: '/api/home/data', payload: {} });
    expect(r.json().errorCode).toBe(10000);
  });
});

describe('the figures equal a raw count, before and after a day closes', () => {
  const DAY = 86_400_000;
  const at = (day: string, time: string) => new Date(`${day}T${time}+08:00`);
  // Days older than the real week, so no call with today's clock has kept them before.
  const d0 = beijingDay(Date.now() - 20 * DAY);
  const d1 = beijingDay(Date.now() - 19 * DAY);
  const d2 = beijingDay(Date.now() - 18 * DAY);
  const bj = (col: string) => sql.raw(`to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`);

  /** The same figures counted straight from the raw rows, per Beijing day. */
  async function raw(org: number, audience: 'seller' | 'purchaser' | 'picker', pickerId = 0): Promise<Record<string, Map<string, number>>> {
    const q = (s: ReturnType<typeof sql>) => queryRows<{ day: string; v: string }>(db(), s).then((rs) => new Map(rs.map((r) => [r.day, Number(r.v)])));
    const took = q(
      sql`select ${bj('took_at')} as day, count(*) as v from take_items where purchaser_org_id = ${org} and took_at is not null
          and (${pickerId} = 0 or assigned_user_id = ${pickerId}) group by 1`,
    );
    if (audience === 'picker') return { ITEMS_TOOK: await took };
    if (audience === 'purchaser')
      return {
        ITEMS_TOOK: await took,
        ORDERS_SHIPPED: await q(sql`select ${bj('created_at')} as day, count(*) as v from waybills where purchaser_org_id = ${org} group by 1`),
        SIGNED: await q(
          sql`select ${bj('signed_at')} as day, count(*) as v from courier_traces where purchaser_org_id = ${org} and signed_at is not null group by 1`,
        ),
      };
    return {
      ORDERS_PLACED: await q(sql`select ${bj('created_at')} as day, count(*) as v from dropship_orders where org_id = ${org} group by 1`),
      ORDERS_PAID_FEN: await q(
        sql`select ${bj('paid_at')} as day, sum(total_fen) as v from dropship_orders where org_id = ${org} and paid_at is not null group by 1`,
      ),
      ORDERS_SHIPPED: await q(
        sql`select ${bj('delivered_at')} as day, count(*) as v from dropship_orders where org_id = ${org} and delivered_at is not null group by 1`,
      ),
      SIGNED: await q(
        sql`select ${bj('signed_at')} as day, count(*) as v from courier_traces where seller_org_id = ${org} and signed_at is not null group by 1`,
      ),
    };
  }

  async function expectRaw(caller: Caller, audience: 'seller' | 'purchaser' | 'picker', now: Date) {
    const d = await homeData(db(), caller, now);
    expect(d.audience).toBe(audience);
    const want = await raw(caller.orgId, audience, audience === 'picker' ? caller.userId : 0);
    expect(d.chart.series.map((s) => s.key)).toEqual(Object.keys(want));
    for (const s of d.chart.series) {
      expect(s.values, `${audience} ${s.key}`).toEqual(d.chart.days.map((day) => want[s.key]?.get(day) ?? 0));
      const f = d.figures.find((x) => x.key === s.key);
      expect(f?.today).toBe(s.values[6]);
      expect(f?.yesterday).toBe(s.values[5]);
    }
    return d;
  }

  it('seller, purchaser, a picker (own items only) and another purchaser (none) at midday, just after midnight and after the day closed', async () => {
    const orgOfUser = async (s: Session) =>
      Number((await queryRows<{ org_id: number }>(db(), sql`select org_id from users where id = ${s.userId}`))[0]?.org_id);
    const seller: Caller = { orgId: w.sellerOrg, orgType: 'seller', userId: w.seller.userId, isMain: true, sessionId: 0 };
    const purchaser: Caller = { orgId: w.purchaserOrg, orgType: 'purchaser', userId: w.purchaser.userId, isMain: true, sessionId: 0 };
    const mine: Caller = { orgId: w.purchaserOrg, orgType: 'purchaser', userId: picker.userId, isMain: false, sessionId: 0 };
    const theirs: Caller = { orgId: await orgOfUser(other), orgType: 'purchaser', userId: other.userId, isMain: true, sessionId: 0 };

    // Placed late on d0 and paid after midnight (paid on d1), taken by the picker on d0, shipped on d1.
    const a = await shipped();
    const b = await shipped();
    const c = await paidOrder(w);
    const move = async (id: number, created: Date, paid: Date, delivered: Date | null) =>
      db().execute(sql`update dropship_orders set created_at = ${created}, paid_at = ${paid}, delivered_at = ${delivered} where id = ${id}`);
    await move(a.id, at(d0, '23:50:00'), at(d1, '00:00:30'), at(d1, '09:00:00'));
    await move(b.id, at(d0, '10:00:00'), at(d0, '10:05:00'), at(d0, '23:59:59'));
    await move(c.id, at(d1, '08:00:00'), at(d1, '08:01:00'), null);
    await db().execute(sql`update take_items set took_at = ${at(d0, '23:59:00')}, assigned_user_id = ${picker.userId} where order_id = ${a.id}`);
    await db().execute(sql`update take_items set took_at = ${at(d1, '00:01:00')} where order_id = ${b.id}`);
    await db().execute(sql`update waybills set created_at = ${at(d1, '09:00:00')} where order_id = ${a.id}`);
    await db().execute(sql`update waybills set created_at = ${at(d0, '23:59:59')} where order_id = ${b.id}`);
    // The sign-off kept by the first test of this file, seen signed late on d0.
    await db().execute(
      sql`update courier_traces set signed_at = ${at(d0, '23:59:58')}
          where waybill_id = (select waybill_id from courier_traces where seller_org_id = ${w.sellerOrg} and signed_at is not null order by waybill_id limit 1)`,
    );

    const callers = [
      [seller, 'seller'],
      [purchaser, 'purchaser'],
      [mine, 'picker'],
      [theirs, 'purchaser'],
    ] as const;
    // d1 at midday is today (live), d0 closed (kept on this first read).
    for (const [caller, audience] of callers) await expectRaw(caller, audience, at(d1, '12:00:00'));
    // Just after midnight d1 is yesterday and still counted live; once closed it is kept, and read again from what was kept.
    for (const now of [at(d2, '00:05:00'), at(d2, '12:00:00'), at(d2, '13:00:00')])
      for (const [caller, audience] of callers) await expectRaw(caller, audience, now);

    const kept = await queryRows<{ org_id: number; user_id: number; n: string }>(
      db(),
      sql`select org_id, user_id, count(*) as n from workbench_day_figures where day = ${d1}::date group by 1, 2 order by 1, 2`,
    );
    expect(kept.map((k) => [k.org_id, k.user_id, Number(k.n)])).toEqual(
      expect.arrayContaining([
        [w.sellerOrg, 0, 4],
        [w.purchaserOrg, 0, 3],
        [w.purchaserOrg, picker.userId, 1],
        [theirs.orgId, 0, 3],
      ]),
    );
    const picked = await homeData(db(), mine, at(d1, '12:00:00'));
    expect(picked.figures).toEqual([{ key: 'ITEMS_TOOK', today: 0, yesterday: 1 }]);
    const whole = await homeData(db(), purchaser, at(d1, '12:00:00'));
    expect(whole.figures.find((f) => f.key === 'ITEMS_TOOK')).toMatchObject({ today: 1 });
  });
});
