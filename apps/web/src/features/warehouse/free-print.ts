/**
 * 自由打印: rows typed or pasted from Excel (tab-separated, first line the Chinese column names)
 * become label data of the chosen kind. Pure, so it is unit-tested; the server validates the data
 * again (the labels package's schemas) and answers which row and field is wrong.
 */
export const FREE_KINDS = {
  waybill: {
    name: '快递面单（76×130）',
    fields: [
      ['trackingNo', '运单号'],
      ['courierName', '快递公司'],
      ['receiverName', '收件人'],
      ['receiverPhone', '收件电话'],
      ['receiverAddress', '收件地址'],
      ['senderName', '寄件人'],
      ['senderPhone', '寄件电话'],
      ['senderAddress', '寄件地址'],
      ['goods', '物品'],
      ['itemCount', '件数', 'int'],
      ['orderNo', '订单号'],
      ['remark', '备注'],
    ],
  },
  backroad: {
    name: '回货标签（40×70）',
    fields: [
      ['orderNo', '订单号'],
      ['pickerName', '拿货员'],
      ['takeCode', '拿货码'],
      ['sortingNo', '分拣号'],
      ['gift', '赠品'],
    ],
  },
  offline: {
    name: '线下拿货标签（40×70）',
    fields: [
      ['productInfo', '商品信息'],
      ['colorSize', '颜色尺码'],
      ['pickupQuantity', '拿货数量', 'int'],
      ['takeCode', '拿货码'],
      ['consignee', '收货人'],
      ['contact', '联系电话'],
      ['address', '地址'],
    ],
  },
  headless: {
    name: '无头件标签（40×70）',
    fields: [
      ['barcodeNo', '条码号'],
      ['signInTime', '签收时间'],
      ['returnCourier', '退回快递'],
    ],
  },
} as const satisfies Record<string, { name: string; fields: readonly (readonly [string, string] | readonly [string, string, 'int'])[] }>;
export type FreeKind = keyof typeof FREE_KINDS;

export const MAX_FREE_ROWS = 500;

/** The header line to copy into Excel for a kind. */
export const headerLine = (kind: FreeKind) => FREE_KINDS[kind].fields.map((f) => f[1]).join('\t');

export interface Parsed {
  data: Record<string, string | number | null>[];
  errors: string[];
}

/**
 * Tab- (Excel paste) or comma-separated rows under a header line of the kind's column names, in
 * any order; unknown columns are ignored, blank cells are left out, every label gets `printTime`.
 */
export function parseFreeRows(kind: FreeKind, text: string, printTime: string): Parsed {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const errors: string[] = [];
  if (lines.length < 2) return { data: [], errors: ['请先粘贴表头（第一行）和至少一行数据'] };
  const sep = (lines[0] as string).includes('\t') ? '\t' : ',';
  const header = (lines[0] as string).split(sep).map((h) => h.trim());
  const fields = FREE_KINDS[kind].fields as readonly (readonly [string, string, string?])[];
  const index = fields.map((f) => header.indexOf(f[1]));
  if (index.every((i) => i < 0)) return { data: [], errors: [`第一行应为表头，例如：${headerLine(kind).replaceAll('\t', '、')}`] };
  if (lines.length - 1 > MAX_FREE_ROWS) errors.push(`一次最多打印${MAX_FREE_ROWS}行，已只取前${MAX_FREE_ROWS}行`);
  const data = lines.slice(1, MAX_FREE_ROWS + 1).map((line, row) => {
    const cells = line.split(sep);
    const item: Record<string, string | number | null> = { printTime };
    fields.forEach(([key, label, type], k) => {
      const col = index[k] as number;
      const v = col < 0 ? '' : (cells[col] ?? '').trim();
      if (v === '') return;
      if (type === 'int') {
        const n = Number(v);
        if (!Number.isInteger(n) || n < 0) errors.push(`第${row + 1}行的${label}应为整数：${v}`);
        else item[key] = n;
      } else item[key] = v;
    });
    return item;
  });
  return { data, errors };
}
