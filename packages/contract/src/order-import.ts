/**
 * Order import (/order/intelligentImport): a seller's marketplace export or our template becomes
 * shop orders of one shop. Upload → recognized layout or column mapping → preview with each bad
 * row's reason → import in batches with progress → result and history.
 * docs/decisions/0007-order-import.md explains the choices.
 */
import { z } from 'zod';
import { Channel } from './enums.js';
import { id, text } from './schema-helpers.js';

/** The limits of one import (README and the page show them). */
export const ORDER_IMPORT_LIMITS = {
  /** Per uploaded file; the 宝贝报表 beside a Taobao 订单报表 has its own 20 MB. */
  maxFileBytes: 20 * 1024 * 1024,
  /** Data rows of one file (the header row not counted). */
  maxRows: 100_000,
  /** Orders written per database transaction. */
  batchOrders: 500,
  extensions: ['.xlsx', '.xls', '.csv'] as const,
};

/** Our fields a column can be mapped to; labels are the template's headers. */
export const ImportField = z.enum([
  'orderNo',
  'subOrderNo',
  'receiverName',
  'receiverPhone',
  'province',
  'city',
  'district',
  'address',
  'fullAddress',
  'title',
  'spec',
  'outerCode',
  'skuId',
  'itemId',
  'quantity',
  'price',
  'payment',
  'postFee',
  'buyerRemark',
  'sellerRemark',
  'buyerNick',
  'paidAt',
  'createdAt',
  'status',
  'refundStatus',
  'shopName',
]);
export type ImportField = z.infer<typeof ImportField>;

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  orderNo: '订单号',
  subOrderNo: '子订单号',
  receiverName: '收货人',
  receiverPhone: '手机号',
  province: '省',
  city: '市',
  district: '区',
  address: '详细地址',
  fullAddress: '完整地址',
  title: '商品标题',
  spec: '规格',
  outerCode: '商家编码',
  skuId: 'SKU编号',
  itemId: '商品编号',
  quantity: '数量',
  price: '单价(元)',
  payment: '实付金额(元)',
  postFee: '运费(元)',
  buyerRemark: '买家留言',
  sellerRemark: '卖家备注',
  buyerNick: '买家昵称',
  paidAt: '付款时间',
  createdAt: '下单时间',
  status: '订单状态',
  refundStatus: '售后状态',
  shopName: '店铺名称',
};

/** The template's columns, in order (GET /api/b2/orders/import/template). */
export const TEMPLATE_FIELDS: readonly ImportField[] = [
  'orderNo',
  'receiverName',
  'receiverPhone',
  'province',
  'city',
  'district',
  'address',
  'title',
  'spec',
  'outerCode',
  'quantity',
  'price',
  'postFee',
  'buyerRemark',
  'sellerRemark',
  'paidAt',
];

/** Which column of the file holds each field: field → the file's header text. */
export const ImportMapping = z.partialRecord(ImportField, z.string().max(100, '列名不能超过100个字符'));
export type ImportMapping = z.infer<typeof ImportMapping>;

/**
 * What a mapping must cover: order number, receiver, phone, street address, and the area either
 * as province + city + district or as one full address. Answers the missing labels (empty: ok).
 */
export function missingMappingFields(m: ImportMapping): string[] {
  const missing: string[] = [];
  for (const f of ['orderNo', 'receiverName', 'receiverPhone'] as const) if (!m[f]) missing.push(IMPORT_FIELD_LABELS[f]);
  const split = !!(m.province && m.city && m.district);
  if (!split && !m.fullAddress) missing.push('省、市、区（或完整地址）');
  if (!m.address && !m.fullAddress) missing.push(IMPORT_FIELD_LABELS.address);
  return missing;
}

export const ImportLayout = z.enum(['TAOBAO', 'TAOBAO_DETAIL', 'PDD', 'TIKTOK', 'TEMPLATE', 'CUSTOM']);
export type ImportLayout = z.infer<typeof ImportLayout>;

export const IMPORT_LAYOUT_NAMES: Record<ImportLayout, string> = {
  TAOBAO: '淘宝/千牛 订单报表',
  TAOBAO_DETAIL: '淘宝/千牛 宝贝报表',
  PDD: '拼多多 订单导出',
  TIKTOK: '抖店 订单导出',
  TEMPLATE: '本系统导入模板',
  CUSTOM: '自定义列对应',
};

/** PARSING → PREVIEW → IMPORTING → DONE; FAILED with a reason; CANCELLED when the seller drops a preview. */
export const ImportJobStatus = z.enum(['PARSING', 'PREVIEW', 'IMPORTING', 'DONE', 'FAILED', 'CANCELLED']);
export type ImportJobStatus = z.infer<typeof ImportJobStatus>;

export const IMPORT_STATUS_NAMES: Record<ImportJobStatus, string> = {
  PARSING: '解析中',
  PREVIEW: '待确认',
  IMPORTING: '导入中',
  DONE: '已完成',
  FAILED: '失败',
  CANCELLED: '已取消',
};

/** The form fields beside the file(s) of POST /api/b2/orders/import (multipart). */
export const ImportCreateFields = z.object({
  shopId: id('店铺'),
  mapping: z
    .preprocess((v) => {
      if (typeof v !== 'string' || v.trim() === '') return v === '' ? undefined : v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    }, ImportMapping.optional())
    .describe('列对应'),
});

/** POST /api/b2/orders/import/inspect: what the file is, before anything is stored. */
export const ImportInspectResult = z.object({
  fileName: z.string(),
  format: z.enum(['xlsx', 'xls', 'csv']),
  /** CSV only: UTF-8 (with or without BOM), GB18030 (GBK), UTF-16LE. */
  encoding: z.string().nullable(),
  layout: ImportLayout,
  layoutName: z.string(),
  /** The marketplace of a recognized export; null for the template and other layouts. */
  channel: Channel.nullable(),
  headers: z.array(z.string()),
  /** The columns used for a recognized layout, or the suggestion for an unknown one. */
  mapping: ImportMapping,
  /** Up to 3 data rows, as text, for the mapping step. */
  sampleRows: z.array(z.array(z.string())),
  /** Taobao's 店铺名称 of the first row, to preselect the shop. */
  shopName: z.string().nullable(),
  /** A Taobao 订单报表 without its 宝贝报表: each order becomes one line from 宝贝标题. */
  hint: z.string().nullable(),
});
export type ImportInspectResult = z.infer<typeof ImportInspectResult>;

export const ImportCreated = z.object({ jobId: z.number() });

export const ImportJobParams = z.object({ jobId: id('导入任务编号') });

export const ImportRowError = z.object({ row: z.number(), message: z.string() });
export type ImportRowError = z.infer<typeof ImportRowError>;

/**
 * GET /api/b2/orders/import/{jobId}. Counts are orders (rows of one order number are one order):
 * total = imported (new) + updated (already there, refreshed) + skipped (a newer copy is already
 * stored) + failed (an order with a bad row). errors: the first 100 bad rows; the preview call pages all.
 */
export const ImportJobView = z.object({
  id: z.number(),
  status: ImportJobStatus,
  fileName: z.string(),
  shopId: z.number(),
  shopName: z.string(),
  layout: ImportLayout,
  layoutName: z.string(),
  totalRows: z.number(),
  errorRows: z.number(),
  total: z.number(),
  validOrders: z.number(),
  imported: z.number(),
  updated: z.number(),
  skipped: z.number(),
  failed: z.number(),
  /** 0–100 of the current stage (parsing or importing). */
  percent: z.number(),
  /** Chinese reason of a FAILED job. */
  message: z.string().nullable(),
  errors: z.array(ImportRowError),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJobView = z.infer<typeof ImportJobView>;

export const ImportRowsBody = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1).describe('页码'),
  pageSize: z.coerce.number().int().min(1).max(100).default(20).describe('每页条数'),
  errorsOnly: z.boolean().default(false).describe('仅看错误'),
});

/** One row of the preview: receiver masked as in every list. */
export const ImportRowView = z.object({
  row: z.number(),
  orderNo: z.string(),
  receiverName: z.string(),
  receiverPhone: z.string(),
  area: z.string(),
  address: z.string(),
  goods: z.string(),
  quantity: z.number(),
  paymentFen: z.number(),
  error: z.string().nullable(),
});
export type ImportRowView = z.infer<typeof ImportRowView>;

export const ImportRowsResult = z.object({ total: z.number(), list: z.array(ImportRowView) });

export const ImportPageBody = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1).describe('页码'),
  pageSize: z.coerce.number().int().min(1).max(100).default(20).describe('每页条数'),
  status: ImportJobStatus.optional().describe('状态'),
  keyword: text('文件名', 100).optional(),
});

export const ImportHistoryRow = ImportJobView.omit({ errors: true }).extend({ userName: z.string() });
export type ImportHistoryRow = z.infer<typeof ImportHistoryRow>;

export const ImportHistoryResult = z.object({ total: z.number(), list: z.array(ImportHistoryRow) });

/** GET /api/b2/orders/import/shops: the seller's shops an import can go into. */
export const ImportShop = z.object({ id: z.number(), name: z.string(), channel: Channel });
export type ImportShop = z.infer<typeof ImportShop>;
