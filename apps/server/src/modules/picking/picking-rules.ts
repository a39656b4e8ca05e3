/**
 * The pure rules of a mark (no database): the input a result needs, what it means in pieces and
 * money before any cap, and the names the logs and errors use.
 */
import { ErrorCode, PAID_RESULTS, PICKER_COMMISSION_PER_PIECE_FEN, type PickMarkBody, stallKey, TAKING_ITEM_STATUS_NAMES } from '@dropship/contract';
import { AppError } from '../../lib/app-error.js';
import type { TakeState } from '../take-assignment/index.js';
import type { TakeItemRecord } from './picking.repository.js';

export type Item = TakeItemRecord;

export const lineName = (i: Item) => `${[i.artNo, i.color, i.size].filter(Boolean).join(' ') || '商品'} ×${i.quantity}`;
export const stateOf = (i: Item): TakeState => ({
  assignmentStatus: i.assignmentStatus,
  takingStatus: i.takingStatus,
  arrived: i.arrivedAt !== null,
});
export const statusText = (i: Item) => TAKING_ITEM_STATUS_NAMES[i.takingStatus] ?? i.takingStatus;
export const pair = (a: string, t: string) => `${a}/${t}`;

/** Refuses input the result cannot take, before anything is locked. */
export function checkInput(b: PickMarkBody, items: Item[]) {
  const bad = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg);
  if (new Set(items.map(stallKey)).size > 1) throw new AppError(ErrorCode.PICKING_MIXED_STALLS);
  if (b.result === 'TOOK_PART') {
    const [only] = items;
    if (items.length !== 1 || !only || b.tookQuantity === undefined || b.tookQuantity >= only.quantity) throw new AppError(ErrorCode.PICKING_QUANTITY_INVALID);
  } else if (b.tookQuantity !== undefined) throw bad('拿到数量：只有部分拿到需要填写');
  if (b.priceFen !== undefined && !PAID_RESULTS.includes(b.result)) throw bad('实际拿货单价：只有已拿、部分拿到需要填写');
  if (b.result === 'E_CHANGE_TAKING' && !b.note?.trim()) throw new AppError(ErrorCode.PICKING_NOTE_REQUIRED);
}

export const refOf = (i: Item) => ({ sellerOrgId: i.sellerOrgId, orderId: i.orderId, orderItemId: i.orderItemId });

/** What the mark means in pieces and money, before any cap. */
export function plan(i: Item, b: PickMarkBody) {
  const took = b.result === 'TOOK' ? i.quantity : b.result === 'TOOK_PART' ? (b.tookQuantity as number) : 0;
  const priceFen = took > 0 ? (b.priceFen ?? i.unitCostFen) : null;
  const refundFen =
    b.result === 'E_LACK_TAKING' || b.result === 'E_STOP_PRODUCTION'
      ? i.quantity * i.unitCostFen
      : b.result === 'TOOK_PART'
        ? (i.quantity - took) * i.unitCostFen
        : 0;
  return { took, priceFen, refundFen, goodsFen: (priceFen ?? 0) * took, commissionFen: took * PICKER_COMMISSION_PER_PIECE_FEN };
}
