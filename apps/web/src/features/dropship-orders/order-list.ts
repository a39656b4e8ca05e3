/**
 * 代发订单's list as it stands in the address: the tab is the `status` filter (absent = 全部), each
 * other filter of the contract's DropshipFilter is declared once with its type, and the filter
 * form as data. `shopId` has no field: it comes with a link and stays until 重置; `channel` (平台) has
 * one and comes with a statistics row by platform too.
 */
import { CHANNEL_NAMES, CHANNELS, DROPSHIP_TABS, type DropshipTab } from '@dropship/contract';
import { day, type FilterField, oneOf, positiveInt, text } from '../../lib/list-page';
import { lazyZodRule } from '../../lib/zod-rule';

/** The tabs other than 全部: each one a combined status. */
export const STATUS_TABS = DROPSHIP_TABS.filter((t): t is Exclude<DropshipTab, 'ALL'> => t !== 'ALL');

export const DROPSHIP_LIST = {
  filters: {
    status: oneOf(STATUS_TABS),
    orderNo: text(32),
    platformOrderId: text(64),
    phoneTail: text(4),
    expressCode: text(20),
    trackingNo: text(40),
    shopId: positiveInt(),
    channel: oneOf(CHANNELS),
    createdFrom: day(),
    createdTo: day(),
    speedDelivery: oneOf(['YES', 'NO'] as const),
  },
};

const SPEED_OPTIONS = [
  { value: 'YES', label: '加急' },
  { value: 'NO', label: '非加急' },
];

const CHANNEL_OPTIONS = CHANNELS.map((c) => ({ value: c, label: CHANNEL_NAMES[c] }));

// The contract's check of 手机尾号, with its schema (and zod) loaded when the form first checks it.
const phoneTailRule = lazyZodRule(() => import('./filter-schema').then((m) => m.DropshipFilterShape.phoneTail));

/** The form, in the order it shows its fields. */
export function dropshipFields(express: readonly { code: string; name: string }[]): FilterField[] {
  return [
    { kind: 'text', name: 'orderNo', label: '代发订单号', width: 180, maxLength: 32 },
    { kind: 'text', name: 'platformOrderId', label: '店铺订单号', width: 180, maxLength: 64 },
    { kind: 'text', name: 'phoneTail', label: '手机尾号', width: 100, maxLength: 4, rules: [phoneTailRule] },
    { kind: 'select', name: 'expressCode', label: '快递', width: 130, options: express.map((e) => ({ value: e.code, label: e.name })) },
    { kind: 'text', name: 'trackingNo', label: '快递单号', width: 160, maxLength: 40 },
    { kind: 'select', name: 'speedDelivery', label: '加急', width: 110, options: SPEED_OPTIONS },
    { kind: 'select', name: 'channel', label: '平台', width: 130, options: CHANNEL_OPTIONS },
    { kind: 'dayRange', name: 'created', label: '下单日期', from: 'createdFrom', to: 'createdTo' },
  ];
}
