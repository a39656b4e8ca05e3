/** The columns of the express rules export (/order/expressList): one row per company and province, money in yuan. */
import type { ExpressPriceRule, ExpressSettings } from '@dropship/contract';
import { moneyColumn, type XlsxColumn, yuan } from '../../lib/excel/index.js';

type Row = ExpressPriceRule & { name: string };

export const ruleColumns = (s: ExpressSettings): XlsxColumn<Row>[] => [
  { header: '快递公司', width: 14, value: (r) => r.name },
  { header: '收货省份', width: 20, value: (r) => r.province || '默认（其他省份）' },
  { header: '首重(克)', value: (r) => r.firstWeightGrams },
  moneyColumn('首重价格(元)', (r) => r.firstFen),
  { header: '续重单位(克)', value: (r) => r.stepWeightGrams },
  moneyColumn('续重价格(元)', (r) => r.stepFen),
  { header: '每件计重(克)', value: () => s.itemWeightGrams },
  { header: '每件服务费(元)', value: () => yuan(s.serviceFeePerItemFen) },
];
