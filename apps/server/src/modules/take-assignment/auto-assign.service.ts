/**
 * Automatic assignment (autoAssignedSet): the purchaser's rules "market area → picker" and
 * "stall → picker" (a stall rule wins over its area's). Applied to new take items at payment,
 * inside the payment's transaction (createTakeItems calls `autoAssign`), so an order is never
 * seen paid but unassigned by a rule that covers it. Rules naming a picker who was disabled since
 * are skipped: the item waits for a person instead.
 */
import { type AutoAssignSetBody, ErrorCode, stallKey } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import * as repo from './assign.repository.js';
import { purchaserOf } from './assign.service.js';
import * as autoRepo from './auto-assign.repository.js';
import { takeItemsChanged } from './hooks.js';
import { appendTakeLogs } from './take-logs.repository.js';

type Rule = autoRepo.Rule;

/** No saved setting means no rules: nothing is assigned automatically. */
async function settingOf(db: Db, org: number): Promise<{ enabled: boolean; rules: Rule[] }> {
  return (await autoRepo.autoAssignSetting(db, org)) ?? { enabled: false, rules: [] };
}

export async function getAutoAssign(db: Db, caller: Caller) {
  const org = purchaserOf(caller);
  const s = await settingOf(db, org);
  const names = new Map((await repo.pickersOf(db, org)).map((p) => [p.id, p.name]));
  return { enabled: s.enabled, rules: s.rules.map((r) => ({ ...r, pickerName: names.get(r.pickerId) ?? '（已停用）' })) };
}

export async function setAutoAssign(db: Db, caller: Caller, body: AutoAssignSetBody) {
  const org = purchaserOf(caller);
  const keys = body.rules.map((r) => `${r.type}:${r.value}`);
  if (new Set(keys).size !== keys.length) throw new AppError(ErrorCode.TAKE_AUTO_RULE_INVALID);
  if (!(await repo.isPicker(db, org, [...new Set(body.rules.map((r) => r.pickerId))]))) throw new AppError(ErrorCode.TAKE_PICKER_INVALID);
  const rules = body.rules.map((r) => ({ type: r.type, value: r.value, pickerId: r.pickerId }));
  await autoRepo.upsertAutoAssignSetting(db, org, body.enabled, rules);
  return getAutoAssign(db, caller);
}

/** The picker each new item goes to by the rules, or none. Pure. */
export function pickerFor(rules: readonly Rule[], item: { marketArea: string; stallKey: string }): number | undefined {
  return (
    rules.find((r) => r.type === 'STALL' && r.value === item.stallKey)?.pickerId ??
    rules.find((r) => r.type === 'AREA' && r.value === item.marketArea)?.pickerId
  );
}

/** Hook of createTakeItems: assigns the new items covered by the purchaser's enabled rules, in the caller's transaction. */
export async function autoAssign(tx: Db, purchaserOrgId: number, takeItemIds: readonly number[]) {
  if (takeItemIds.length === 0) return;
  const setting = await settingOf(tx, purchaserOrgId);
  if (!setting.enabled || setting.rules.length === 0) return;
  const items = await autoRepo.waitingItemsAmong(tx, purchaserOrgId, takeItemIds);
  const enabled = new Set((await repo.pickersOf(tx, purchaserOrgId)).map((p) => p.id));
  const byPicker = new Map<number, number[]>();
  const orderIds = new Set<number>();
  for (const i of items) {
    const key = stallKey({ market: i.market, building: i.building, floor: i.floor, stallNo: i.stall_no, stallName: i.stall_name });
    const picker = pickerFor(setting.rules, { marketArea: i.market_area, stallKey: key });
    if (picker === undefined || !enabled.has(picker)) continue;
    byPicker.set(picker, [...(byPicker.get(picker) ?? []), Number(i.id)]);
    orderIds.add(Number(i.order_id));
  }
  if (byPicker.size === 0) return;
  const all: number[] = [];
  for (const [picker, ids] of byPicker) {
    await repo.setAssignee(tx, ids, { assignmentStatus: 'TAKING', takingStatus: 'TAKING' }, picker);
    await appendTakeLogs(
      tx,
      purchaserOrgId,
      null,
      ids.map((id) => ({ takeItemId: id, operation: 'ASSIGN', fromStatus: 'WAITING_ASSIGNED', toStatus: 'TAKING', note: '自动分配' })),
    );
    all.push(...ids);
  }
  await takeItemsChanged.emit(tx, {
    takeItemIds: all,
    orderIds: [...orderIds],
    event: {
      operation: 'TAKE_ASSIGN',
      note: '采购商按自动分配规则安排了拿货员',
      actor: { userId: null, orgId: purchaserOrgId },
    },
  });
}
