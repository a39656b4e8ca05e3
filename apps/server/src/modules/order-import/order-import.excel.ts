/**
 * Spreadsheets the import hands out: the template (our headers, one example row, and the rules
 * on a second sheet), the bad rows of a job, and the import history.
 */
import {
  IMPORT_FIELD_LABELS,
  IMPORT_LAYOUT_NAMES,
  IMPORT_STATUS_NAMES,
  type ImportHistoryRow,
  maskName,
  maskPhone,
  ORDER_IMPORT_LIMITS,
  TEMPLATE_FIELDS,
} from '@dropship/contract';
import type ExcelJS from 'exceljs';
import { loadExcelJS, timeColumn, workbookBytes, type XlsxColumn } from '../../lib/excel/index.js';
import type { StoredRow } from './order-import.repository.js';

const EXAMPLE: Record<string, string | number> = {
  orderNo: '240601-0001',
  receiverName: '张三',
  receiverPhone: '13812345678',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  address: '文三路100号1幢101室',
  title: '2024夏季新款宽松T恤',
  spec: '颜色:黑色;尺码:L',
  outerCode: 'A8821-黑-L',
  quantity: 1,
  price: '59.90',
  postFee: '0',
  buyerRemark: '尽快发货',
  sellerRemark: '',
  paidAt: '2024-06-01 10:00:00',
};

const RULES: [string, string][] = [
  ['订单号', '必填。同一订单有多件商品时，每件一行、订单号相同；重复导入同一订单只会更新，不会重复'],
  ['收货人、手机号', '必填。手机号为11位手机号或带区号的座机；含*的脱敏手机号无法发货，会被标为错误'],
  ['省、市、区', '必填，须能在省市区数据中找到（如 浙江省 杭州市 西湖区；直辖市可写 北京市 北京市 朝阳区）'],
  ['详细地址', '必填，街道、门牌号等（不含省市区）'],
  ['商品标题、商家编码', '至少填一项'],
  ['数量', '正整数，不填按1件'],
  ['单价(元)、运费(元)', '最多两位小数'],
  ['付款时间', '北京时间，如 2024-06-01 10:00:00'],
  [
    '文件限制',
    `.xlsx、.xls 或 .csv（UTF-8 或 GBK），不超过${ORDER_IMPORT_LIMITS.maxFileBytes / 1024 / 1024}MB、${ORDER_IMPORT_LIMITS.maxRows.toLocaleString('en')}行`,
  ],
];

async function toBuffer(book: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await book.xlsx.writeBuffer());
}

let template: Promise<Buffer> | undefined;

/** The import template (.xlsx): made once, it never changes while the process runs. */
export function templateXlsx(): Promise<Buffer> {
  template ??= (async () => {
    const book = new (await loadExcelJS()).Workbook();
    const sheet = book.addWorksheet('订单');
    sheet.columns = TEMPLATE_FIELDS.map((f) => ({ header: IMPORT_FIELD_LABELS[f], key: f, width: f === 'address' || f === 'title' ? 28 : 14 }));
    sheet.addRow(TEMPLATE_FIELDS.map((f) => EXAMPLE[f] ?? ''));
    sheet.getRow(1).font = { bold: true };
    // Order numbers and phones as text, so Excel does not turn them into numbers.
    for (const f of ['orderNo', 'receiverPhone', 'outerCode'] as const) sheet.getColumn(f).numFmt = '@';
    const help = book.addWorksheet('填写说明');
    help.columns = [
      { header: '列', key: 'col', width: 20 },
      { header: '说明', key: 'rule', width: 90 },
    ];
    for (const [col, rule] of RULES) help.addRow({ col, rule });
    help.getRow(1).font = { bold: true };
    return toBuffer(book);
  })();
  return template;
}

const errorColumns: XlsxColumn<StoredRow>[] = [
  { header: '行号', width: 8, value: (r) => r.rowNo },
  { header: '订单号', width: 24, value: (r) => r.data.orderNo },
  { header: '错误原因', width: 60, value: (r) => r.error },
  { header: '收货人', width: 10, value: (r) => maskName(r.data.receiverName) },
  { header: '手机号', width: 14, value: (r) => maskPhone(r.data.receiverPhone) },
  { header: '收货地区', width: 24, value: (r) => [r.data.province, r.data.city, r.data.district].filter(Boolean).join(' ') },
  { header: '商品', width: 30, value: (r) => r.data.items.map((i) => i.title).join('；') },
];

/** The bad rows of a job with their reasons (receiver masked, as in the preview list). */
export function errorRowsXlsx(rows: StoredRow[]): Promise<Buffer> {
  return workbookBytes([{ name: '错误行', columns: errorColumns, rows }]);
}

const historyColumns: XlsxColumn<ImportHistoryRow>[] = [
  timeColumn('导入时间', (r) => r.createdAt),
  { header: '文件名', width: 30, value: (r) => r.fileName },
  { header: '店铺', width: 20, value: (r) => r.shopName },
  { header: '格式', width: 18, value: (r) => IMPORT_LAYOUT_NAMES[r.layout] },
  { header: '状态', width: 10, value: (r) => IMPORT_STATUS_NAMES[r.status] },
  { header: '订单数', width: 10, value: (r) => r.total },
  { header: '新增', width: 10, value: (r) => r.imported },
  { header: '更新', width: 10, value: (r) => r.updated },
  { header: '跳过', width: 10, value: (r) => r.skipped },
  { header: '失败', width: 10, value: (r) => r.failed },
  { header: '错误行', width: 10, value: (r) => r.errorRows },
  { header: '操作人', width: 14, value: (r) => r.userName },
  { header: '说明', width: 40, value: (r) => r.message ?? '' },
];

export function historyXlsx(rows: ImportHistoryRow[]): Promise<Buffer> {
  return workbookBytes([{ name: '导入记录', columns: historyColumns, rows }]);
}

/** Goods of a preview row: "标题 规格 ×数量" per line. */
export function goodsText(r: StoredRow): string {
  return r.data.items.map((i) => `${i.title}${i.spec ? ` ${i.spec}` : ''} ×${i.quantity}`).join('；');
}
