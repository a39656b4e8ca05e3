/** The columns of the express rules export (/order/expressList): one row per company and province, money in yuan. */
import type { ExpressPriceRule, ExpressSettings } from '@dropship/contract';
import { type XlsxColumn, yuan } from '../../lib/xlsx-stream.js';

type Row = ExpressPriceRule & { name: string };

export const ruleColumns = (s: ExpressSettings): XlsxColumn<Row>[] => [
  { header: '快递公司', width: 14, value: (r) => r.name },
  { header: '收货省份', width: 20, value: (r) => r.province || '默认（其他省份）' },
  { header: '首重(克)', value: (r) => r.firstWeightGrams },
  { header: '首重价格(元)', value: (r) => yuan(r.firstFen) },
  { header: '续重单位(克)', value: (r) => r.stepWeightGrams },
  { header: '续重价格(元)', value: (r) => yuan(r.stepFen) },
  { header: '每件计重(克)', value: () => s.itemWeightGrams },
  { header: '每件服务费(元)', value: () => yuan(s.serviceFeePerItemFen) },
];
