/**
 * 问题件's list as it stands in the address: the tab is the `status` filter (absent = 全部), the
 * other filters of the contract's ProblemFilter, the filter form as data, what a row allows, and
 * the deadline countdown's text.
 */
import { PARCEL_KIND_NAMES, ParcelKind, ParcelStatus, type ProblemRow } from '@dropship/contract';
import { day, type FilterField, oneOf, optionsOf, text } from '../../lib/list-page';

export const PROBLEM_LIST = {
  filters: {
    status: oneOf(ParcelStatus.options),
    kind: oneOf(ParcelKind.options),
    trackingNo: text(40),
    createdFrom: day(),
    createdTo: day(),
    deadlineFrom: day(),
    deadlineTo: day(),
  },
};

export const problemListPath = '/afterSale/problemList';
/** The send-back page of one or more parcels (a claimed headless parcel has its own page, the same component). */
export const sendBackPath = (ids: number[], kind: 'PROBLEM' | 'HEADLESS' = 'PROBLEM') =>
  `${kind === 'HEADLESS' ? '/afterSale/headlessSendBack' : '/afterSale/problemSendBack'}?ids=${ids.join(',')}`;

export const PROBLEM_FIELDS: FilterField[] = [
  { kind: 'select', name: 'kind', label: '类型', width: 110, options: optionsOf(PARCEL_KIND_NAMES) },
  { kind: 'text', name: 'trackingNo', label: '单号', width: 200, maxLength: 40, placeholder: '快递单号/问题件编号' },
  { kind: 'dayRange', name: 'created', label: '登记日期', from: 'createdFrom', to: 'createdTo' },
  { kind: 'dayRange', name: 'deadline', label: '处理期限', from: 'deadlineFrom', to: 'deadlineTo' },
];

type Facts = Pick<ProblemRow, 'kind' | 'status'>;
/** Waiting for the seller: a problem parcel not yet decided, a headless parcel the seller claimed (the server's rule). */
export const isUndecided = (r: Facts) => (r.kind === 'PROBLEM' && r.status === 'WAITING_PROCESS') || (r.kind === 'HEADLESS' && r.status === 'CLAIMED');

/** 剩余 2天3小时 / 剩余 5小时 / 已逾期 — the countdown a waiting row shows. */
export function countdown(deadlineAt: string, now = Date.now()): { text: string; urgent: boolean } {
  const left = new Date(deadlineAt).getTime() - now;
  if (left <= 0) return { text: '已逾期', urgent: true };
  const hours = Math.floor(left / 3_600_000);
  const d = Math.floor(hours / 24);
  const h = hours % 24;
  const text = d > 0 ? `剩余${d}天${h}小时` : hours > 0 ? `剩余${hours}小时` : `剩余${Math.max(1, Math.floor(left / 60_000))}分钟`;
  return { text, urgent: left <= 24 * 3_600_000 };
}

export const goodsText = (r: Pick<ProblemRow, 'goods'>) =>
  r.goods.map((g) => `${g.itemNo || g.title || g.sku || ''} ${g.color ?? ''} ${g.size ?? ''} ×${g.quantity}`.replace(/\s+/g, ' ').trim()).join('；');
