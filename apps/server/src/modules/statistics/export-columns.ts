/** The columns of the take statistics export: the page's table (period, key, figures), money in yuan, rates in percent. */
import type { ReturnStatisticsRow, ShopStatisticsRow, TakeStatisticsRow } from '@dropship/contract';
import { moneyColumn, type XlsxColumn } from '../../lib/excel/index.js';

const percent = (v: number) => `${(v * 100).toFixed(2)}%`;

export const TAKE_EXPORT_COLUMNS: XlsxColumn<TakeStatisticsRow>[] = [
  { header: '周期', width: 14, value: (r) => r.period },
  { header: '分组', width: 24, value: (r) => r.keyName },
  { header: '下单件数', value: (r) => r.items },
  { header: '下单数量', value: (r) => r.quantity },
  moneyColumn('下单金额(元)', (r) => r.amountFen),
  { header: '已拿', value: (r) => r.took },
  { header: '部分拿货', value: (r) => r.tookPart },
  { header: '缺货', value: (r) => r.lack },
  { header: '明日有货', value: (r) => r.nextDay },
  { header: '取消/停拿', value: (r) => r.stopped },
  { header: '拿到数量', value: (r) => r.tookQuantity },
  moneyColumn('拿货金额(元)', (r) => r.tookFen),
  { header: '拿货率', value: (r) => percent(r.takeRate) },
  { header: '缺货率', value: (r) => percent(r.lackRate) },
  { header: '平均拿货时长(分钟)', width: 20, value: (r) => (r.avgTakeSeconds === null ? '' : Math.round(r.avgTakeSeconds / 60)) },
];

/** The columns of the 退货统计 export: the page's table, money in yuan, the rate in percent. */
export const RETURN_EXPORT_COLUMNS: XlsxColumn<ReturnStatisticsRow>[] = [
  { header: '周期', width: 14, value: (r) => r.period },
  { header: '分组', width: 24, value: (r) => r.keyName },
  { header: '售后单数', value: (r) => r.cases },
  { header: '售后数量', value: (r) => r.quantity },
  { header: '退货', value: (r) => r.returned },
  { header: '已完结', value: (r) => r.finished },
  moneyColumn('应退金额(元)', (r) => r.refundFen),
  moneyColumn('已退金额(元)', (r) => r.refundedFen),
  { header: '下单件数', value: (r) => r.placed },
  { header: '退货率', value: (r) => percent(r.returnRate) },
];

/** The columns of the 店铺拿退货统计 export: the page's table, money in yuan, rates in percent. */
export const SHOP_EXPORT_COLUMNS: XlsxColumn<ShopStatisticsRow>[] = [
  { header: '周期', width: 14, value: (r) => r.period },
  { header: '店铺/平台', width: 24, value: (r) => r.keyName },
  { header: '下单件数', value: (r) => r.items },
  { header: '下单数量', value: (r) => r.quantity },
  moneyColumn('下单金额(元)', (r) => r.amountFen),
  { header: '已拿(含部分)', value: (r) => r.took },
  { header: '拿到数量', value: (r) => r.tookQuantity },
  moneyColumn('拿货金额(元)', (r) => r.tookFen),
  { header: '拿货率', value: (r) => percent(r.takeRate) },
  { header: '缺货', value: (r) => r.lack },
  { header: '售后单数', value: (r) => r.cases },
  { header: '退货件数', value: (r) => r.returnedQuantity },
  { header: '退货率', value: (r) => percent(r.returnRate) },
  moneyColumn('应退金额(元)', (r) => r.refundFen),
  moneyColumn('已退金额(元)', (r) => r.refundedFen),
];
