/**
 * 售后订单's list as it stands in the address: the tab is the `status` filter (absent = 全部), each
 * other filter of the contract's AfterSaleFilter declared once with its type, the filter form as
 * data, and which row actions a row shows.
 */
import {
  AFTER_SALE_SOURCE_NAMES,
  AFTER_SALE_TYPE_NAMES,
  type AfterSaleAction,
  AfterSaleFilterShape,
  type AfterSaleRow,
  AfterSaleSource,
  AfterSaleStatus,
  AfterSaleType,
  type ShopOption,
} from '@dropship/contract';
import { day, type FilterField, oneOf, optionsOf, positiveInt, text } from '../../lib/list-page';
import { zodRule } from '../../lib/zod-rule';

export const AFTER_SALE_LIST = {
  filters: {
    status: oneOf(AfterSaleStatus.options),
    type: oneOf(AfterSaleType.options),
    source: oneOf(AfterSaleSource.options),
    shopId: positiveInt(),
    orderNo: text(64),
    trackingNo: text(40),
    phoneTail: text(4),
    createdFrom: day(),
    createdTo: day(),
  },
};

export const afterSaleListPath = '/afterSale/afterSaleList';
export const afterSaleDetailPath = (id: number) => `/afterSale/afterSaleListDetail?id=${id}`;

/** The form, in the order it shows its fields; the shops are the seller's own. */
export function afterSaleFields(shops: readonly ShopOption[]): FilterField[] {
  return [
    { kind: 'select', name: 'shopId', label: '店铺', width: 160, placeholder: '全部店铺', options: shops.map((s) => ({ value: s.id, label: s.name })) },
    { kind: 'select', name: 'type', label: '售后类型', width: 140, options: optionsOf(AFTER_SALE_TYPE_NAMES) },
    { kind: 'select', name: 'source', label: '来源', width: 110, options: optionsOf(AFTER_SALE_SOURCE_NAMES) },
    { kind: 'text', name: 'orderNo', label: '订单号', width: 190, maxLength: 64, placeholder: '售后单号/代发订单号/店铺订单号' },
    { kind: 'text', name: 'trackingNo', label: '快递单号', width: 160, maxLength: 40, placeholder: '发货或退货单号' },
    { kind: 'text', name: 'phoneTail', label: '手机尾号', width: 100, maxLength: 4, placeholder: '后4位', rules: [zodRule(AfterSaleFilterShape.phoneTail)] },
    { kind: 'dayRange', name: 'created', label: '申请日期', from: 'createdFrom', to: 'createdTo' },
  ];
}

type ActionFacts = Pick<AfterSaleRow, 'status' | 'source' | 'returnStatus'>;

/**
 * The actions a row allows, by the server's own rule (the detail's `actions` is the answer; the list
 * rows carry no such field): 撤销 the seller's own while refunding or waiting for the return parcel,
 * 拦截退款 an open platform refund, 填写退货物流 while the return is not signed in yet.
 */
export function allowedActions(r: ActionFacts): AfterSaleAction[] {
  const waitingReturn = r.status === 'GOODS_RETURNING' && r.returnStatus === 'WAIT_SIGNED';
  const out: AfterSaleAction[] = [];
  if (r.source === 'SELLER' && (r.status === 'REFUNDING' || waitingReturn)) out.push('CANCEL');
  if (r.source === 'PLATFORM' && r.status === 'REFUNDING') out.push('INTERCEPT');
  if (waitingReturn) out.push('FILL_WAYBILL');
  // The stall refused the return: the seller decides (server: status-machine.ts actionsOf).
  if (r.status === 'GOODS_RETURNING' && r.returnStatus === 'FACTORY_REFUSE_TODEAL') out.push('ACCEPT_REFUSE', 'NEGOTIATE_REFUND', 'RETURN_FACTORY_AGAIN');
  return out;
}
