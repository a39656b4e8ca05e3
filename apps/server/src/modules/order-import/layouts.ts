/**
 * The export layouts recognized by their headers (research protocols.md section 13) and the
 * columns each one reads. A field lists header candidates: the first column present wins, and
 * per row the first non-empty one (Taobao: 联系手机, else 联系电话; 修改后的收货地址, else 收货地址).
 */

import { type Channel, IMPORT_FIELD_LABELS, type ImportField, type ImportLayout, type ImportMapping, TEMPLATE_FIELDS } from '@dropship/contract';
import { type Cell, cellText } from './values.js';

/** Header text compared without spaces, stars, BOM or full-width brackets, lower case. */
export const normHeader = (h: string) =>
  h
    .replace(/^\uFEFF/, '')
    .replace(/[\s\u3000*]/g, '')
    .replace(/（/g, '(')
    .replace(/）/g, ')')
    .toLowerCase();

export interface LayoutDef {
  layout: ImportLayout;
  channel: Channel | null;
  /** Every group must have one of its headers present. */
  signature: string[][];
  columns: Partial<Record<ImportField, string[]>>;
  /** 'order': the amounts of a row are the whole order's (one row per order); 'line': per row. */
  amounts: 'order' | 'line';
}

const TAOBAO: LayoutDef = {
  layout: 'TAOBAO',
  channel: 'TAOBAO',
  signature: [['订单编号'], ['买家会员名'], ['收货地址', '收货人姓名']],
  amounts: 'order',
  columns: {
    orderNo: ['订单编号'],
    buyerNick: ['买家会员名'],
    receiverName: ['收货人姓名'],
    receiverPhone: ['联系手机', '联系电话'],
    fullAddress: ['修改后的收货地址', '收货地址'],
    title: ['宝贝标题'],
    spec: ['修改后的sku'],
    quantity: ['宝贝总数量'],
    payment: ['买家实际支付金额'],
    postFee: ['买家应付邮费'],
    buyerRemark: ['买家留言'],
    sellerRemark: ['订单备注'],
    createdAt: ['订单创建时间'],
    paidAt: ['订单付款时间'],
    status: ['订单状态'],
    shopName: ['店铺名称'],
  },
};

/** The 宝贝报表 beside a 订单报表: one row per order line. */
export const TAOBAO_DETAIL: LayoutDef = {
  layout: 'TAOBAO_DETAIL',
  channel: 'TAOBAO',
  signature: [['订单编号'], ['标题'], ['购买数量'], ['价格']],
  amounts: 'line',
  columns: {
    orderNo: ['订单编号'],
    title: ['标题'],
    price: ['价格'],
    quantity: ['购买数量'],
    outerCode: ['商家编码', '外部系统编号'],
    spec: ['商品属性', '规格名称', '套餐信息'],
    status: ['订单状态'],
  },
};

const PDD: LayoutDef = {
  layout: 'PDD',
  channel: 'PDD',
  signature: [['订单号'], ['商家实收金额(元)', '商家编码-商品维度', '商家编码-sku维度', '商家编码-规格维度', '多多支付立减金额(元)']],
  amounts: 'line',
  columns: {
    orderNo: ['订单号'],
    title: ['商品'],
    spec: ['商品规格'],
    quantity: ['商品数量(件)', '商品数量'],
    itemId: ['商品id'],
    skuId: ['样式id'],
    outerCode: ['商家编码-sku维度', '商家编码-规格维度', '商家编码-商品维度'],
    receiverName: ['收货人'],
    receiverPhone: ['手机', '收货人手机号', '手机号'],
    province: ['省'],
    city: ['市'],
    district: ['区'],
    address: ['街道', '详细地址'],
    payment: ['用户实付金额(元)'],
    postFee: ['邮费(元)'],
    buyerRemark: ['买家留言'],
    sellerRemark: ['商家备注'],
    createdAt: ['订单创建时间', '订单成交时间'],
    paidAt: ['支付时间', '拼单成功时间', '订单成交时间'],
    status: ['订单状态'],
    refundStatus: ['售后状态'],
  },
};

const TIKTOK: LayoutDef = {
  layout: 'TIKTOK',
  channel: 'TIKTOK',
  signature: [['主订单编号'], ['子订单编号']],
  amounts: 'line',
  columns: {
    orderNo: ['主订单编号'],
    subOrderNo: ['子订单编号'],
    title: ['选购商品', '商品名称'],
    spec: ['商品规格'],
    quantity: ['商品数量'],
    itemId: ['商品id'],
    outerCode: ['商家编码'],
    price: ['商品单价'],
    payment: ['订单应付金额'],
    postFee: ['运费'],
    receiverName: ['收件人'],
    receiverPhone: ['收件人手机号', '收件人电话'],
    province: ['省'],
    city: ['市'],
    district: ['区'],
    address: ['详细地址', '街道'],
    buyerRemark: ['买家留言'],
    sellerRemark: ['商家备注'],
    createdAt: ['订单提交时间'],
    paidAt: ['支付完成时间'],
    status: ['订单状态'],
    refundStatus: ['售后状态'],
  },
};

/** Our template: its headers are the contract's field labels. */
const TEMPLATE: LayoutDef = {
  layout: 'TEMPLATE',
  channel: null,
  signature: [['订单号'], ['收货人'], ['手机号'], ['详细地址'], ['单价(元)'], ['商家编码']],
  amounts: 'line',
  columns: Object.fromEntries(TEMPLATE_FIELDS.map((f) => [f, [IMPORT_FIELD_LABELS[f]]])),
};

/** Tried in this order: the most distinctive signatures first. */
const LAYOUTS = [TIKTOK, PDD, TAOBAO, TAOBAO_DETAIL, TEMPLATE];

export function detectLayout(headers: string[]): LayoutDef | undefined {
  const present = new Set(headers.map(normHeader));
  return LAYOUTS.find((l) => l.signature.every((group) => group.some((h) => present.has(normHeader(h)))));
}

/** Header names people use for each field, to suggest a mapping for an unknown layout. */
const ALIASES: Partial<Record<ImportField, string[]>> = {
  orderNo: ['订单编号', '订单号', '主订单编号', '平台订单号', '单号', '外部订单号'],
  receiverName: ['收货人', '收货人姓名', '收件人', '收件人姓名', '联系人', '姓名', '客户', '客户姓名'],
  receiverPhone: ['手机号', '手机', '收货人手机', '收货人手机号', '收件人手机号', '收件人电话', '联系手机', '联系电话', '电话'],
  province: ['省', '省份', '收货省份'],
  city: ['市', '城市', '收货城市'],
  district: ['区', '区县', '县区', '收货区县'],
  address: ['详细地址', '街道地址', '街道', '地址详情'],
  fullAddress: ['完整地址', '收货地址', '收件地址', '地址', '收件人地址'],
  title: ['商品标题', '商品名称', '商品', '宝贝标题', '标题', '品名', '货品', '货品名称'],
  spec: ['规格', '商品规格', 'sku', '颜色尺码', '商品属性'],
  outerCode: ['商家编码', '商品编码', '货号', '外部编码', 'sku编码'],
  quantity: ['数量', '商品数量', '购买数量', '件数'],
  price: ['单价', '单价(元)', '价格', '商品单价'],
  payment: ['实付金额', '实付金额(元)', '实付', '支付金额'],
  postFee: ['运费', '运费(元)', '邮费'],
  buyerRemark: ['买家留言', '买家备注', '留言'],
  sellerRemark: ['卖家备注', '商家备注', '备注'],
  paidAt: ['付款时间', '支付时间'],
  createdAt: ['下单时间', '创建时间', '订单创建时间'],
  status: ['订单状态', '状态'],
  refundStatus: ['售后状态', '退款状态'],
};

/** A suggested mapping for headers of no known layout: exact alias matches only, each column once. */
export function suggestMapping(headers: string[]): ImportMapping {
  const byNorm = new Map(headers.map((h) => [normHeader(h), h]));
  const used = new Set<string>();
  const out: ImportMapping = {};
  for (const [field, names] of Object.entries(ALIASES) as [ImportField, string[]][]) {
    for (const n of [IMPORT_FIELD_LABELS[field], ...names]) {
      const h = byNorm.get(normHeader(n));
      if (h && !used.has(h)) {
        out[field] = h;
        used.add(h);
        break;
      }
    }
  }
  return out;
}

/** For each field, the indexes of its columns that are present, in candidate order. */
export type ColumnIndex = Partial<Record<ImportField, number[]>>;

export function indexColumns(headers: string[], columns: Partial<Record<ImportField, string[]>>): ColumnIndex {
  const pos = new Map<string, number>();
  headers.forEach((h, i) => {
    const k = normHeader(h);
    if (k && !pos.has(k)) pos.set(k, i);
  });
  const out: ColumnIndex = {};
  for (const [field, names] of Object.entries(columns) as [ImportField, string[]][]) {
    const idx = names.map((n) => pos.get(normHeader(n))).filter((i): i is number => i !== undefined);
    if (idx.length) out[field] = idx;
  }
  return out;
}

/**
 * The mapping a layout uses with these headers, as shown on the page (field → header): of a
 * field's candidate columns, the first that holds a value in the sample rows, else the first.
 */
export function mappingOf(headers: string[], index: ColumnIndex, samples: Cell[][] = []): ImportMapping {
  const out: ImportMapping = {};
  for (const [field, idx] of Object.entries(index) as [ImportField, number[]][]) {
    const filled = idx.find((i) => samples.some((row) => cellText(row[i]) !== ''));
    const col = filled ?? idx[0];
    if (col !== undefined && headers[col]) out[field] = headers[col];
  }
  return out;
}

/** A seller's mapping (field → header) as a layout of its own. */
export function customLayout(mapping: ImportMapping): LayoutDef {
  const columns: Partial<Record<ImportField, string[]>> = {};
  for (const [field, header] of Object.entries(mapping) as [ImportField, string | undefined][]) if (header) columns[field] = [header];
  return { layout: 'CUSTOM', channel: null, signature: [], columns, amounts: 'line' };
}

let knownHeaders: Set<string> | undefined;

/** Whether a header row was found: at least two cells that name a known column. */
export function looksLikeHeader(cells: string[]): boolean {
  if (!knownHeaders) {
    knownHeaders = new Set<string>();
    for (const l of LAYOUTS) for (const names of Object.values(l.columns)) for (const n of names ?? []) knownHeaders.add(normHeader(n));
    for (const names of Object.values(ALIASES)) for (const n of names ?? []) knownHeaders.add(normHeader(n));
  }
  const known = knownHeaders;
  return cells.filter((c) => known.has(normHeader(c))).length >= 2;
}
