/**
 * Kept courier traces (decision 0035): the tracking job's polls and Kuaidi100's pushes both land in
 * `keepTrace`; problems are flagged when a trace is written (returned to sender) or found not moving
 * for TRACE_STALLED_DAYS; /expressMsg reads the kept trace and asks Kuaidi100 again only when it is old.
 */
import { CourierError, courierOfCom, KUAIDI100_PUSH_ACCEPTED, KUAIDI100_PUSH_REFUSED, readTrackPush, TRACK_STATES, type TrackResult } from '@dropship/channels';
import { type ExpressTrace, TRACE_FRESH_MS, TRACE_STALLED_DAYS, type TraceProblem } from '@dropship/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { CourierGateway } from './courier-gateway.js';
import * as repo from './courier-trace.repository.js';
import type { TraceEvent } from './courier-trace.table.js';

/** 退签, 退回, 拒签: the parcel is going back to the sender. */
const RETURNED_STATES = new Set(['4', '6', '14']);

/** "2026-11-23 10:00:00" is Beijing wall time as Kuaidi100 writes it. */
export function chinaTimeToDate(text: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)/.exec(text);
  if (!m) return null;
  const d = new Date(`${m[1]}T${m[2]}+08:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The problem a trace shows at `now`: returned beats stalled; a signed parcel has none. */
export function problemOf(state: string, signed: boolean, lastEventAt: Date | null, now: Date): TraceProblem | null {
  if (RETURNED_STATES.has(state)) return 'RETURNED';
  if (signed || !lastEventAt) return null;
  return now.getTime() - lastEventAt.getTime() >= TRACE_STALLED_DAYS * 86_400_000 ? 'STALLED' : null;
}

function writeOf(r: { state: string; signed: boolean; traces: TraceEvent[] }, source: 'poll' | 'push', now = new Date()): repo.TraceWrite {
  const events = r.traces.map((t) => ({ time: t.time, context: t.context.slice(0, 500), ...(t.status ? { status: t.status } : {}) })).slice(0, 200);
  const lastEventAt = events[0] ? chinaTimeToDate(events[0].time) : null;
  return { state: r.state, signed: r.signed, events, lastEventAt, problem: problemOf(r.state, r.signed, lastEventAt, now), source };
}

/** Keeps what a poll answered (the tracking job and the lookup). */
export async function keepPolled(db: Db, w: repo.TraceWaybill, r: TrackResult) {
  await repo.keepTrace(db, w, writeOf(r, 'poll'));
}

/**
 * A push from Kuaidi100: a wrong sign is refused and nothing kept; a number that is not ours is
 * accepted (so Kuaidi100 stops) and ignored. Answers what the callback replies.
 */
export async function acceptPush(db: Db, courier: CourierGateway, fields: Record<string, string>, log: FastifyBaseLogger) {
  const salt = courier.push?.salt;
  const p = salt ? readTrackPush(fields, salt) : null;
  if (!p) {
    log.warn('快递100推送签名校验失败，已拒收');
    return KUAIDI100_PUSH_REFUSED('签名错误');
  }
  const code = courierOfCom(p.com);
  const w = code ? await repo.waybillByNumber(db, code, p.trackingNo) : undefined;
  if (w) await repo.keepTrace(db, w, writeOf(p, 'push'));
  return KUAIDI100_PUSH_ACCEPTED;
}

/** Subscribes shipped waybills not subscribed yet (Kuaidi100 waybills only; platform ones are followed there). */
export async function subscribeDue(db: Db, courier: CourierGateway, limit = 200) {
  const push = courier.push;
  if (!push) return 0;
  const client = await courier.client();
  let done = 0;
  for (const w of await repo.dueSubscriptions(db, limit)) {
    try {
      await client.subscribe({
        courierCode: w.courier_code,
        trackingNo: w.tracking_no,
        phone: w.receiver_phone.slice(-4),
        callbackUrl: push.callbackUrl,
        salt: push.salt,
      });
    } catch (e) {
      if (e instanceof CourierError && !e.retryable) continue; // a company Kuaidi100 does not follow: polling still may
      throw e;
    }
    await repo.markSubscribed(db, w);
    done++;
  }
  return done;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** /expressMsg: one waybill of the caller's organisation with its timeline; another organisation's number is not found. */
export async function lookupTrace(db: Db, courier: CourierGateway, orgId: number, trackingNo: string): Promise<ExpressTrace> {
  let r = await repo.lookupForOrg(db, orgId, trackingNo);
  if (!r) throw notFound('运单');
  const stale = !r.updated_at || Date.now() - new Date(r.updated_at).getTime() > TRACE_FRESH_MS;
  if (!r.signed_at && stale) {
    try {
      const client = await courier.client();
      await keepPolled(db, r, await client.queryTrack({ courierCode: r.courier_code, trackingNo: r.tracking_no, phone: r.receiver_phone.slice(-4) }));
      r = (await repo.lookupForOrg(db, orgId, trackingNo)) ?? r;
    } catch (e) {
      // Nothing known yet, or Kuaidi100 unreachable: show what is kept.
      if (!(e instanceof CourierError)) throw e;
    }
  }
  const state = r.state ?? '';
  return {
    trackingNo: r.tracking_no,
    courierCode: r.courier_code,
    courierName: r.express_name ?? r.courier_code,
    orderNo: r.order_no ?? '',
    state,
    stateName: TRACK_STATES[state as keyof typeof TRACK_STATES] ?? (state ? state : '暂无物流信息'),
    signed: !!r.signed_at,
    problem: (r.problem as TraceProblem | null) ?? null,
    events: (r.events ?? []).map((e) => ({ time: e.time, context: e.context, status: e.status ?? '' })),
    updatedAt: iso(r.updated_at),
  };
}
