/**
 * One data row of a file → the order and line fields it holds, and every reason it cannot be
 * imported, in Chinese, all at once (the seller fixes the row in one go).
 */
import type { ImportField } from '@dropship/contract';
import { findArea, splitAddress } from '../area/index.js';
import type { ColumnIndex, LayoutDef } from './layouts.js';
import { type Cell, cellText, checkPhone, isMangledNumber, parseChinaTime, parseFen, parseQuantity } from './values.js';

export interface RowItem {
  title: string;
  spec?: string;
  outerCode?: string;
  skuId?: string;
  itemId?: string;
  subOrderNo?: string;
  quantity: number;
  priceFen: number;
  paymentFen: number;
  /** The row's 售后状态 text (Douyin and PDD rows are order lines). */
  refund?: string;
}

/** A row's fields as read (a preview page's and a bad row's `data`, receiver masked there). */
export interface RowData {
  orderNo: string;
  receiverName: string;
  receiverPhone: string;
  province: string;
  city: string;
  district: string;
  address: string;
  buyerNick?: string;
  buyerRemark?: string;
  sellerRemark?: string;
  status?: string;
  shopName?: string;
  createdAt?: string;
  paidAt?: string;
  /** Whole-order amounts ('order' layouts such as the Taobao 订单报表). */
  orderPaymentFen?: number;
  postFeeFen?: number;
  items: RowItem[];
}

export interface ParsedRow {
  rowNo: number;
  orderKey: string;
  data: RowData;
  error: string | null;
}

const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

// Every row of a file passes here (10,000 rows: about 0.15 s, the largest part of an import's checking
// thread): the helpers are plain functions, not closures made per row, and each cell's text is made once.

/** The first non-empty cell among the field's columns. */
function pick(cells: Cell[], index: ColumnIndex, field: ImportField): Cell {
  const cols = index[field];
  if (!cols) return null;
  for (const i of cols) {
    const v = cells[i];
    if (v !== null && v !== undefined && cellText(v) !== '') return v;
  }
  return null;
}

/** The text of the field's first non-empty cell, at most `max` characters ('' when there is none). */
function fieldText(cells: Cell[], index: ColumnIndex, field: ImportField, max = 200): string {
  const cols = index[field];
  if (!cols) return '';
  for (const i of cols) {
    const v = cells[i];
    if (v === null || v === undefined) continue;
    const t = cellText(v);
    if (t !== '') return clip(t, max);
  }
  return '';
}

/** Optional text fields: the key they go to, the field they are read from, their longest length. */
type OptionalTexts<T> = readonly (readonly [keyof T & string, ImportField, number])[];
const ORDER_TEXTS: OptionalTexts<RowData> = [
  ['buyerNick', 'buyerNick', 100],
  ['buyerRemark', 'buyerRemark', 500],
  ['sellerRemark', 'sellerRemark', 500],
  ['status', 'status', 50],
  ['shopName', 'shopName', 100],
];
const LINE_TEXTS: OptionalTexts<RowItem> = [
  ['spec', 'spec', 200],
  ['skuId', 'skuId', 64],
  ['itemId', 'itemId', 64],
  ['subOrderNo', 'subOrderNo', 64],
  ['refund', 'refundStatus', 50],
];

/** Sets each optional text the row has (an empty one is left out). */
function setTexts<T extends object>(target: T, cells: Cell[], index: ColumnIndex, fields: OptionalTexts<T>) {
  for (const [key, field, max] of fields) {
    const v = fieldText(cells, index, field, max);
    if (v) (target as Record<string, unknown>)[key] = v;
  }
}

/** A time field into `times` (ISO), or its error. */
function readTime(
  cells: Cell[],
  index: ColumnIndex,
  f: 'createdAt' | 'paidAt',
  label: string,
  times: Partial<Record<'createdAt' | 'paidAt', string>>,
  errors: string[],
) {
  const t = parseChinaTime(pick(cells, index, f));
  if (t === null) errors.push(`${label}“${fieldText(cells, index, f, 30)}”格式不正确，应如 2024-06-01 10:00:00`);
  else if (t) times[f] = t.toISOString();
}

export interface RowContext {
  layout: LayoutDef;
  index: ColumnIndex;
  /** Taobao 宝贝报表 lines by order number, when it was uploaded too. */
  detail?: Map<string, RowItem[]>;
}

/** Parses and validates one data row. */
export function parseRow(rowNo: number, cells: Cell[], ctx: RowContext): ParsedRow {
  const { index } = ctx;
  const errors: string[] = [];

  const rawNo = pick(cells, index, 'orderNo');
  let orderNo = fieldText(cells, index, 'orderNo', 100);
  if (!orderNo) errors.push('缺少订单号');
  else if (isMangledNumber(rawNo)) errors.push(`订单号“${orderNo}”已被 Excel 改成数字（丢失了末尾数字），请把订单号列设为文本后重新导出`);
  else if (orderNo.length > 64) errors.push('订单号超过64个字符');
  if (errors.length) orderNo = orderNo.slice(0, 64);

  const receiverName = fieldText(cells, index, 'receiverName', 50);
  if (!receiverName) errors.push('缺少收货人');

  const phoneText = fieldText(cells, index, 'receiverPhone', 40);
  const phone = checkPhone(phoneText);
  if (!phone.ok) {
    if (phone.reason === 'missing') errors.push('缺少收货人手机号');
    else if (phone.reason === 'masked') errors.push('手机号已脱敏（含*），无法发货，请导出完整手机号后再导入');
    else errors.push(`手机号“${phoneText}”格式不正确`);
  }

  const area = readArea(cells, ctx, errors);
  const times: Partial<Record<'createdAt' | 'paidAt', string>> = {};
  readTime(cells, index, 'createdAt', '下单时间', times, errors);
  readTime(cells, index, 'paidAt', '付款时间', times, errors);

  const postFee = parseFen(pick(cells, index, 'postFee'));
  const orderPayment = ctx.layout.amounts === 'order' ? parseFen(pick(cells, index, 'payment')) : undefined;
  const items = readItems(cells, ctx, orderNo, errors, { postFee, orderPayment });
  if (postFee === null) errors.push(`运费“${fieldText(cells, index, 'postFee', 30)}”格式不正确`);
  if (orderPayment === null) errors.push(`实付金额“${fieldText(cells, index, 'payment', 30)}”格式不正确`);

  const data: RowData = {
    orderNo,
    receiverName,
    receiverPhone: phone.ok ? phone.phone : phoneText,
    ...area,
    items,
    ...times,
  };
  setTexts(data, cells, index, ORDER_TEXTS);
  if (postFee) data.postFeeFen = postFee;
  if (typeof orderPayment === 'number') data.orderPaymentFen = orderPayment;
  return {
    rowNo,
    orderKey: orderNo && !errors.some((e) => e.startsWith('订单号')) ? orderNo : `#${rowNo}`,
    data,
    error: errors.length ? errors.join('；') : null,
  };
}

function readArea(cells: Cell[], ctx: RowContext, errors: string[]) {
  const { index } = ctx;
  const province = fieldText(cells, index, 'province');
  const city = fieldText(cells, index, 'city');
  const district = fieldText(cells, index, 'district');
  let address = fieldText(cells, index, 'address');
  const full = fieldText(cells, index, 'fullAddress');
  if (index.province || index.city || index.district) {
    if ([province, city, district].some((s) => s.includes('*'))) {
      errors.push('收货地区已脱敏（含*），无法发货，请导出完整地址后再导入');
    } else if (!province && !city && !district && full) {
      return fromFull(full, address, errors);
    } else {
      const hit = findArea(province, city, district, address);
      if (hit) {
        if (!address) errors.push('缺少详细地址');
        return { province: hit.province, city: hit.city, district: hit.district, address };
      }
      errors.push(`收货地区“${[province, city, district].filter(Boolean).join(' ') || '空'}”不在省市区数据中，请核对省、市、区`);
    }
    if (!address) errors.push('缺少详细地址');
    return { province, city, district, address };
  }
  if (full) return fromFull(full, address, errors);
  errors.push('缺少收货地址');
  address ||= '';
  return { province: '', city: '', district: '', address };
}

function fromFull(full: string, address: string, errors: string[]) {
  if (full.includes('****')) {
    errors.push('收货地址已脱敏（含*），无法发货，请导出完整地址后再导入');
    return { province: '', city: '', district: '', address: full };
  }
  const split = splitAddress(full);
  if (!split) {
    errors.push(`无法从收货地址“${clip(full, 40)}”识别省市区，请核对地址`);
    return { province: '', city: '', district: '', address: full };
  }
  const street = address || split.address;
  if (!street) errors.push('缺少详细地址');
  return { province: split.province, city: split.city, district: split.district, address: street };
}

/** The whole order's amounts of an 'order' layout row, read once by parseRow (null: unreadable, undefined: empty). */
interface OrderAmounts {
  postFee: number | null | undefined;
  orderPayment: number | null | undefined;
}

function readItems(cells: Cell[], ctx: RowContext, orderNo: string, errors: string[], amounts: OrderAmounts): RowItem[] {
  const fromDetail = orderNo ? ctx.detail?.get(orderNo) : undefined;
  if (fromDetail?.length) return fromDetail;
  const { index } = ctx;
  const title = fieldText(cells, index, 'title');
  const outerCode = fieldText(cells, index, 'outerCode', 100);
  if (!title && !outerCode) errors.push('缺少商品（商品标题和商家编码都为空）');
  const q = parseQuantity(pick(cells, index, 'quantity'));
  if (q === null) errors.push(`数量“${fieldText(cells, index, 'quantity', 20)}”不是正整数`);
  const quantity = q ?? 1;
  const price = parseFen(pick(cells, index, 'price'));
  if (price === null) errors.push(`单价“${fieldText(cells, index, 'price', 30)}”格式不正确`);
  let payment = ctx.layout.amounts === 'line' ? parseFen(pick(cells, index, 'payment')) : undefined;
  if (payment === null) {
    errors.push(`实付金额“${fieldText(cells, index, 'payment', 30)}”格式不正确`);
    payment = undefined;
  }
  if (ctx.layout.amounts === 'order') {
    // One row per order: the line's money is the order's payment less postage.
    payment = Math.max(0, (amounts.orderPayment ?? 0) - (amounts.postFee ?? 0));
  }
  const priceFen = price ?? (payment !== undefined ? Math.round(payment / quantity) : 0);
  const item: RowItem = { title: title || outerCode, quantity, priceFen, paymentFen: payment ?? priceFen * quantity };
  setTexts(item, cells, index, LINE_TEXTS);
  if (outerCode) item.outerCode = outerCode;
  return [item];
}

/** One line of a Taobao 宝贝报表, or undefined when the row is not a usable line. */
export function detailItem(cells: Cell[], index: ColumnIndex): { orderNo: string; item: RowItem } | undefined {
  const t = (f: ImportField, max = 200) => fieldText(cells, index, f, max);
  const orderNo = t('orderNo', 64);
  const quantity = parseQuantity(pick(cells, index, 'quantity'));
  const price = parseFen(pick(cells, index, 'price'));
  if (!orderNo || isMangledNumber(pick(cells, index, 'orderNo')) || !quantity || price === null) return undefined;
  const item: RowItem = { title: t('title') || t('outerCode', 100), quantity, priceFen: price ?? 0, paymentFen: (price ?? 0) * quantity };
  const extra = { spec: t('spec'), outerCode: t('outerCode', 100) };
  for (const [k, v] of Object.entries(extra)) if (v) (item as unknown as Record<string, string>)[k] = v;
  return { orderNo, item };
}
