/**
 * The picker's phone view (拿货员工作台, /picker): today's items by stall in walking order, finding
 * an item by its pick-up code, marking what happened at the stall with the price actually paid, and
 * undoing a mark (cancelTook). Money is integer fen (docs/decisions/0013-picking.md).
 */
import { z } from 'zod';
import { AssignmentStatus, TakingItemStatus } from './enums.js';
import { unitPriceField } from './money.js';
import { id, text } from './schema-helpers.js';

/** What a picker reports for an item at the stall. */
export const PickResult = z.enum(['TOOK', 'TOOK_PART', 'E_LACK_TAKING', 'E_NEXT_TAKING', 'E_CHANGE_TAKING', 'E_STOP_PRODUCTION'], {
  error: '标记结果不正确，应为已拿、部分拿到、缺货、明日拿、换货或停产之一',
});
export type PickResult = z.infer<typeof PickResult>;

export const PICK_RESULT_NAMES: Record<PickResult, string> = {
  TOOK: '已拿',
  TOOK_PART: '部分拿到',
  E_LACK_TAKING: '缺货',
  E_NEXT_TAKING: '明日拿',
  E_CHANGE_TAKING: '换货',
  E_STOP_PRODUCTION: '停产',
};

/** Results where goods change hands at the stall: they carry the unit price actually paid. */
export const PAID_RESULTS: readonly PickResult[] = ['TOOK', 'TOOK_PART'];

/** The picker's commission per piece taken (fen): a platform constant, see decision 0013. */
export const PICKER_COMMISSION_PER_PIECE_FEN = 50;

/** At most this many items in one mark or undo (a stall's items of the day). */
export const PICK_BATCH_MAX = 200;

const itemIds = z
  .array(id('拿货项'), { error: '请选择拿货项' })
  .min(1, '请选择拿货项')
  .max(PICK_BATCH_MAX, `一次最多处理${PICK_BATCH_MAX}个拿货项`)
  .refine((a) => new Set(a).size === a.length, '拿货项不能重复')
  .describe('拿货项');

export const PickFindBody = z.object({
  takeCode: z
    .string({ error: '请输入拿货码' })
    .trim()
    .regex(/^\d{12}$/, '拿货码应为12位数字')
    .describe('拿货码'),
});

/** Unit price in fen: 0 to 100,000 yuan (a stall price above that is a typing mistake). */
const priceFen = unitPriceField('单价', 0, { integer: '单价必须是整数分' }).describe('实际拿货单价');

export const PickMarkBody = z.object({
  takeItemIds: itemIds,
  result: PickResult.describe('标记结果'),
  /** Unit price actually paid (fen), for TOOK / TOOK_PART; defaults to the item's cost. */
  priceFen: priceFen.optional(),
  /** Pieces taken, TOOK_PART only (one item at a time): 1 to quantity − 1. */
  tookQuantity: z.number({ error: '拿到数量必须是数字' }).int('拿到数量必须是整数').min(1, '拿到数量至少为1').max(100_000).optional().describe('拿到数量'),
  /** What the stall offers instead (换货, required) or any remark. */
  note: text('备注', 200).optional(),
});
export type PickMarkBody = z.infer<typeof PickMarkBody>;

export const PickCancelBody = z.object({ takeItemIds: itemIds });

export const PickMark = z.object({
  result: PickResult,
  tookQuantity: z.number(),
  priceFen: z.number().nullable(),
  note: z.string(),
  refundFen: z.number(),
  replenishFen: z.number(),
  at: z.string(),
});

export const PickItem = z.object({
  id: z.number(),
  takeCode: z.string(),
  orderNo: z.string(),
  /** The goods picture of the order line (from the marketplace or the linked goods), if any. */
  picUrl: z.string().nullable().optional(),
  artNo: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number(),
  unitCostFen: z.number(),
  assignmentStatus: AssignmentStatus,
  takingStatus: TakingItemStatus,
  /** Still to be done (false: marked today; it can be undone until it reaches the warehouse). */
  pending: z.boolean(),
  /** The mark that stands, if any. */
  mark: PickMark.nullable(),
  assignedUserId: z.number().nullable(),
  arrived: z.boolean(),
  /** The order paid for 加急发货: its stall is walked first and the item listed first there. */
  urgent: z.boolean(),
});
export type PickItem = z.infer<typeof PickItem>;

export const PickStallInfo = z.object({
  /** Market · building · floor · stall number: the walking order's key. */
  key: z.string(),
  stallName: z.string(),
  market: z.string(),
  building: z.string(),
  floor: z.string(),
  stallNo: z.string(),
});

export const PickStall = PickStallInfo.extend({ pending: z.number(), done: z.number(), items: z.array(PickItem) });
export type PickStall = z.infer<typeof PickStall>;

export const PickTodayResult = z.object({ stalls: z.array(PickStall), pending: z.number(), done: z.number() });
export type PickTodayResult = z.infer<typeof PickTodayResult>;

export const PickFindResult = z.object({ item: PickItem, stall: PickStallInfo });
export type PickFindResult = z.infer<typeof PickFindResult>;

export const PickOutcome = z.object({
  id: z.number(),
  takeCode: z.string(),
  result: z.union([PickResult, z.literal('CANCEL_TOOK')]),
  /** Goods money back to the seller (negative: taken back from the seller by an undo). */
  refundFen: z.number(),
  /** Replenish request (补款) created (negative: cancelled or refunded by an undo). */
  replenishFen: z.number(),
  commissionFen: z.number(),
});
export type PickOutcome = z.infer<typeof PickOutcome>;
export const PickOutcomeResult = z.object({ items: z.array(PickOutcome) });
export type PickOutcomeResult = z.infer<typeof PickOutcomeResult>;
