/**
 * Announcements (公告) and popups (弹窗), SPEC.md section 7's notice calls: the operator writes them
 * in the console, sellers and purchasers read them (/announcement/list, /announcement/details) and
 * see a page's popup once per its frequency. The rich text is sanitised on the server.
 */
import { z } from 'zod';
import { BrandVariant } from './brand.js';
import { id, pageQuery, requiredText, text } from './schema-helpers.js';

/** 平台公告 (the notice list) or 系统公告 (the system notice list). */
export const NoticeCategory = z.enum(['NOTICE', 'SYSTEM']).describe('公告类型');
export type NoticeCategory = z.infer<typeof NoticeCategory>;

/** Who sees it: every seller, every purchaser, everyone, or everyone signed in on one brand variant. */
export const NoticeAudience = z.enum(['SELLER', 'PURCHASER', 'ALL', 'VARIANT']).describe('可见对象');
export type NoticeAudience = z.infer<typeof NoticeAudience>;

export const NOTICE_AUDIENCE_LABELS: Record<NoticeAudience, string> = { SELLER: '卖家', PURCHASER: '采购商', ALL: '全部', VARIANT: '指定站点' };

/** A popup shows once ever, once a day, or on every visit of its page. */
export const PopupFrequency = z.enum(['ONCE', 'DAILY', 'EVERY_VISIT']).describe('弹出频率');
export type PopupFrequency = z.infer<typeof PopupFrequency>;

export const POPUP_FREQUENCY_LABELS: Record<PopupFrequency, string> = { ONCE: '仅一次', DAILY: '每天一次', EVERY_VISIT: '每次访问' };

const dateTime = (label: string) => z.iso.datetime({ offset: true, error: `${label}格式不正确` }).describe(label);
/** Only http(s) addresses, or a page path of the site: never javascript: or data: links. */
const safeUrl = (label: string) => text(label, 500).refine((v) => v === '' || /^(https?:\/\/|\/(?!\/))/i.test(v), `${label}必须以 http://、https:// 或 / 开头`);

/** Audience VARIANT names its variant; the others carry none. */
const variantRule = <T extends { audience: NoticeAudience; variant?: BrandVariant | null | undefined }>(v: T) =>
  v.audience === 'VARIANT' ? !!v.variant : !v.variant;
const variantMessage = { message: '指定站点时请选择站点，其他可见对象不选站点', path: ['variant'] };

export const AnnouncementSaveBody = z
  .object({
    id: id('公告ID').optional(),
    title: requiredText('标题', 100),
    content: requiredText('正文', 50_000),
    category: NoticeCategory.default('NOTICE'),
    audience: NoticeAudience,
    variant: BrandVariant.nullish().describe('站点'),
    pinned: z.boolean().default(false).describe('置顶'),
    publishAt: dateTime('发布时间'),
  })
  .refine(variantRule, variantMessage);
export type AnnouncementSaveBody = z.infer<typeof AnnouncementSaveBody>;

export const AnnouncementRow = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  category: NoticeCategory,
  audience: NoticeAudience,
  variant: BrandVariant.nullable(),
  pinned: z.boolean(),
  publishAt: z.string(),
  createdAt: z.string(),
});
export type AnnouncementRow = z.infer<typeof AnnouncementRow>;

export const OperatorNoticePageBody = pageQuery.extend({ category: NoticeCategory.optional() });
export const AnnouncementPage = z.object({ total: z.number(), list: z.array(AnnouncementRow) });

/** POST /api/notice/list and /api/notice/system/list: what the reader sees, pinned first, newest first. */
export const NoticeListBody = pageQuery;
export const NoticeListRow = z.object({
  id: z.number(),
  title: z.string(),
  pinned: z.boolean(),
  publishAt: z.string(),
  read: z.boolean(),
});
export type NoticeListRow = z.infer<typeof NoticeListRow>;
export const NoticeListResult = z.object({ total: z.number(), unread: z.number(), list: z.array(NoticeListRow) });
export type NoticeListResult = z.infer<typeof NoticeListResult>;

export const NoticeDetailQuery = z.object({ id: id('公告ID') });
export const NoticeDetail = NoticeListRow.extend({ content: z.string(), category: NoticeCategory });
export type NoticeDetail = z.infer<typeof NoticeDetail>;

/** POST /api/notice/addReadRecord: an announcement read, or a popup shown (its frequency counts from here). */
export const ReadRecordBody = z.object({ id: id('ID'), type: z.enum(['NOTICE', 'POPUP']).default('NOTICE').describe('类型') });
export type ReadRecordBody = z.infer<typeof ReadRecordBody>;

/** The pages a popup may target: any signed-in page path of the route table. */
export const PopupSaveBody = z
  .object({
    id: id('弹窗ID').optional(),
    title: requiredText('标题', 100),
    page: requiredText('页面', 200).regex(/^\/[A-Za-z0-9/_-]*$/, '页面必须是站内路径，如 /home'),
    audience: NoticeAudience,
    variant: BrandVariant.nullish().describe('站点'),
    imageUrl: safeUrl('图片地址').pipe(z.string().min(1, '请输入图片地址')),
    linkUrl: safeUrl('跳转链接').default(''),
    frequency: PopupFrequency,
    startAt: dateTime('开始时间'),
    endAt: dateTime('结束时间'),
    enabled: z.boolean().default(true).describe('启用'),
  })
  .refine(variantRule, variantMessage)
  .refine((v) => Date.parse(v.endAt) > Date.parse(v.startAt), { message: '结束时间必须晚于开始时间', path: ['endAt'] });
export type PopupSaveBody = z.infer<typeof PopupSaveBody>;

export const PopupRow = z.object({
  id: z.number(),
  title: z.string(),
  page: z.string(),
  audience: NoticeAudience,
  variant: BrandVariant.nullable(),
  imageUrl: z.string(),
  linkUrl: z.string(),
  frequency: PopupFrequency,
  startAt: z.string(),
  endAt: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type PopupRow = z.infer<typeof PopupRow>;
export const PopupPage = z.object({ total: z.number(), list: z.array(PopupRow) });

export const GetPopupQuery = z.object({ page: requiredText('页面', 200) });
/** The popup due on that page for this user now, or null. */
export const PopupShown = z.object({ id: z.number(), title: z.string(), imageUrl: z.string(), linkUrl: z.string(), frequency: PopupFrequency }).nullable();
export type PopupShown = z.infer<typeof PopupShown>;

export const NoticeIdParams = z.object({ id: id('ID') });
