/** The work-order lists as they stand in the address (the tab is the `status` filter), their filter forms and the status colours. */
import { WORK_ORDER_TYPE_LABELS, WorkOrderStatus, WorkOrderType } from '@dropship/contract';
import { day, type FilterField, oneOf, optionsOf, text } from '../../lib/list-page';

const filters = {
  status: oneOf(WorkOrderStatus.options),
  type: oneOf(WorkOrderType.options),
  keyword: text(60),
  createdFrom: day(),
  createdTo: day(),
};
export const MY_WORK_ORDER_LIST = { filters, dialogs: ['create', 'detail'] as const };
export const CONSOLE_WORK_ORDER_LIST = { filters: { ...filters, orgName: text(60) }, dialogs: ['detail'] as const };

export const WORK_ORDER_FIELDS: FilterField[] = [
  { kind: 'select', name: 'type', label: '类型', width: 120, options: optionsOf(WORK_ORDER_TYPE_LABELS) },
  { kind: 'text', name: 'keyword', label: '工单', width: 200, maxLength: 60, placeholder: '工单号/标题' },
  { kind: 'dayRange', name: 'created', label: '提交日期', from: 'createdFrom', to: 'createdTo' },
];
export const CONSOLE_FIELDS: FilterField[] = [
  { kind: 'text', name: 'orgName', label: '机构', width: 160, maxLength: 60, placeholder: '机构名称' },
  ...WORK_ORDER_FIELDS,
];

export const STATUS_COLORS: Record<WorkOrderStatus, string> = {
  PENDING: 'orange',
  PROCESSING: 'blue',
  WAITING_REPLY: 'purple',
  RESOLVED: 'green',
  CLOSED: 'default',
};

export const TABS = ['ALL', ...WorkOrderStatus.options] as const;
export type Tab = (typeof TABS)[number];
