/**
 * 店铺订单's list as it stands in the address: each filter of the contract's ShopOrdersFilter
 * declared once with its type (ids and flags as numbers, statuses as their enums), and the filter
 * form declared as data.
 */
import {
  CHANNEL_NAMES,
  Channel,
  DROPSHIP_STATUS_NAMES,
  DropshipStatus,
  REMARK_FILTER_NAMES,
  RemarkFilter,
  SELLER_FLAG_NAMES,
  SHOP_ORDER_STATUS_NAMES,
  SHOP_REFUND_STATE_NAMES,
  type ShopOption,
  ShopOrderStatus,
  ShopOrdersFilterShape,
  ShopRefundState,
} from '@dropship/contract';
import { day, type FilterField, oneOf, optionsOf, positiveInt, text } from '../../lib/list-page';
import { zodRule } from '../../lib/zod-rule';

export const SHOP_ORDER_LIST = {
  filters: {
    shopId: positiveInt(),
    channel: oneOf(Channel.options),
    status: oneOf(ShopOrderStatus.options),
    dropshipStatus: oneOf(DropshipStatus.options),
    refundState: oneOf(ShopRefundState.options),
    paidFrom: day(),
    paidTo: day(),
    platformOrderId: text(64),
    buyerNick: text(64),
    phoneTail: text(4),
    sku: text(64),
    remark: oneOf(RemarkFilter.options),
    sellerFlag: positiveInt(5),
  },
};

const WIDTH = 200;
const select = (name: string, label: string, options: readonly { value: string | number; label: string }[], placeholder = '全部'): FilterField => ({
  kind: 'select',
  name,
  label,
  options,
  width: WIDTH,
  placeholder,
});

/** The form, in the order it shows its fields; the shops are the seller's own. */
export function shopOrderFields(shops: readonly ShopOption[]): FilterField[] {
  return [
    select(
      'shopId',
      '店铺',
      shops.map((s) => ({ value: s.id, label: s.name })),
      '全部店铺',
    ),
    select(
      'channel',
      '平台',
      Channel.options.map((c) => ({ value: c, label: CHANNEL_NAMES[c] })),
      '全部平台',
    ),
    select('status', '订单状态', optionsOf(SHOP_ORDER_STATUS_NAMES)),
    select('dropshipStatus', '代发状态', optionsOf(DROPSHIP_STATUS_NAMES)),
    select('refundState', '售后状态', optionsOf(SHOP_REFUND_STATE_NAMES)),
    { kind: 'dayRange', name: 'paid', label: '付款时间', from: 'paidFrom', to: 'paidTo', width: 260 },
    { kind: 'text', name: 'platformOrderId', label: '订单编号', width: WIDTH, maxLength: 64 },
    { kind: 'text', name: 'buyerNick', label: '买家昵称', width: WIDTH, maxLength: 64 },
    { kind: 'text', name: 'phoneTail', label: '手机尾号', width: WIDTH, maxLength: 4, placeholder: '后4位', rules: [zodRule(ShopOrdersFilterShape.phoneTail)] },
    { kind: 'text', name: 'sku', label: '商品编码', width: WIDTH, maxLength: 64, placeholder: '商家编码 / SKU ID' },
    select('remark', '备注', optionsOf(REMARK_FILTER_NAMES)),
    // The flags are numbers in the address and the call, so their options are too.
    select(
      'sellerFlag',
      '旗帜',
      Object.entries(SELLER_FLAG_NAMES).map(([v, label]) => ({ value: Number(v), label })),
    ),
  ];
}
