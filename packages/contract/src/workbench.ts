/**
 * The workbench (/home) and courier tracking (/expressMsg): POST /api/home/data, POST
 * /api/home/expressSignList and the waybill lookup (decision 0035).
 */
import { z } from 'zod';
import { requiredText } from './schema-helpers.js';

/** A parcel whose trace has not moved for this many days is flagged on the workbench. */
export const TRACE_STALLED_DAYS = 3;
/** A kept trace younger than this is shown as is; an older one (not signed) is asked again on lookup. */
export const TRACE_FRESH_MS = 10 * 60_000;

/** Tag colours of Kuaidi100's states on /expressMsg: signed green, going back red, troubled orange. */
export const TRACK_STATE_COLORS: Record<string, string> = {
  '3': 'green',
  '4': 'red',
  '6': 'red',
  '14': 'red',
  '2': 'orange',
  '5': 'blue',
  '0': 'blue',
  '1': 'blue',
};

export const TraceProblem = z.enum(['STALLED', 'RETURNED']).describe('物流异常');
export type TraceProblem = z.infer<typeof TraceProblem>;
export const TRACE_PROBLEM_NAMES: Record<TraceProblem, string> = { STALLED: `超过${TRACE_STALLED_DAYS}天无物流更新`, RETURNED: '退回 / 拒签' };

/** The to-do cards, in the order shown; each opens its list filtered to what it counts. */
export const WorkbenchTodoKey = z.enum([
  'WAITING_PAYMENT',
  'WAITING_REPLENISH',
  'PROBLEM_NEAR_DEADLINE',
  'SHOPS_EXPIRING',
  'COURIER_PROBLEMS',
  'WAITING_ASSIGNED',
  'TAKING',
  'WAITING_SHIPPING',
  'MY_TAKING',
  'MY_TOOK_TODAY',
]);
export type WorkbenchTodoKey = z.infer<typeof WorkbenchTodoKey>;

export const WORKBENCH_TODO: Record<WorkbenchTodoKey, { title: string; link: string }> = {
  WAITING_PAYMENT: { title: '待付款订单', link: '/order/daifaOrderList?status=WAITING_PAYMENT' },
  WAITING_REPLENISH: { title: '待补款', link: '/funds/transferRecord?tab=replenish&status=WAITING_PAYMENT' },
  PROBLEM_NEAR_DEADLINE: { title: '即将超期的问题件', link: '/afterSale/problemList' },
  SHOPS_EXPIRING: { title: '授权即将到期的店铺', link: '/basicSet/shopAuthorization' },
  COURIER_PROBLEMS: { title: '物流异常', link: '/expressMsg?problems=1' },
  WAITING_ASSIGNED: { title: '待分配', link: '/offlineReturnOrder/pickup?tab=WAITING_ASSIGNED' },
  TAKING: { title: '拿货中', link: '/offlineReturnOrder/pickup?tab=TAKING' },
  WAITING_SHIPPING: { title: '待发货（分拣中）', link: '/print/printDelivery' },
  MY_TAKING: { title: '我的待拿', link: '/picker' },
  MY_TOOK_TODAY: { title: '我今天已拿', link: '/picker' },
};

/** The day figures compared with yesterday and drawn over 7 days. */
export const WorkbenchFigureKey = z.enum(['ORDERS_PLACED', 'ORDERS_PAID_FEN', 'ORDERS_SHIPPED', 'SIGNED', 'ITEMS_TOOK']);
export type WorkbenchFigureKey = z.infer<typeof WorkbenchFigureKey>;
export const WORKBENCH_FIGURES: Record<WorkbenchFigureKey, { title: string; money: boolean }> = {
  ORDERS_PLACED: { title: '下单数', money: false },
  ORDERS_PAID_FEN: { title: '付款金额（元）', money: true },
  ORDERS_SHIPPED: { title: '发货单数', money: false },
  SIGNED: { title: '签收单数', money: false },
  ITEMS_TOOK: { title: '拿货件数', money: false },
};

export const WorkbenchAudience = z.enum(['seller', 'purchaser', 'picker']);
export type WorkbenchAudience = z.infer<typeof WorkbenchAudience>;

export const CourierProblemRow = z.object({
  trackingNo: z.string(),
  courierCode: z.string(),
  orderNo: z.string(),
  problem: TraceProblem,
  lastEventAt: z.string().nullable(),
  lastText: z.string(),
});
export type CourierProblemRow = z.infer<typeof CourierProblemRow>;

export const HomeData = z.object({
  audience: WorkbenchAudience,
  /** Beijing day the figures are of, 'YYYY-MM-DD'. */
  today: z.string(),
  todo: z.array(z.object({ key: WorkbenchTodoKey, count: z.number().int().min(0) })),
  figures: z.array(z.object({ key: WorkbenchFigureKey, today: z.number().int(), yesterday: z.number().int() })),
  /** The last 7 Beijing days, oldest first, one value per day for each figure. */
  chart: z.object({ days: z.array(z.string()), series: z.array(z.object({ key: WorkbenchFigureKey, values: z.array(z.number().int()) })) }),
  courierProblems: z.array(CourierProblemRow),
});
export type HomeData = z.infer<typeof HomeData>;

export const ExpressSignListBody = z
  .object({
    limit: z.coerce.number({ error: '条数必须是数字' }).int('条数必须是整数').min(1, '条数至少为1').max(100, '条数不能超过100').default(20).describe('条数'),
  })
  .nullish()
  .transform((v) => v ?? { limit: 20 });

export const ExpressSignRow = z.object({
  trackingNo: z.string(),
  courierCode: z.string(),
  courierName: z.string(),
  orderNo: z.string(),
  signedAt: z.string(),
  lastText: z.string(),
});
export type ExpressSignRow = z.infer<typeof ExpressSignRow>;

export const ExpressTraceBody = z.object({
  trackingNo: requiredText('快递单号', 32).regex(/^[A-Za-z0-9]+$/, '快递单号只能包含字母和数字'),
});

export const TraceEventRow = z.object({ time: z.string(), context: z.string(), status: z.string() });
export const ExpressTrace = z.object({
  trackingNo: z.string(),
  courierCode: z.string(),
  courierName: z.string(),
  orderNo: z.string(),
  /** Kuaidi100 state of the newest event and its name (在途, 签收 …). */
  state: z.string(),
  stateName: z.string(),
  signed: z.boolean(),
  problem: TraceProblem.nullable(),
  /** Newest first; empty when the courier has nothing yet. */
  events: z.array(TraceEventRow),
  updatedAt: z.string().nullable(),
});
export type ExpressTrace = z.infer<typeof ExpressTrace>;
