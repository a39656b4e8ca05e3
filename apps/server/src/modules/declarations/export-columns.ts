/** Columns of the 报单记录 export: what the list shows, receivers masked. */
import {
  COMBINED_ORDER_STATUS_NAMES,
  DECLARATION_DELIVERY_NAMES,
  DECLARATION_STATUS_NAMES,
  type DeclarationRecordRow,
  type DeclarationRow,
  type DeclarationStallGoods,
  TAKING_ITEM_STATUS_NAMES,
} from '@dropship/contract';
import { beijingTime, moneyColumn, timeColumn, type XlsxColumn } from '../../lib/excel/index.js';

export const RECORD_COLUMNS: XlsxColumn<DeclarationRecordRow>[] = [
  { header: '报单号', width: 20, value: (r) => r.declarationNo },
  { header: '报单状态', value: (r) => DECLARATION_STATUS_NAMES[r.status] },
  { header: '行号', value: (r) => r.lineNo },
  { header: '档口', width: 18, value: (r) => r.stall },
  { header: '货号', width: 16, value: (r) => r.artNo },
  { header: '颜色', value: (r) => r.color },
  { header: '尺码', value: (r) => r.size },
  { header: '数量', value: (r) => r.quantity },
  moneyColumn('单价(元)', (r) => r.unitPriceFen),
  { header: '收货人', value: (r) => r.receiverName },
  { header: '收货人手机', width: 16, value: (r) => r.receiverPhone },
  { header: '代发订单号', width: 20, value: (r) => r.orderNo ?? '' },
  { header: '拿货状态', value: (r) => (r.takeStatus ? TAKING_ITEM_STATUS_NAMES[r.takeStatus] : r.status === 'DRAFT' ? '未提交' : '待付款') },
  timeColumn('报单时间', (r) => r.createdAt),
];

type GoodsRow = DeclarationStallGoods['items'][number] & { stall: string; market: string; stallNo: string };

/** Columns of the 报单拿货 export: one row per declared line, stall first (how a picker walks). */
export const GOODS_COLUMNS: XlsxColumn<GoodsRow>[] = [
  { header: '档口', width: 18, value: (r) => r.stall },
  { header: '市场', width: 14, value: (r) => r.market },
  { header: '档口号', value: (r) => r.stallNo },
  { header: '货号', width: 16, value: (r) => r.artNo },
  { header: '颜色', value: (r) => r.color },
  { header: '尺码', value: (r) => r.size },
  { header: '数量', value: (r) => r.quantity },
  { header: '报单号', width: 20, value: (r) => r.declarationNo },
  { header: '代发订单号', width: 20, value: (r) => r.orderNo ?? '' },
  { header: '拿货状态', value: (r) => (r.takeStatus ? TAKING_ITEM_STATUS_NAMES[r.takeStatus] : '待付款') },
];

/** Columns of the 我的报单 (drafts) and 报单历史 (submitted, with the orders each became) exports: what the list shows. */
export function declarationColumns(kind: 'drafts' | 'history'): XlsxColumn<DeclarationRow>[] {
  return [
    { header: '报单号', width: 20, value: (r) => r.declarationNo },
    { header: '发货方式', width: 12, value: (r) => DECLARATION_DELIVERY_NAMES[r.delivery] },
    { header: '行数', value: (r) => r.lineCount },
    { header: '件数', value: (r) => r.quantity },
    moneyColumn('货款(元)', (r) => r.goodsFen),
    ...(kind === 'history'
      ? [
          {
            header: '代发订单',
            width: 36,
            value: (r: DeclarationRow) =>
              r.orders.map((o) => `${o.orderNo}（${COMBINED_ORDER_STATUS_NAMES[o.combinedStatus] ?? o.combinedStatus}）`).join('；'),
          },
        ]
      : []),
    { header: '备注', width: 24, value: (r) => r.remark },
    { header: kind === 'drafts' ? '创建时间' : '提交时间', width: 20, value: (r) => beijingTime(r.submittedAt ?? r.createdAt) },
  ];
}
