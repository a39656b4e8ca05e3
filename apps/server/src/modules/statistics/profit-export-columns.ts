/** The columns of the 利润统计 exports (decision 0038): money in yuan through the contract's formatter, margin in percent. */
import type { ProfitOrderRow, ProfitStatisticsRow } from '@dropship/contract';
import { moneyColumn, type XlsxColumn } from '../../lib/excel/index.js';

const percent = (v: number) => `${(v * 100).toFixed(2)}%`;

type Money = Pick<ProfitStatisticsRow, 'saleFen' | 'goodsFen' | 'expressFen' | 'serviceFen' | 'afterSaleBackFen' | 'profitFen' | 'margin'>;

function moneyColumns<T extends Money>(): XlsxColumn<T>[] {
  return [
    moneyColumn('销售额(元)', (r) => r.saleFen),
    moneyColumn('货款(元)', (r) => r.goodsFen),
    moneyColumn('快递费(元)', (r) => r.expressFen),
    moneyColumn('服务费(元)', (r) => r.serviceFen),
    moneyColumn('售后退回(元)', (r) => r.afterSaleBackFen),
    moneyColumn('利润(元)', (r) => r.profitFen),
    { header: '利润率', value: (r) => percent(r.margin) },
  ];
}

export const PROFIT_EXPORT_COLUMNS: XlsxColumn<ProfitStatisticsRow>[] = [
  { header: '周期', width: 14, value: (r) => r.period },
  { header: '店铺/平台', width: 24, value: (r) => r.keyName },
  { header: '订单数', value: (r) => r.orders },
  { header: '无售价订单', value: (r) => r.noSale },
  ...moneyColumns<ProfitStatisticsRow>(),
];

/** A per-order row, or the 合计 row (order number 合计, the other text empty). */
export type ProfitOrderExportRow = Omit<ProfitOrderRow, 'noSale'> & { noSale: boolean | null };

export const PROFIT_ORDER_EXPORT_COLUMNS: XlsxColumn<ProfitOrderExportRow>[] = [
  { header: '代发订单号', width: 24, value: (r) => r.orderNo },
  { header: '平台订单号', width: 24, value: (r) => r.platformOrderId ?? '' },
  { header: '店铺', width: 20, value: (r) => r.shopName },
  { header: '支付日期', width: 14, value: (r) => r.paidDay },
  { header: '售价', value: (r) => (r.noSale === null ? '' : r.noSale ? '无售价' : '') },
  ...moneyColumns<ProfitOrderExportRow>(),
];
