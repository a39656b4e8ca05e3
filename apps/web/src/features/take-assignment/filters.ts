/**
 * The page's address (lib/list-page): the filters of the form, the tab (assignment status) and the
 * view, the page and the open dialog; and what the list calls take from them.
 */
import { TAKING_ITEM_STATUS_NAMES, TakeFilterShape, type TakePicker, type TakingStatusCode } from '@dropship/contract';
import { day, type FilterField, oneOf, optionsOf, text } from '../../lib/list-page';
import { zodRule } from '../../lib/zod-rule';
import type { TakeQuery } from './api';

export const TABS = ['ALL', 'WAITING_ASSIGNED', 'TAKING', 'TOOK_PART', 'TOOK', 'E_STOP_TAKING', 'E_LACK_TAKING', 'E_STOP_PRODUCTION', 'CLOSE'] as const;
const TAKING_STATUSES = Object.keys(TAKING_ITEM_STATUS_NAMES) as TakingStatusCode[];

export const TAKE_LIST = {
  filters: {
    takeCode: text(12),
    marketArea: text(40),
    market: text(60),
    stallName: text(60),
    /** A picker's id, or 0 for 未分配 (digits only; checked where the call is built). */
    pickerId: text(10),
    takingStatus: oneOf(TAKING_STATUSES),
    sellerName: text(60),
    printed: oneOf(['NO', 'YES'] as const),
    createdFrom: day(),
    createdTo: day(),
    // Not in the form: a new search keeps them, and changing either goes back to page 1.
    tab: oneOf(TABS).or('ALL'),
    view: oneOf(['list', 'stall'] as const).or('list'),
  },
  dialogs: ['log', 'auto', 'downs'] as const,
};
type Filters = { [K in keyof typeof TAKE_LIST.filters]: ReturnType<(typeof TAKE_LIST.filters)[K]['read']> };

/** The filter form; the pickers are the purchaser's, 未分配 first. */
export function filterFields(pickers: readonly TakePicker[]): FilterField[] {
  return [
    { kind: 'text', name: 'takeCode', label: '拿货码', maxLength: 12, width: 150, rules: [zodRule(TakeFilterShape.takeCode)] },
    { kind: 'text', name: 'marketArea', label: '拿货区域', maxLength: 40, width: 120 },
    { kind: 'text', name: 'market', label: '市场', maxLength: 60, width: 130 },
    { kind: 'text', name: 'stallName', label: '档口', maxLength: 60, width: 130 },
    {
      kind: 'select',
      name: 'pickerId',
      label: '拿货员',
      width: 130,
      options: [{ value: '0', label: '未分配' }, ...pickers.map((p) => ({ value: String(p.id), label: p.name }))],
    },
    { kind: 'select', name: 'takingStatus', label: '拿货状态', width: 120, options: optionsOf(TAKING_ITEM_STATUS_NAMES) },
    { kind: 'text', name: 'sellerName', label: '卖家', maxLength: 60, width: 130 },
    {
      kind: 'select',
      name: 'printed',
      label: '打印',
      width: 100,
      options: [
        { value: 'NO', label: '未打印' },
        { value: 'YES', label: '已打印' },
      ],
    },
    { kind: 'dayRange', name: 'created', label: '创建日期', from: 'createdFrom', to: 'createdTo' },
  ];
}

/** The form's own filters (the tab and the view left out), for ListFilterForm. */
export function formValues({ tab: _tab, view: _view, ...rest }: Filters): Record<string, unknown> {
  return rest;
}

/** What takePage / export / batchPrint take: the set filters, the tab as assignmentStatus, the picker as a number. */
export function filterBody({ tab, view: _view, pickerId, ...rest }: Filters): Omit<TakeQuery, 'pageNo' | 'pageSize'> {
  const f: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) f[k] = v;
  if (pickerId !== undefined && /^\d+$/.test(pickerId)) f.pickerId = Number(pickerId);
  if (tab !== 'ALL') f.assignmentStatus = tab;
  return f;
}
