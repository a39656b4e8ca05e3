/** The columns of the problem-parcel export (masked receiver, money in yuan, Beijing times). */
import { PARCEL_KIND_NAMES, PARCEL_SOURCE_NAMES, PARCEL_STATUS_NAMES, type ProblemRow } from '@dropship/contract';
import { moneyColumn, timeColumn, type XlsxColumn } from '../../lib/excel/index.js';

const goodsText = (r: ProblemRow) =>
  r.goods.map((g) => `${g.itemNo || g.title || g.sku || ''} ${g.color ?? ''} ${g.size ?? ''} ×${g.quantity}`.replace(/\s+/g, ' ').trim()).join('；');

export const PROBLEM_EXPORT_COLUMNS: XlsxColumn<ProblemRow>[] = [
  { header: '问题件编号', width: 22, value: (r) => r.barcodeNo ?? '' },
  { header: '类型', value: (r) => PARCEL_KIND_NAMES[r.kind] },
  { header: '状态', value: (r) => PARCEL_STATUS_NAMES[r.status] },
  { header: '来源', value: (r) => PARCEL_SOURCE_NAMES[r.source] ?? r.source },
  { header: '快递单号', width: 20, value: (r) => r.trackingNo ?? '' },
  { header: '仓库', width: 16, value: (r) => r.warehouseName ?? '' },
  { header: '原因', width: 30, value: (r) => r.reason ?? '' },
  { header: '商品', width: 40, value: goodsText },
  { header: '寄回收件人', value: (r) => r.receiverName ?? '' },
  { header: '寄回电话', width: 16, value: (r) => r.receiverPhone ?? '' },
  { header: '寄回快递', value: (r) => r.expressName ?? '' },
  moneyColumn('寄回运费(元)', (r) => r.freightFen ?? 0),
  { header: '寄回单号', width: 20, value: (r) => r.sendBackWaybillNo ?? '' },
  timeColumn('处理期限', (r) => r.deadlineAt),
  timeColumn('登记时间', (r) => r.createdAt),
];
