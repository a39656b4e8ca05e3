/**
 * Headless parcels (无头件, docs/decisions/0027-problem-headless-parcels.md): a returned parcel that
 * matched nothing at the return desk waits in the warehouse's pool; the sellers that warehouse serves
 * claim it with proof, the warehouse confirms or refuses; the automatic matching proposes likely
 * owners. Photos of any parcel (problem or headless) are uploaded by the warehouse and served to
 * who may see the parcel.
 */
import { z } from 'zod';
import { ParcelStatus } from './enums.js';
import { id, pageQuery, requiredText, text } from './schema-helpers.js';

/** How long an unclaimed headless parcel waits in the pool before the deadline job discards it (the default of HEADLESS_CLAIM_DAYS). */
export const HEADLESS_CLAIM_DAYS_DEFAULT = 30;
/** At most this many photos per parcel, each at most PARCEL_PHOTO_MAX_BYTES. */
export const PARCEL_PHOTO_MAX_COUNT = 9;
export const PARCEL_PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/** One line of what is inside, typed at the desk. */
export const HeadlessGoodInput = z.object({
  title: text('商品名称', 60).optional(),
  sku: text('SKU', 60).optional(),
  itemNo: text('货号', 40).optional(),
  color: text('颜色', 30).optional(),
  size: text('尺码', 30).optional(),
  quantity: z.coerce.number({ error: '数量必须是数字' }).int('数量必须是整数').min(1, '数量至少为1').max(999, '数量不能超过999').default(1).describe('数量'),
});
export type HeadlessGoodInput = z.infer<typeof HeadlessGoodInput>;
export const HeadlessGood = z.object({
  title: z.string().optional(),
  sku: z.string().optional(),
  itemNo: z.string().optional(),
  color: z.string().optional(),
  size: z.string().optional(),
  quantity: z.number(),
});
export type HeadlessGood = z.infer<typeof HeadlessGood>;

/** What the desk types for a parcel that matches nothing (added to the 退货登记 body). */
export const HeadlessIntake = z.object({
  courierName: text('退回快递', 30).default(''),
  goods: z.array(HeadlessGoodInput).max(20, '商品最多20行').default([]).describe('包裹内商品'),
  /** The sender's phone if the parcel shows it: sealed at rest, only its last 4 digits kept plain. */
  senderPhone: z
    .string({ error: '寄件人电话必须是文字' })
    .trim()
    .max(20, '寄件人电话不能超过20个字符')
    .regex(/^$|^[0-9+\-\s*]{4,20}$/, '寄件人电话只能填数字')
    .default('')
    .describe('寄件人电话'),
});
export type HeadlessIntake = z.infer<typeof HeadlessIntake>;

/** The 退货登记 answer when the parcel became a headless parcel (or was matched at once by the automatic matching). */
export const HeadlessRegistered = z.object({
  id: z.number(),
  barcodeNo: z.string(),
  status: ParcelStatus,
  signedAt: z.string(),
  courierName: z.string(),
  /** A sure automatic match: the seller (and the after-sale) it was joined to. */
  matchedSeller: z.string().nullable(),
  matchedAfterSaleNo: z.string().nullable(),
  /** How many sellers were shown a likely match (可能是您的包裹). */
  proposals: z.number(),
});
export type HeadlessRegistered = z.infer<typeof HeadlessRegistered>;

/** The statuses a headless parcel shows (SPEC.md section 4's parcel statuses it passes through). */
export const HEADLESS_PARCEL_STATUS_NAMES: Record<string, string> = {
  WAIT_CLAIM: '待认领',
  CLAIMED: '已认领',
  MATCHED: '已匹配',
  DISCARD: '已丢弃',
  WAITING_PAYMENT: '待付运费',
  WAITING_RETURN: '待寄回',
  SEND_BACKED: '已寄回',
  PROCESSED: '已处理',
};

export const HeadlessClaimStatus = z.enum(['PROPOSED', 'PENDING', 'CONFIRMED', 'REFUSED']);
export type HeadlessClaimStatus = z.infer<typeof HeadlessClaimStatus>;
export const HEADLESS_CLAIM_STATUS_NAMES: Record<HeadlessClaimStatus, string> = {
  PROPOSED: '待确认（系统推荐）',
  PENDING: '待仓库确认',
  CONFIRMED: '认领成功',
  REFUSED: '已拒绝',
};

/** The pool as a seller sees it: nobody's receiver or sender, the waybill partly masked. */
export const HeadlessPoolQuery = pageQuery.extend({
  keyword: text('快递单号/商品/货号', 40).optional(),
  courierName: text('退回快递', 30).optional(),
  signedFrom: text('签收开始日期', 10).optional(),
  signedTo: text('签收结束日期', 10).optional(),
});
export const HeadlessPoolRow = z.object({
  id: z.number(),
  barcodeNo: z.string(),
  courierName: z.string(),
  /** e.g. YT74****8901: enough to recognise one's own, not to track someone else's parcel. */
  waybillMasked: z.string(),
  goods: z.array(HeadlessGood),
  note: z.string(),
  signedAt: z.string(),
  deadlineAt: z.string(),
  photoIds: z.array(z.number()),
  warehouseName: z.string(),
  /** The calling seller's own claim on it, if any. */
  myClaim: z.object({ id: z.number(), status: HeadlessClaimStatus, reason: z.string() }).nullable(),
});
export type HeadlessPoolRow = z.infer<typeof HeadlessPoolRow>;
export const HeadlessPoolPage = z.object({ total: z.number(), list: z.array(HeadlessPoolRow) });

/** A claim with proof: at least one of order number / after-sale number, and what the seller says is inside. */
export const HeadlessClaimBody = z.object({
  parcelId: id('无头件'),
  orderNo: text('订单号', 40).default(''),
  afterSaleNo: text('售后单号', 40).default(''),
  phoneTail: z
    .string({ error: '买家手机尾号必须是文字' })
    .trim()
    .regex(/^$|^\d{4}$/, '买家手机尾号请填写4位数字')
    .default('')
    .describe('买家手机尾号'),
  goodsNote: requiredText('商品说明', 200),
});
export const HeadlessClaimRow = z.object({
  id: z.number(),
  parcelId: z.number(),
  barcodeNo: z.string(),
  parcelStatus: ParcelStatus,
  status: HeadlessClaimStatus,
  sellerName: z.string(),
  orderNo: z.string(),
  afterSaleNo: z.string(),
  phoneTail: z.string(),
  goodsNote: z.string(),
  /** The automatic matching's score (0–100) for a proposal; null for a seller's own claim. */
  score: z.number().nullable(),
  /** Whether the proof's phone tail equals the parcel's sender phone tail (purchaser view only; null when either is missing). */
  phoneTailMatches: z.boolean().nullable(),
  reason: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type HeadlessClaimRow = z.infer<typeof HeadlessClaimRow>;
export const HeadlessClaimQuery = pageQuery.extend({ status: HeadlessClaimStatus.optional().describe('认领状态') });
export const HeadlessClaimPage = z.object({ total: z.number(), list: z.array(HeadlessClaimRow) });
/** The seller's proposals (可能是您的包裹) come with the parcel as the pool shows it. */
export const HeadlessProposalRow = HeadlessClaimRow.extend({ parcel: HeadlessPoolRow });
export const HeadlessProposalList = z.array(HeadlessProposalRow);

export const HeadlessClaimIdBody = z.object({ claimId: id('认领') });
export const HeadlessRefuseBody = z.object({ claimId: id('认领'), reason: requiredText('拒绝原因', 100) });

/** The warehouse's own list of its headless parcels (full waybill, sender tail, claims). */
export const PurchaserHeadlessQuery = pageQuery.extend({
  status: z.enum(['WAIT_CLAIM', 'CLAIMED', 'MATCHED', 'DISCARD']).optional().describe('状态'),
  keyword: text('条码号/快递单号', 40).optional(),
});
export const PurchaserHeadlessRow = z.object({
  id: z.number(),
  barcodeNo: z.string(),
  status: ParcelStatus,
  courierName: z.string(),
  trackingNo: z.string(),
  senderPhoneTail: z.string(),
  goods: z.array(HeadlessGood),
  note: z.string(),
  signedAt: z.string(),
  deadlineAt: z.string(),
  photoIds: z.array(z.number()),
  sellerName: z.string(),
  afterSaleNo: z.string(),
  pendingClaims: z.number(),
});
export type PurchaserHeadlessRow = z.infer<typeof PurchaserHeadlessRow>;
export const PurchaserHeadlessPage = z.object({ total: z.number(), list: z.array(PurchaserHeadlessRow) });
export const HeadlessEventRow = z.object({
  operation: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export const PurchaserHeadlessDetail = z.object({ claims: z.array(HeadlessClaimRow), events: z.array(HeadlessEventRow) });
export const HeadlessUpdateBody = z.object({
  id: id('无头件'),
  goods: z.array(HeadlessGoodInput).max(20, '商品最多20行').describe('包裹内商品'),
  note: text('备注', 200).default(''),
});
export const HeadlessClaimResult = z.object({ claim: HeadlessClaimRow, parcelStatus: ParcelStatus });

/** Photo upload: the image as base64 (a data URL or the bare base64). */
export const ParcelPhotoUploadBody = z.object({
  parcelId: id('包裹'),
  image: z.string({ error: '请上传图片' }).min(1, '请上传图片').max(3_000_000, '图片不能超过2MB').describe('图片（base64）'),
});
export const ParcelPhotoUploaded = z.object({ id: z.number(), url: z.string() });
export const parcelPhotoUrl = (photoId: number) => `/api/b2/parcels/photo/${photoId}`;
