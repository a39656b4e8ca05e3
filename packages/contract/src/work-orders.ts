/**
 * Work orders (工单, decision 0031): a seller or purchaser asks the platform's support about an
 * order, an after-sale, a parcel, funds, the account or anything else, with text and images; the
 * operator's support role answers in the console. Statuses move only through named operations
 * (WORK_ORDER_TRANSITIONS says which operation is allowed from which status).
 */
import { z } from 'zod';
import { optionalFilter } from './filters.js';
import { id, pageQuery, requiredText, text } from './schema-helpers.js';

export const WorkOrderType = z.enum(['ORDER', 'AFTER_SALE', 'PARCEL', 'FUNDS', 'ACCOUNT', 'OTHER']).describe('工单类型');
export type WorkOrderType = z.infer<typeof WorkOrderType>;
export const WORK_ORDER_TYPE_LABELS: Record<WorkOrderType, string> = {
  ORDER: '订单问题',
  AFTER_SALE: '售后问题',
  PARCEL: '包裹问题',
  FUNDS: '资金问题',
  ACCOUNT: '账号问题',
  OTHER: '其他',
};

/** What a linked number names: the types that are about one record say which kind. */
export const WorkOrderLinkKind = z.enum(['ORDER', 'AFTER_SALE', 'PARCEL']);
export type WorkOrderLinkKind = z.infer<typeof WorkOrderLinkKind>;
export const WORK_ORDER_LINK_LABELS: Record<WorkOrderLinkKind, string> = { ORDER: '代发订单号', AFTER_SALE: '售后单号', PARCEL: '包裹条码' };

export const WorkOrderStatus = z.enum(['PENDING', 'PROCESSING', 'WAITING_REPLY', 'RESOLVED', 'CLOSED']).describe('工单状态');
export type WorkOrderStatus = z.infer<typeof WorkOrderStatus>;
export const WORK_ORDER_STATUS_LABELS: Record<WorkOrderStatus, string> = {
  PENDING: '待处理',
  PROCESSING: '处理中',
  WAITING_REPLY: '待回复',
  RESOLVED: '已解决',
  CLOSED: '已关闭',
};

/** The named operations and the statuses each may start from (the one transition table). */
export const WORK_ORDER_TRANSITIONS = {
  /** The customer writes again: the operator's turn (待回复 → 处理中; 待处理 and 处理中 stay). */
  customerReply: ['PENDING', 'PROCESSING', 'WAITING_REPLY'],
  /** The operator takes it up. */
  accept: ['PENDING'],
  /** The operator answers: the customer's turn. */
  operatorReply: ['PENDING', 'PROCESSING', 'WAITING_REPLY'],
  /** Either side says it is solved. */
  resolve: ['PENDING', 'PROCESSING', 'WAITING_REPLY'],
  /** Either side closes it. */
  close: ['PENDING', 'PROCESSING', 'WAITING_REPLY', 'RESOLVED'],
  /** The customer opens it again within WORK_ORDER_REOPEN_DAYS of solving or closing. */
  reopen: ['RESOLVED', 'CLOSED'],
  /** The customer rates the answer, once per solving. */
  rate: ['RESOLVED'],
} as const satisfies Record<string, readonly WorkOrderStatus[]>;
export type WorkOrderOperation = keyof typeof WORK_ORDER_TRANSITIONS;

export const WORK_ORDER_REOPEN_DAYS = 7;
export const WORK_ORDER_MAX_IMAGES = 5;
export const WORK_ORDER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

const images = z
  .array(z.string().max(3_000_000, '图片不能超过2MB，请压缩后重新上传'))
  .max(WORK_ORDER_MAX_IMAGES, `每次最多上传${WORK_ORDER_MAX_IMAGES}张图片`)
  .default([])
  .describe('图片（data URL 或 base64，JPG/PNG/WebP/GIF，每张≤2MB）');

export const WorkOrderCreateBody = z.object({
  type: WorkOrderType,
  title: requiredText('标题', 60),
  content: requiredText('问题描述', 2000),
  /** The order / after-sale / parcel number it is about (the caller's own; another's is not found). */
  linkNo: text('关联单号', 64).optional(),
  images,
});
export type WorkOrderCreateBody = z.infer<typeof WorkOrderCreateBody>;

export const WorkOrderReplyBody = z.object({ id: id('工单ID'), content: requiredText('回复内容', 2000), images });
export type WorkOrderReplyBody = z.infer<typeof WorkOrderReplyBody>;

export const WorkOrderIdBody = z.object({ id: id('工单ID') });
export const WorkOrderRateBody = z.object({
  id: id('工单ID'),
  score: z.number({ error: '请选择满意度' }).int().min(1, '满意度为1到5星').max(5, '满意度为1到5星').describe('满意度（1–5）'),
  comment: text('评价', 500).optional(),
});
export type WorkOrderRateBody = z.infer<typeof WorkOrderRateBody>;

const filters = {
  status: optionalFilter(WorkOrderStatus, '工单状态'),
  type: optionalFilter(WorkOrderType, '工单类型'),
  keyword: optionalFilter(text('工单号/标题', 60), '工单号/标题'),
  createdFrom: optionalFilter(z.iso.date('开始日期格式不正确'), '开始日期'),
  createdTo: optionalFilter(z.iso.date('结束日期格式不正确'), '结束日期'),
};
export const WorkOrderListQuery = pageQuery.extend(filters);
export type WorkOrderListQuery = z.infer<typeof WorkOrderListQuery>;
/** The console's list: every organisation's, with the organisation's name as a filter. */
export const OperatorWorkOrderListQuery = pageQuery.extend({ ...filters, orgName: optionalFilter(text('机构名称', 60), '机构名称') });
export type OperatorWorkOrderListQuery = z.infer<typeof OperatorWorkOrderListQuery>;

export const WorkOrderRow = z.object({
  id: z.number(),
  workOrderNo: z.string(),
  type: WorkOrderType,
  title: z.string(),
  status: WorkOrderStatus,
  linkKind: WorkOrderLinkKind.nullable(),
  linkNo: z.string().nullable(),
  /** Replies of the other side not yet read (the customer's: the operator's answers; the console's: the customer's). */
  unread: z.number(),
  score: z.number().nullable(),
  orgName: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WorkOrderRow = z.infer<typeof WorkOrderRow>;
export const WorkOrderPage = z.object({ total: z.number(), list: z.array(WorkOrderRow) });
export type WorkOrderPage = z.infer<typeof WorkOrderPage>;

export const WorkOrderImage = z.object({ id: z.number(), url: z.string(), width: z.number(), height: z.number() });
export type WorkOrderImage = z.infer<typeof WorkOrderImage>;
export const WorkOrderReply = z.object({
  id: z.number(),
  side: z.enum(['CUSTOMER', 'OPERATOR']),
  /** The customer's user name; an operator's answer shows as 平台客服. */
  author: z.string(),
  content: z.string(),
  images: z.array(WorkOrderImage),
  createdAt: z.string(),
});
export type WorkOrderReply = z.infer<typeof WorkOrderReply>;

export const WorkOrderDetail = WorkOrderRow.extend({
  content: z.string(),
  images: z.array(WorkOrderImage),
  comment: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** Whether the customer may still reopen it (solved or closed within WORK_ORDER_REOPEN_DAYS). */
  canReopen: z.boolean(),
  replies: z.array(WorkOrderReply),
});
export type WorkOrderDetail = z.infer<typeof WorkOrderDetail>;
export const WorkOrderCreated = z.object({ id: z.number(), workOrderNo: z.string() });

/** Where the page reads an image (the customer's call or the console's). */
export const workOrderImageUrl = (imageId: number, console = false) =>
  console ? `/api/operator/workOrders/image/${imageId}` : `/api/b2/workorder/image/${imageId}`;
