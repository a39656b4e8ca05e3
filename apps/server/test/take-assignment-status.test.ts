/** The pure take-status mapping (take-status.ts): every operation from every pair of statuses. */
import { AssignmentStatus, TakingItemStatus } from '@dropship/contract';
import { describe, expect, it } from 'vitest';
import { pickerFor } from '../src/modules/take-assignment/auto-assign.service.js';
import { canStart, MARK_RESULTS, next, type TakeState } from '../src/modules/take-assignment/take-status.js';

const s = (assignmentStatus: TakeState['assignmentStatus'], takingStatus: TakeState['takingStatus'], arrived = false): TakeState => ({
  assignmentStatus,
  takingStatus,
  arrived,
});

describe('take-status', () => {
  it('assigns waiting and re-assigns unmarked items only', () => {
    expect(next('assign', s('WAITING_ASSIGNED', 'WAITING_TAKING'))).toEqual({ assignmentStatus: 'TAKING', takingStatus: 'TAKING', clearAssignee: false });
    expect(next('assign', s('WAITING_ASSIGNED', 'E_NEXT_TAKING'))?.assignmentStatus).toBe('TAKING');
    expect(next('assign', s('TAKING', 'TAKING'))?.assignmentStatus).toBe('TAKING');
    for (const bad of [
      s('TOOK', 'TOOK'),
      s('TAKING', 'E_CHANGE_TAKING'),
      s('E_STOP_TAKING', 'E_STOP_TAKING'),
      s('CLOSE', 'WAITING_TAKING'),
      s('TAKING', 'TAKING', true),
    ]) {
      expect(next('assign', bad)).toBeNull();
    }
    expect(next('unassign', s('TAKING', 'TAKING'))).toEqual({ assignmentStatus: 'WAITING_ASSIGNED', takingStatus: 'WAITING_TAKING', clearAssignee: true });
    expect(next('unassign', s('WAITING_ASSIGNED', 'WAITING_TAKING'))).toBeNull();
  });

  it('maps each mark result onto both statuses; a part-taken item only takes its rest', () => {
    const from = s('TAKING', 'TAKING');
    expect(MARK_RESULTS.map((r) => next('mark', from, { result: r }))).toEqual([
      { assignmentStatus: 'TOOK', takingStatus: 'TOOK', clearAssignee: false },
      { assignmentStatus: 'TOOK_PART', takingStatus: 'TOOK_PART', clearAssignee: false },
      { assignmentStatus: 'E_LACK_TAKING', takingStatus: 'E_LACK_TAKING', clearAssignee: false },
      { assignmentStatus: 'E_STOP_PRODUCTION', takingStatus: 'E_LACK_TAKING', clearAssignee: false },
      { assignmentStatus: 'WAITING_ASSIGNED', takingStatus: 'E_NEXT_TAKING', clearAssignee: false },
      { assignmentStatus: 'TAKING', takingStatus: 'E_CHANGE_TAKING', clearAssignee: false },
    ]);
    expect(next('mark', from)).toBeNull();
    expect(next('mark', s('TOOK_PART', 'TOOK_PART'), { result: 'TOOK' })?.assignmentStatus).toBe('TOOK');
    expect(next('mark', s('TOOK_PART', 'TOOK_PART'), { result: 'E_NEXT_TAKING' })).toBeNull();
    expect(next('mark', s('WAITING_ASSIGNED', 'WAITING_TAKING'), { result: 'TOOK' })).toBeNull();
  });

  it('cancelTook undoes any mark before arrival; stop by the purchaser also reaches TAKING', () => {
    for (const marked of [s('TOOK', 'TOOK'), s('TOOK_PART', 'TOOK_PART'), s('E_LACK_TAKING', 'E_LACK_TAKING'), s('E_STOP_PRODUCTION', 'E_LACK_TAKING')]) {
      expect(next('cancelTook', marked)).toMatchObject({ assignmentStatus: 'TAKING', takingStatus: 'TAKING' });
      expect(next('cancelTook', { ...marked, arrived: true })).toBeNull();
    }
    expect(next('stop', s('TAKING', 'TAKING'))).toBeNull();
    expect(next('stop', s('TAKING', 'TAKING'), { byPurchaser: true })?.takingStatus).toBe('E_STOP_TAKING');
    expect(next('revokeStop', s('E_STOP_TAKING', 'E_STOP_TAKING'))).toMatchObject({ assignmentStatus: 'WAITING_ASSIGNED', clearAssignee: true });
    expect(next('arrive', s('TAKING', 'TAKING'))).toMatchObject({ assignmentStatus: 'TOOK', takingStatus: 'TOOK' });
    expect(next('arrive', s('TOOK', 'TOOK', true))).toBeNull();
  });

  it('every pair of codes is either allowed or refused, never an unknown status', () => {
    for (const a of AssignmentStatus.options)
      for (const t of TakingItemStatus.options)
        for (const op of ['assign', 'unassign', 'cancelTook', 'stop', 'revokeStop', 'arrive', 'close'] as const) {
          const to = next(op, s(a, t));
          expect(to === null || (AssignmentStatus.options.includes(to.assignmentStatus) && TakingItemStatus.options.includes(to.takingStatus))).toBe(true);
          expect(to !== null).toBe(canStart(op, s(a, t)));
        }
  });

  it('auto-assign: a stall rule wins over its area', () => {
    const rules = [
      { type: 'AREA' as const, value: '十三行', pickerId: 1 },
      { type: 'STALL' as const, value: 'm|b|f|n|s', pickerId: 2 },
    ];
    expect(pickerFor(rules, { marketArea: '十三行', stallKey: 'm|b|f|n|s' })).toBe(2);
    expect(pickerFor(rules, { marketArea: '十三行', stallKey: 'x' })).toBe(1);
    expect(pickerFor(rules, { marketArea: '沙河', stallKey: 'x' })).toBeUndefined();
  });
});
