/**
 * The seller's merge and wait rules (订单履约策略, decision 0019), pure. An order is *ready* when
 * every live line is in (COMPLETE) or, with 有货先发 (SHIP_TAKEN), every live line is in or put off to
 * another day and at least one is in. Orders of one seller for the same receiver (trimmed name,
 * phone and address), same express, paid the same Beijing day, travel in one parcel: the parcel
 * leaves when none of its members is still waited for.
 */

import type { FulfillmentStrategy } from '@dropship/contract';
import { beijingDay } from '@dropship/contract';
import type { OrderRecord } from '../dropship-orders/index.js';
import { isIn, isLive } from './arrival.js';
import type { TakeItemRecord } from './warehouse.repository.js';

export type WaitMode = FulfillmentStrategy['waitMode'];
/**
 * COMPLETE: all live lines in. SHIP_TAKEN: ships what is in, the put-off lines are refunded.
 * PUT_OFF (有货先发 only): nothing in, every live line put off: it does not hold its parcel.
 * PENDING: goods still on the way. EMPTY: no live line (all stopped or out of stock).
 */
export type Readiness = 'COMPLETE' | 'SHIP_TAKEN' | 'PUT_OFF' | 'PENDING' | 'EMPTY';

type Item = Pick<TakeItemRecord, 'takingStatus' | 'assignmentStatus' | 'arrivedAt'>;

const isPutOff = (i: Item) => isLive(i) && !isIn(i) && i.takingStatus === 'E_NEXT_TAKING';

export function readinessOf(items: Item[], waitMode: WaitMode): Readiness {
  const live = items.filter(isLive);
  if (live.length === 0) return 'EMPTY';
  const arrived = live.filter(isIn).length;
  if (arrived === live.length) return 'COMPLETE';
  if (waitMode !== 'SHIP_TAKEN' || arrived + live.filter(isPutOff).length < live.length) return 'PENDING';
  return arrived > 0 ? 'SHIP_TAKEN' : 'PUT_OFF';
}

export const canShip = (r: Readiness) => r === 'COMPLETE' || r === 'SHIP_TAKEN';

/** The lines 有货先发 stops and refunds when the order ships. */
export const putOffLines = <T extends Item>(items: T[]): T[] => items.filter(isPutOff);

type Keyed = Pick<
  OrderRecord,
  | 'orgId'
  | 'purchaserOrgId'
  | 'expressCode'
  | 'paidAt'
  | 'createdAt'
  | 'receiverName'
  | 'receiverPhone'
  | 'receiverProvince'
  | 'receiverCity'
  | 'receiverDistrict'
  | 'receiverAddress'
  | 'receiverEncrypted'
  | 'receiverHandle'
  | 'receiverKey'
  | 'id'
>;

/**
 * Two orders travel together exactly when their keys are equal; the day is the Beijing day it was paid
 * (placed, for an order paid on credit). A plain receiver compares by its HMAC (receiver_key, over the
 * whole trimmed receiver, area included: the plain receiver is sealed). A platform-encrypted receiver
 * is known only by its masks, which many buyers share (冯** *******9668): such orders go together
 * only under the same platform handle
 * (Taobao's oaid is one per receiver), and an encrypted order without one travels alone. A row from
 * before the vault (no key yet) compares by its stored columns.
 */
export function parcelKey(o: Keyed): string {
  const area = [o.receiverProvince, o.receiverCity, o.receiverDistrict].map((s) => s.trim());
  const receiver = o.receiverEncrypted
    ? [...area, 'ENCRYPTED', o.receiverHandle ?? `order:${o.id}`]
    : o.receiverKey
      ? [o.receiverKey]
      : [o.receiverName, o.receiverPhone, o.receiverProvince, o.receiverCity, o.receiverDistrict, o.receiverAddress].map((s) => s.trim());
  return JSON.stringify([o.orgId, o.purchaserOrgId, o.expressCode, beijingDay(o.paidAt ?? o.createdAt), ...receiver]);
}

export interface Member {
  o: OrderRecord;
  items: TakeItemRecord[];
  readiness: Readiness;
}

/**
 * Which members leave now and which are still waited for. A member with no live line, or (有货先发)
 * with everything put off and nothing in, neither travels nor holds the others: it ships on its own
 * when its goods come.
 */
export function planParcel(members: Member[]) {
  const counted = members.filter((m) => m.readiness !== 'EMPTY' && m.readiness !== 'PUT_OFF');
  return { travelling: counted.filter((m) => canShip(m.readiness)), waitingFor: counted.filter((m) => !canShip(m.readiness)) };
}

/** The order numbers printed on a parcel's waybill (the field holds 64 characters). */
export function parcelOrderNos(nos: string[]): string {
  if (nos.length <= 1) return nos[0] ?? '';
  const all = nos.join('、');
  if (all.length <= 64) return all;
  const tail = `等${nos.length}单`;
  let shown = '';
  for (const n of nos) {
    const next = shown ? `${shown}、${n}` : n;
    if (next.length + tail.length > 64) break;
    shown = next;
  }
  return `${shown}${tail}`;
}
