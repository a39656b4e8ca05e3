/**
 * Pick-up task assignment (/offlineReturnOrder/pickup, SPEC.md section 7 "Pickup assignment"):
 * the purchaser's list of take items, assigning them to pickers, stopping at a seller's request,
 * printing pick-up tags, sending the day's codes to the stalls, and the day's figures.
 * Decisions: docs/decisions/0012-take-assignment.md.
 */
import { z } from 'zod';
import { LIST_COUNT_CAP } from './constants.js';
import { daysInOrder, optionalDay } from './dates.js';
import { AssignmentStatus, TakingItemStatus } from './enums.js';
import { optionalFilter } from './filters.js';
import { id, pageQuery, text } from './schema-helpers.js';
import { ERP_CHANNELS } from './shops.js';

const list = <T extends z.ZodType>(item: T, label: string, max: number) =>
  z
    .array(item, { error: `${label}必须是数组` })
    .min(1, `请选择${label}`)
    .max(max, `一次最多选择${max}个${label}`)
    .refine((l) => new Set(l).size === l.length, `${label}不能重复`)
    .describe(label);

/** One call may assign this many items by id (the bench assigns 10,000 at once). */
export const TAKE_ASSIGN_MAX = 10_000;
/** Stop / revoke run per item (money moves for each): a smaller batch. */
export const TAKE_STOP_MAX = 200;
/** Pick-up tags per print call (one roll of 60×40 labels is about 1,000). */
export const TAKE_PRINT_MAX = 2_000;
export const TAKE_EXPORT_MAX = 50_000;

export const TakeFilterShape = {
  marketArea: optionalFilter(text('拿货区域', 40), '拿货区域'),
  market: optionalFilter(text('市场', 60), '市场'),
  supplierId: optionalFilter(id('供应商'), '供应商'),
  stallName: optionalFilter(text('档口', 60), '档口'),
  /** 0 = not assigned to anybody. */
  pickerId: optionalFilter(z.coerce.number({ error: '拿货员必须是数字' }).int('拿货员必须是整数').min(0, '拿货员不正确'), '拿货员'),
  assignmentStatus: optionalFilter(AssignmentStatus, '分配状态'),
  takingStatus: optionalFilter(TakingItemStatus, '拿货状态'),
  sellerName: optionalFilter(text('卖家', 60), '卖家'),
  takeCode: optionalFilter(z.string({ error: '拿货码必须是文字' }).regex(/^\d{12}$/, '拿货码必须是12位数字'), '拿货码'),
  createdFrom: optionalDay('创建开始日期'),
  createdTo: optionalDay('创建结束日期'),
  printed: optionalFilter(z.enum(['YES', 'NO'], { error: '是否已打印必须是 YES 或 NO' }), '是否已打印'),
};
const IN_ORDER = daysInOrder('createdFrom', 'createdTo', '创建开始日期不能晚于结束日期');

export const TakeFilter = z.object(TakeFilterShape).refine(...IN_ORDER);
export type TakeFilter = z.output<typeof TakeFilter>;
export const TakePageBody = pageQuery.extend(TakeFilterShape).refine(...IN_ORDER);
export type TakePageBody = z.output<typeof TakePageBody>;

export const TakeRow = z.object({
  id: z.number(),
  takeCode: z.string(),
  orderNo: z.string(),
  sellerName: z.string(),
  supplierId: z.number().nullable(),
  stallName: z.string(),
  market: z.string(),
  building: z.string(),
  floor: z.string(),
  stallNo: z.string(),
  marketArea: z.string(),
  artNo: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number(),
  unitCostFen: z.number(),
  assignmentStatus: AssignmentStatus,
  takingStatus: TakingItemStatus,
  pickerId: z.number().nullable(),
  pickerName: z.string().nullable(),
  assignedAt: z.string().nullable(),
  printCount: z.number(),
  printedAt: z.string().nullable(),
  tookQuantity: z.number(),
  tookAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  expressName: z.string(),
  /** The order paid for 加急发货: listed first. */
  urgent: z.boolean(),
  createdAt: z.string(),
});
export type TakeRow = z.infer<typeof TakeRow>;
/** counts: per assignment status over the same filter without its status (the tabs). */
/** Under filters each tab is counted up to this; past it the answer says so (the page shows 10000+). */
export const TAKE_COUNT_CAP = LIST_COUNT_CAP;
/**
 * One page, its total and the count of every assignment-status tab. Without filters the counts are
 * exact (kept counters); with filters they are exact up to TAKE_COUNT_CAP matches, past it
 * `countsCapped` names the tabs (and ALL) whose number is a lower bound (shown n+) and `totalCapped`
 * says whether `total` is one (decision 0041).
 */
export const TakePageResult = z.object({
  total: z.number(),
  totalCapped: z.boolean().optional(),
  list: z.array(TakeRow),
  counts: z.record(z.string(), z.number()),
  countsCapped: z.array(z.string()).optional(),
});
export type TakePageResult = z.infer<typeof TakePageResult>;

export const ErpTakePageBody = pageQuery
  .extend({ ...TakeFilterShape, channel: optionalFilter(z.enum(ERP_CHANNELS, { error: 'ERP 必须是 KM 或 WDT' }), 'ERP') })
  .refine(...IN_ORDER);
export const ErpTakeRow = TakeRow.extend({ shopName: z.string(), channel: z.string() });
/** total / count up to LIST_COUNT_CAP; totalCapped / countCapped: more match. */
export const ErpTakePageResult = z.object({ total: z.number(), totalCapped: z.boolean(), list: z.array(ErpTakeRow) });
export const ExistErpResult = z.object({ exist: z.boolean(), count: z.number(), countCapped: z.boolean() });

// ---- 分配 ---------------------------------------------------------------------------------------

const picker = id('拿货员');
export const TakeAssignAreaBody = z.object({ marketAreas: list(text('拿货区域', 40).min(1, '拿货区域不能为空'), '拿货区域', 50), pickerId: picker });
export const TakeAssignUserBody = z.object({
  takeItemIds: list(id('拿货项'), '拿货项', TAKE_ASSIGN_MAX),
  /** null = take the items back from their picker (取消分配). */
  pickerId: picker.nullable(),
});
/** A stall as the grouped view names it: market|building|floor|stallNo|stallName. */
export const stallKey = (s: { market: string; building: string; floor: string; stallNo: string; stallName: string }) =>
  [s.market, s.building, s.floor, s.stallNo, s.stallName].join('|');
export const TakeAssignSupplierBody = z.object({ stallKeys: list(text('档口', 300).min(1, '档口不能为空'), '档口', 200), pickerId: picker });
export const TakeAssignResult = z.object({ count: z.number() });

export const TakeItemIdsBody = z.object({ takeItemIds: list(id('拿货项'), '拿货项', TAKE_STOP_MAX) });
export const TakeOperationResult = z.object({
  results: z.array(z.object({ id: z.number(), takeCode: z.string(), ok: z.boolean(), message: z.string() })),
});
export type TakeOperationResult = z.infer<typeof TakeOperationResult>;

export const TakePicker = z.object({ id: z.number(), name: z.string(), isMain: z.boolean() });
export type TakePicker = z.infer<typeof TakePicker>;

// ---- 按档口 -------------------------------------------------------------------------------------

export const TakeGroupBody = pageQuery.extend(TakeFilterShape).refine(...IN_ORDER);
export const TakeStallGroup = z.object({
  stallKey: z.string(),
  stallName: z.string(),
  marketArea: z.string(),
  market: z.string(),
  building: z.string(),
  floor: z.string(),
  stallNo: z.string(),
  itemCount: z.number(),
  quantity: z.number(),
  counts: z.record(z.string(), z.number()),
  pickerNames: z.array(z.string()),
});
export type TakeStallGroup = z.infer<typeof TakeStallGroup>;
export const TakeGroupResult = z.object({ total: z.number(), list: z.array(TakeStallGroup) });

// ---- 打印 ---------------------------------------------------------------------------------------

export const TakePrintBody = z
  .object({
    takeItemIds: list(id('拿货项'), '拿货项', TAKE_PRINT_MAX).optional(),
    filter: TakeFilter.optional(),
    /** With a filter: only items never printed (补打 = print the selected ones). */
    onlyUnprinted: z.boolean({ error: '只打印未打印必须是是或否' }).default(false).describe('只打印未打印'),
    format: z.enum(['pdf', 'lodop'], { error: '打印格式必须是 pdf 或 lodop' }).describe('打印格式'),
    offsetXMm: z.number({ error: '左右偏移必须是数字' }).min(-20).max(20).default(0).describe('左右偏移'),
    offsetYMm: z.number({ error: '上下偏移必须是数字' }).min(-20).max(20).default(0).describe('上下偏移'),
  })
  .refine((b) => (b.takeItemIds ? 1 : 0) + (b.filter ? 1 : 0) === 1, { message: '请选择要打印的拿货项，或按筛选条件打印（二选一）', path: ['takeItemIds'] });
export type TakePrintBody = z.output<typeof TakePrintBody>;

// ---- 下发拿货码 ----------------------------------------------------------------------------------

export const TakeDayQuery = z.object({ date: optionalDay('日期') });
export const DowningResult = z.object({ downing: z.boolean(), runId: z.number().nullable(), startedAt: z.string().nullable() });
export const DownCodeBody = z.object({ date: optionalDay('日期'), stallKeys: list(text('档口', 300), '档口', 500).optional() });
export const DownCodeResult = z.object({ runId: z.number(), batches: z.number(), items: z.number() });
export const DownCodeListBody = pageQuery.extend({ date: optionalDay('日期'), stallName: optionalFilter(text('档口', 60), '档口') });
export const DownLine = z.object({ takeCode: z.string(), artNo: z.string(), color: z.string(), size: z.string(), quantity: z.number() });
export const DownBatch = z.object({
  id: z.number(),
  day: z.string(),
  stallKey: z.string(),
  stallName: z.string(),
  market: z.string(),
  floor: z.string(),
  stallNo: z.string(),
  itemCount: z.number(),
  quantity: z.number(),
  lines: z.array(DownLine),
  createdAt: z.string(),
});
export type DownBatch = z.infer<typeof DownBatch>;
export const DownCodeListResult = z.object({ total: z.number(), list: z.array(DownBatch) });

// ---- 看板、简报、日志 -----------------------------------------------------------------------------

export const TakeKanbanResult = z.object({
  date: z.string(),
  total: z.number(),
  /** Open items created before the day (still waiting or being taken). */
  carriedOver: z.number(),
  byAssignment: z.record(z.string(), z.number()),
  byTaking: z.record(z.string(), z.number()),
  areas: z.array(z.object({ marketArea: z.string(), total: z.number(), waiting: z.number(), taking: z.number(), took: z.number(), exception: z.number() })),
});
export const TakeBriefingRow = z.object({
  pickerId: z.number(),
  pickerName: z.string(),
  assigned: z.number(),
  took: z.number(),
  tookPart: z.number(),
  lack: z.number(),
  nextDay: z.number(),
  pending: z.number(),
  quantity: z.number(),
  tookQuantity: z.number(),
  amountFen: z.number(),
});
export type TakeBriefingRow = z.infer<typeof TakeBriefingRow>;
export const TakeBriefingResult = z.object({
  date: z.string(),
  list: z.array(TakeBriefingRow),
  total: TakeBriefingRow.omit({ pickerId: true, pickerName: true }),
});
export const TakeBriefingUserQuery = z.object({ date: optionalDay('日期'), pickerId: id('拿货员') });
export const TakeBriefingUserResult = z.object({
  date: z.string(),
  summary: TakeBriefingRow,
  stalls: z.array(
    z.object({
      stallName: z.string(),
      market: z.string(),
      stallNo: z.string(),
      itemCount: z.number(),
      quantity: z.number(),
      took: z.number(),
      amountFen: z.number(),
    }),
  ),
});
export const TakeLogQuery = pageQuery.extend({ takeItemId: optionalFilter(id('拿货项'), '拿货项') });
export const TakeLogRow = z.object({
  id: z.number(),
  takeItemId: z.number(),
  takeCode: z.string(),
  operation: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  actorName: z.string().nullable(),
  note: z.string(),
  createdAt: z.string(),
});
export const TakeLogResult = z.object({ total: z.number(), list: z.array(TakeLogRow) });
/** NONE: nothing sent today; PARTIAL: sent, new items since; ALL: every open item of the day is sent (locked for audit). */
export const TakeAuditState = z.object({
  date: z.string(),
  state: z.enum(['NONE', 'PARTIAL', 'ALL']),
  lastDownAt: z.string().nullable(),
  downedItems: z.number(),
  pendingItems: z.number(),
});

// ---- 自动分配 ------------------------------------------------------------------------------------

export const AutoAssignRule = z.object({
  /** AREA: a market area; STALL: a stall key (more specific, wins over AREA). */
  type: z.enum(['AREA', 'STALL'], { error: '规则类型必须是按区域或按档口' }).describe('规则类型'),
  value: text('区域或档口', 300).min(1, '请填写区域或档口'),
  pickerId: picker,
});
export const AutoAssignSetBody = z.object({
  enabled: z.boolean({ error: '是否启用必须是是或否' }).describe('是否启用'),
  rules: z.array(AutoAssignRule, { error: '规则必须是数组' }).max(500, '最多500条规则').describe('规则'),
});
export type AutoAssignSetBody = z.output<typeof AutoAssignSetBody>;
/** The answer (plain types: a response schema may not preprocess). */
export const AutoAssignSetting = z.object({
  enabled: z.boolean(),
  rules: z.array(z.object({ type: z.enum(['AREA', 'STALL']), value: z.string(), pickerId: z.number(), pickerName: z.string() })),
});

export const TakeHomeStatistics = z.object({
  waitingAssigned: z.number(),
  taking: z.number(),
  tookToday: z.number(),
  exceptionToday: z.number(),
  unprinted: z.number(),
  stopped: z.number(),
});
