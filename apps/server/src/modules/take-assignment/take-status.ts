/**
 * The take item's two statuses and which operation may move them (docs/decisions/0012-take-assignment.md).
 * Pure: no database. Services check `next(op, current)` under the row's lock (or put `fromWhere(op)`
 * into the UPDATE's WHERE), so a decision is never taken on a stale status.
 *
 * - assignmentStatus is the purchaser's dispatch view (tabs of /offlineReturnOrder/pickup);
 * - takingStatus is the goods' progress, mirrored on the seller's order line (dropship_order_items.take_status).
 *
 *   created ───────────────► WAITING_ASSIGNED / WAITING_TAKING
 *   assign (to a picker) ──► TAKING / TAKING                 (also re-assign while TAKING / TAKING)
 *   unassign ──────────────► WAITING_ASSIGNED / WAITING_TAKING (only while not yet marked)
 *   mark TOOK ─────────────► TOOK / TOOK
 *   mark TOOK_PART ────────► TOOK_PART / TOOK_PART           (the rest may be marked later: TOOK)
 *   mark E_LACK_TAKING ────► E_LACK_TAKING / E_LACK_TAKING   (out of stock: the line's goods money is refunded)
 *   mark E_STOP_PRODUCTION ► E_STOP_PRODUCTION / E_LACK_TAKING (taking has no "stopped production": the seller sees out of stock)
 *   mark E_NEXT_TAKING ────► WAITING_ASSIGNED / E_NEXT_TAKING (back in the pool for tomorrow; the picker is kept as a hint)
 *   mark E_CHANGE_TAKING ──► TAKING / E_CHANGE_TAKING        (still the picker's job: the exchange is fetched later)
 *   cancelTook ────────────► TAKING / TAKING                 (undo a mark, only before the warehouse scanned it)
 *   stop (seller) ─────────► E_STOP_TAKING / E_STOP_TAKING   from WAITING_TAKING or E_NEXT_TAKING
 *   stop (purchaser) ──────► same, also from TAKING / TAKING (the purchaser calls its own picker back)
 *   revokeStop ────────────► WAITING_ASSIGNED / WAITING_TAKING, picker cleared
 *   arrive (warehouse scan)► statuses kept (TOOK, TOOK_PART); from TAKING the scan proves it was taken: TOOK / TOOK
 *   close (order cancelled)► CLOSE / taking kept
 */
import type { AssignmentStatusCode, TakingStatusCode } from '@dropship/contract';

export type TakeOperation = 'assign' | 'unassign' | 'mark' | 'cancelTook' | 'stop' | 'revokeStop' | 'arrive' | 'close';

/** What a picker can report for an item (the picker's marking on /picker). */
export type MarkResult = 'TOOK' | 'TOOK_PART' | 'E_LACK_TAKING' | 'E_STOP_PRODUCTION' | 'E_NEXT_TAKING' | 'E_CHANGE_TAKING';
export const MARK_RESULTS: readonly MarkResult[] = ['TOOK', 'TOOK_PART', 'E_LACK_TAKING', 'E_STOP_PRODUCTION', 'E_NEXT_TAKING', 'E_CHANGE_TAKING'];

export interface TakeState {
  assignmentStatus: AssignmentStatusCode;
  takingStatus: TakingStatusCode;
  /** arrivedAt is set: the warehouse scanned it; nothing on the picking side may change any more. */
  arrived: boolean;
}

export interface TakeTarget {
  assignmentStatus: AssignmentStatusCode;
  takingStatus: TakingStatusCode;
  /** The operation clears assignedUserId (unassign, revokeStop). Assign sets it: the caller knows to whom. */
  clearAssignee: boolean;
}

/** A pair of statuses an operation may start from: the assignment status and the allowed taking statuses. */
export interface FromPair {
  assignmentStatus: AssignmentStatusCode;
  takingStatuses: readonly TakingStatusCode[];
}

const pair = (assignmentStatus: AssignmentStatusCode, ...takingStatuses: TakingStatusCode[]): FromPair => ({ assignmentStatus, takingStatuses });

/** Where each operation may start from (arrived items are refused separately, see `next`). */
export const FROM: Readonly<Record<TakeOperation | 'stopByPurchaser', readonly FromPair[]>> = {
  assign: [pair('WAITING_ASSIGNED', 'WAITING_TAKING', 'E_NEXT_TAKING'), pair('TAKING', 'TAKING')],
  unassign: [pair('TAKING', 'TAKING')],
  // A part-taken item may be completed (or found out of stock for the rest) later.
  mark: [pair('TAKING', 'TAKING', 'E_CHANGE_TAKING'), pair('TOOK_PART', 'TOOK_PART')],
  cancelTook: [
    pair('TOOK', 'TOOK'),
    pair('TOOK_PART', 'TOOK_PART'),
    pair('E_LACK_TAKING', 'E_LACK_TAKING'),
    pair('E_STOP_PRODUCTION', 'E_LACK_TAKING'),
    pair('TAKING', 'E_CHANGE_TAKING'),
    pair('WAITING_ASSIGNED', 'E_NEXT_TAKING'),
  ],
  // Matches STOPPABLE of take-items.service.ts (the seller's own stop).
  stop: [pair('WAITING_ASSIGNED', 'WAITING_TAKING', 'E_NEXT_TAKING'), pair('TAKING', 'WAITING_TAKING', 'E_NEXT_TAKING')],
  stopByPurchaser: [pair('WAITING_ASSIGNED', 'WAITING_TAKING', 'E_NEXT_TAKING'), pair('TAKING', 'WAITING_TAKING', 'E_NEXT_TAKING', 'TAKING')],
  revokeStop: [pair('E_STOP_TAKING', 'E_STOP_TAKING')],
  arrive: [pair('TAKING', 'TAKING'), pair('TOOK_PART', 'TOOK_PART'), pair('TOOK', 'TOOK')],
  close: [
    pair('WAITING_ASSIGNED', 'WAITING_TAKING', 'E_NEXT_TAKING'),
    pair('TAKING', 'WAITING_TAKING', 'E_NEXT_TAKING', 'TAKING'),
    pair('E_STOP_TAKING', 'E_STOP_TAKING'),
    pair('E_LACK_TAKING', 'E_LACK_TAKING'),
    pair('E_STOP_PRODUCTION', 'E_LACK_TAKING'),
  ],
};

/** Taking statuses the seller's order line may be stopped from when the purchaser stops it. */
export const PURCHASER_STOPPABLE: readonly TakingStatusCode[] = ['WAITING_TAKING', 'E_NEXT_TAKING', 'TAKING'];

const MARK_TARGET: Record<MarkResult, Omit<TakeTarget, 'clearAssignee'>> = {
  TOOK: { assignmentStatus: 'TOOK', takingStatus: 'TOOK' },
  TOOK_PART: { assignmentStatus: 'TOOK_PART', takingStatus: 'TOOK_PART' },
  E_LACK_TAKING: { assignmentStatus: 'E_LACK_TAKING', takingStatus: 'E_LACK_TAKING' },
  E_STOP_PRODUCTION: { assignmentStatus: 'E_STOP_PRODUCTION', takingStatus: 'E_LACK_TAKING' },
  E_NEXT_TAKING: { assignmentStatus: 'WAITING_ASSIGNED', takingStatus: 'E_NEXT_TAKING' },
  E_CHANGE_TAKING: { assignmentStatus: 'TAKING', takingStatus: 'E_CHANGE_TAKING' },
};

export function canStart(op: TakeOperation | 'stopByPurchaser', s: TakeState): boolean {
  if (s.arrived && op !== 'close') return false;
  return FROM[op].some((p) => p.assignmentStatus === s.assignmentStatus && p.takingStatuses.includes(s.takingStatus));
}

export interface NextOptions {
  /** For 'mark': what the picker reports. */
  result?: MarkResult;
  /** For 'stop': the purchaser stops at the seller's request (may also stop TAKING items). */
  byPurchaser?: boolean;
}

/** The statuses after `op`, or null when `op` is not allowed from `s` (the caller refuses with its error code). */
export function next(op: TakeOperation, s: TakeState, opts: NextOptions = {}): TakeTarget | null {
  const fromOp = op === 'stop' && opts.byPurchaser ? 'stopByPurchaser' : op;
  if (!canStart(fromOp, s)) return null;
  const to = (assignmentStatus: AssignmentStatusCode, takingStatus: TakingStatusCode, clearAssignee = false): TakeTarget => ({
    assignmentStatus,
    takingStatus,
    clearAssignee,
  });
  switch (op) {
    case 'assign':
      return to('TAKING', 'TAKING');
    case 'unassign':
      return to('WAITING_ASSIGNED', 'WAITING_TAKING', true);
    case 'mark': {
      if (!opts.result) return null;
      // Only a part-taken item's rest may be marked: re-reporting "part taken" or an exchange on it makes no sense.
      if (s.assignmentStatus === 'TOOK_PART' && !['TOOK', 'E_LACK_TAKING', 'E_STOP_PRODUCTION'].includes(opts.result)) return null;
      return { ...MARK_TARGET[opts.result], clearAssignee: false };
    }
    case 'cancelTook':
      return to('TAKING', 'TAKING');
    case 'stop':
      return to('E_STOP_TAKING', 'E_STOP_TAKING');
    case 'revokeStop':
      return to('WAITING_ASSIGNED', 'WAITING_TAKING', true);
    case 'arrive':
      return s.assignmentStatus === 'TAKING' ? to('TOOK', 'TOOK') : to(s.assignmentStatus, s.takingStatus);
    case 'close':
      return to('CLOSE', s.takingStatus);
  }
}

/** Assignment statuses whose items still wait for a picker's work (the kanban's "open" figure). */
export const OPEN_ASSIGNMENT: readonly AssignmentStatusCode[] = ['WAITING_ASSIGNED', 'TAKING'];

/** The log operation names written to take_logs for each operation. */
export const LOG_OPERATION: Record<TakeOperation, string> = {
  assign: 'ASSIGN',
  unassign: 'UNASSIGN',
  mark: 'MARK',
  cancelTook: 'CANCEL_TOOK',
  stop: 'STOP',
  revokeStop: 'REVOKE_STOP',
  arrive: 'ARRIVE',
  close: 'CLOSE',
};
