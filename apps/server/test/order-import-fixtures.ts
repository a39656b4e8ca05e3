/**
 * Order export files made in the test run (no fixture files in the repository): Taobao/Qianniu
 * 订单报表 and 宝贝报表 (.xlsx, GBK .csv), PDD (GBK .csv), Douyin (.csv), our template, an .xls
 * written by SheetJS, and the multipart body the page sends. Also used by bench/order-import.bench.ts.
 */
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';

/** protocols.md section 13, in the export's order. */
// biome-ignore format: the export's columns, several to a line, read like the export
export const TAOBAO_HEADERS = [
  '订单编号', '买家会员名', '买家支付宝账号', '买家应付货款', '买家应付邮费', '买家支付积分', '总金额', '返点积分', '买家实际支付金额', '买家实际支付积分',
  '订单状态', '买家留言', '收货人姓名', '收货地址', '运送方式', '联系电话', '联系手机', '订单创建时间', '订单付款时间', '宝贝标题', '宝贝种类', '物流单号',
  '物流公司', '订单备注', '宝贝总数量', '店铺Id', '店铺名称', '订单关闭原因', '卖家服务费', '买家服务费', '发票抬头', '是否手机订单', '分阶段订单信息',
  '特权订金订单id', '定金排名', '修改后的sku', '修改后的收货地址', '异常信息', '天猫卡券抵扣', '集分宝抵扣', '是否是O2O交易',
];

export const TAOBAO_DETAIL_HEADERS = ['订单编号', '标题', '价格', '购买数量', '外部系统编号', '商品属性', '套餐信息', '备注', '订单状态', '商家编码'];

// biome-ignore format: the export's columns, several to a line, read like the export
export const PDD_HEADERS = [
  '商品', '订单号', '订单状态', '商品总价(元)', '邮费(元)', '店铺优惠折扣(元)', '平台优惠折扣(元)', '多多支付立减金额(元)', '用户实付金额(元)', '商家实收金额(元)',
  '商品数量(件)', '发货时间', '确认收货时间', '商品id', '商品规格', '样式ID', '商家编码-SKU维度', '商家编码-商品维度', '商家备注', '售后状态', '快递单号', '快递公司',
  '收货人', '手机', '省', '市', '区', '街道', '支付时间', '订单创建时间',
];

// biome-ignore format: the export's columns, several to a line, read like the export
export const DOUYIN_HEADERS = [
  '主订单编号', '子订单编号', '选购商品', '商品规格', '商品数量', '商品ID', '商家编码', '商品单价', '订单应付金额', '运费', '收件人', '收件人手机号', '省', '市', '区',
  '街道', '详细地址', '买家留言', '订单提交时间', '支付完成时间', '订单状态', '售后状态', '商家备注', '旗帜颜色',
];

const AREAS: [string, string, string][] = [
  ['浙江省', '杭州市', '西湖区'],
  ['广东省', '广州市', '天河区'],
  ['北京', '北京市', '朝阳区'],
  ['上海', '上海市', '浦东新区'],
  ['江苏省', '苏州市', '吴中区'],
  ['湖北省', '武汉市', '洪山区'],
  ['四川省', '成都市', '武侯区'],
  ['广西壮族自治区', '南宁市', '青秀区'],
];
const NAMES = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '赵敏', '黄晓明'];
const TITLES = ['2024夏季新款宽松T恤', '高腰显瘦牛仔裤', '法式碎花连衣裙', '百搭针织开衫', '复古小皮鞋'];

export interface SampleOrder {
  orderNo: string;
  name: string;
  phone: string;
  area: [string, string, string];
  street: string;
  title: string;
  spec: string;
  outerCode: string;
  quantity: number;
  priceYuan: string;
  paid: string;
}

/** Deterministic sample orders: number i always gives the same order. */
export function sampleOrder(i: number, prefix = 'T'): SampleOrder {
  const q = 1 + (i % 3);
  const price = 39 + (i % 7) * 10;
  return {
    orderNo: `${prefix}${String(3_000_000_000_000 + i)}`,
    name: NAMES[i % NAMES.length]!,
    phone: `138${String(10_000_000 + ((i * 7919) % 90_000_000)).padStart(8, '0')}`,
    area: AREAS[i % AREAS.length]!,
    street: `文三路${1 + (i % 300)}号${1 + (i % 20)}幢`,
    title: TITLES[i % TITLES.length]!,
    spec: `颜色:${['黑色', '白色', '杏色'][i % 3]};尺码:${['S', 'M', 'L', 'XL'][i % 4]}`,
    outerCode: `A${8800 + (i % 50)}-${i % 4}`,
    quantity: q,
    priceYuan: `${price}.90`,
    paid: `2024-06-${String(1 + (i % 28)).padStart(2, '0')} ${String(i % 24).padStart(2, '0')}:15:00`,
  };
}

const yuanTimes = (yuan: string, q: number) => ((Math.round(Number(yuan) * 100) * q) / 100).toFixed(2);

/** One Taobao 订单报表 row (text as Qianniu writes it; the phone guarded with '). */
export function taobaoRow(o: SampleOrder, shopName = '小美女装旗舰店'): string[] {
  const total = yuanTimes(o.priceYuan, o.quantity);
  const v: Record<string, string> = {
    订单编号: o.orderNo,
    买家会员名: `tb_${o.orderNo.slice(-6)}`,
    买家应付货款: total,
    买家应付邮费: '0.00',
    总金额: total,
    买家实际支付金额: total,
    订单状态: '买家已付款，等待卖家发货',
    收货人姓名: o.name,
    收货地址: `${o.area.join(' ')} ${o.street}(310000)`,
    运送方式: '快递',
    联系手机: `'${o.phone}`,
    订单创建时间: o.paid,
    订单付款时间: o.paid,
    宝贝标题: o.title,
    宝贝种类: '1',
    宝贝总数量: String(o.quantity),
    店铺名称: shopName,
    是否手机订单: '手机订单',
  };
  return TAOBAO_HEADERS.map((h) => v[h] ?? '');
}

export function pddRow(o: SampleOrder): string[] {
  const total = yuanTimes(o.priceYuan, o.quantity);
  const v: Record<string, string> = {
    商品: o.title,
    订单号: o.orderNo,
    订单状态: '待发货',
    '商品总价(元)': total,
    '邮费(元)': '0',
    '用户实付金额(元)': total,
    '商家实收金额(元)': total,
    '商品数量(件)': String(o.quantity),
    商品规格: o.spec,
    '商家编码-SKU维度': o.outerCode,
    售后状态: '无售后或售后取消',
    收货人: o.name,
    手机: o.phone,
    省: o.area[0],
    市: o.area[1],
    区: o.area[2],
    街道: o.street,
    支付时间: o.paid,
    订单创建时间: o.paid,
  };
  return PDD_HEADERS.map((h) => v[h] ?? '');
}

export function douyinRow(o: SampleOrder, line = 1): string[] {
  const v: Record<string, string> = {
    主订单编号: o.orderNo,
    子订单编号: `${o.orderNo}-${line}`,
    选购商品: o.title,
    商品规格: o.spec,
    商品数量: String(o.quantity),
    商家编码: o.outerCode,
    商品单价: o.priceYuan,
    订单应付金额: yuanTimes(o.priceYuan, o.quantity),
    运费: '0',
    收件人: o.name,
    收件人手机号: o.phone,
    省: o.area[0],
    市: o.area[1],
    区: o.area[2],
    详细地址: o.street,
    订单提交时间: o.paid,
    支付完成时间: o.paid,
    订单状态: '待发货',
    售后状态: '-',
  };
  // Douyin guards long numbers with a tab.
  return DOUYIN_HEADERS.map((h) => (h.endsWith('编号') ? `${v[h]}\t` : (v[h] ?? '')));
}

const csvCell = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** CSV text of a header and rows; `encoding` GBK (marketplace default), UTF-8, or UTF-8 with BOM. */
export function csv(headers: string[], rows: string[][], encoding: 'gbk' | 'utf8' | 'utf8bom' = 'gbk'): Buffer {
  const text = [headers, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n');
  if (encoding === 'gbk') return iconv.encode(text, 'gbk');
  return Buffer.concat([encoding === 'utf8bom' ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text, 'utf8')]);
}

/** An .xlsx written by exceljs (streaming writer, shared strings like Excel). */
export async function xlsx(headers: string[], rows: (string | number)[][], sheetName = '订单报表'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A BIFF8 .xls written by SheetJS, the same library that reads it. */
export function xls(headers: string[], rows: (string | number)[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([headers, ...rows]), 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
}

/** A multipart/form-data body as a browser sends it (UTF-8 file names). */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----daifa${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename !== undefined ? '\r\nContent-Type: application/octet-stream' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`, 'utf8'));
    chunks.push(typeof p.value === 'string' ? Buffer.from(p.value, 'utf8') : p.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
