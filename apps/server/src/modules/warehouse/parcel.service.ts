/**
 * Finding and locking an order's parcel (decision 0019). The mates are found without locks, then
 * every member's row is locked in id order (the order every lock in the product is taken in, so two
 * scans finishing two members at once queue instead of deadlocking) and compared again under the
 * lock: the one that decides second sees the other's arrival and ships the parcel once.
 */
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { lockOrders, type OrderRecord } from '../dropship-orders/index.js';
import { fulfilmentSettings } from '../fulfilment-settings/index.js';
import { isSelfPickup } from './hand-over.service.js';
import { type Member, parcelKey, planParcel, readinessOf, type WaitMode } from './parcel.js';
import * as parcels from './parcel.repository.js';
import * as repo from './warehouse.repository.js';

export interface Rules {
  merge: boolean;
  waitMode: WaitMode;
}

/** The seller's merge and wait rules for an order; a self-pickup order never merges and waits for all (the collector can wait). */
export async function rulesOf(db: Db, o: Pick<OrderRecord, 'orgId' | 'expressCode'>): Promise<Rules> {
  if (isSelfPickup(o)) return { merge: false, waitMode: 'WAIT_ALL' };
  const s = (await fulfilmentSettings(db, o.orgId)).orderFulfillmentStrategy;
  return { merge: s.mergeSameReceiver, waitMode: s.waitMode };
}

/** The ids to lock for o's parcel (o included), read without locks; `alone`: 拆开单独发. */
export async function parcelIdsOf(db: Db, purchaserOrgId: number, o: OrderRecord, rules: Rules, alone = false): Promise<number[]> {
  if (!rules.merge || alone || o.status !== 'WAITING_DELIVERING') return [o.id];
  const mates = (await parcels.candidatePairs(db, purchaserOrgId, [o.id])).map((p) => p.memberId);
  return [...new Set([o.id, ...mates])].sort((a, b) => a - b);
}

export const memberOf = (o: OrderRecord, items: repo.TakeItemRecord[], waitMode: WaitMode): Member => ({
  o,
  items,
  readiness: readinessOf(items, waitMode),
});

/**
 * In the caller's transaction: locks the ids (id order), reads the items, and keeps as members o and
 * the orders still waiting to ship with o's exact key. o is answered whatever its status (the caller
 * refuses); it is a member only while it waits to ship.
 */
export async function lockParcel(t: Db, purchaserOrgId: number, o0: OrderRecord, ids: number[], waitMode: WaitMode) {
  const locked = await lockOrders(t, o0.orgId, ids);
  const o = locked.find((x) => x.id === o0.id);
  if (!o || o.purchaserOrgId !== purchaserOrgId) throw notFound('订单');
  const key = parcelKey(o);
  const open = o.status === 'WAITING_DELIVERING';
  const keep = locked.filter((x) => x.id === o.id || (open && x.status === 'WAITING_DELIVERING' && parcelKey(x) === key));
  const items = await repo.itemsOfOrders(
    t,
    purchaserOrgId,
    keep.map((x) => x.id),
  );
  const members = keep.map((x) =>
    memberOf(
      x,
      items.filter((i) => i.orderId === x.id),
      waitMode,
    ),
  );
  return { o, self: members.find((m) => m.o.id === o.id) as Member, members: open ? members : [] };
}

/** The other members of a parcel as the pages show them. */
export const matesOf = (members: Member[], selfId: number) =>
  members
    .filter((m) => m.o.id !== selfId && m.readiness !== 'EMPTY')
    .map((m) => ({ orderId: m.o.id, orderNo: m.o.orderNo, ready: m.readiness === 'COMPLETE' || m.readiness === 'SHIP_TAKEN' }));

/** The orders o's parcel still waits for (none: it may leave). */
export const waitingForOf = (members: Member[], selfId: number) => planParcel(members).waitingFor.filter((m) => m.o.id !== selfId);

export interface RowParcelInfo {
  mergeOrderNos: string[];
  mergeWaiting: boolean;
  shipTaken: boolean;
}

/**
 * The merge tag of list rows (/print/printDelivery), for a page at once: a few queries whatever the
 * page size. Shipped rows name the orders that left under the same tracking number.
 */
export async function parcelInfoOf(db: Db, purchaserOrgId: number, ids: number[], shipped: boolean): Promise<Map<number, RowParcelInfo>> {
  const out = new Map<number, RowParcelInfo>(ids.map((id) => [id, { mergeOrderNos: [], mergeWaiting: false, shipTaken: false }]));
  if (shipped) {
    for (const m of await parcels.shippedMates(db, purchaserOrgId, ids)) out.get(m.orderId)?.mergeOrderNos.push(m.orderNo);
    return out;
  }
  const pairs = await parcels.candidatePairs(db, purchaserOrgId, ids);
  const all = await parcels.ordersForPurchaser(db, purchaserOrgId, [...new Set([...ids, ...pairs.map((p) => p.memberId)])]);
  const items = await repo.itemsOfOrders(
    db,
    purchaserOrgId,
    all.map((o) => o.id),
  );
  const rules = new Map<number, Rules>();
  for (const sellerOrgId of new Set(all.map((o) => o.orgId))) rules.set(sellerOrgId, await rulesOf(db, { orgId: sellerOrgId, expressCode: '' }));
  const byId = new Map(all.map((o) => [o.id, o]));
  const member = (o: OrderRecord) =>
    memberOf(
      o,
      items.filter((i) => i.orderId === o.id),
      isSelfPickup(o) ? 'WAIT_ALL' : (rules.get(o.orgId)?.waitMode ?? 'WAIT_ALL'),
    );
  for (const id of ids) {
    const o = byId.get(id);
    if (!o) continue;
    const r = rules.get(o.orgId) as Rules;
    const self = member(o);
    const info = out.get(id) as RowParcelInfo;
    info.shipTaken = self.readiness === 'SHIP_TAKEN';
    if (!r.merge || isSelfPickup(o)) continue;
    const key = parcelKey(o);
    const members = [
      self,
      ...pairs
        .filter((p) => p.subjectId === id)
        .map((p) => byId.get(p.memberId))
        .filter((m): m is OrderRecord => !!m && parcelKey(m) === key)
        .map(member),
    ];
    info.mergeOrderNos = matesOf(members, id).map((m) => m.orderNo);
    info.mergeWaiting = (self.readiness === 'COMPLETE' || self.readiness === 'SHIP_TAKEN') && waitingForOf(members, id).length > 0;
  }
  return out;
}
