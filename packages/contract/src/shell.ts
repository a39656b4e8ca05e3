/** The shell's calls (SPEC.md section 7, group "Shell", plus the header's and menu's counts). */
import { z } from 'zod';
import { BrandVariant } from './brand.js';
import { Channel } from './enums.js';
import { id, text } from './schema-helpers.js';

export const ShopAuthPopupRow = z.object({
  id: z.number(),
  name: z.string(),
  type: Channel,
  lastAuthTime: z.string().nullable(),
  expireTime: z.string().nullable(),
  leftDays: z.number().int().min(0),
  ifExpire: z.boolean(),
});
export type ShopAuthPopupRow = z.infer<typeof ShopAuthPopupRow>;

export const IdBody = z.object({ id: id('编号') });

export const CountResult = z.object({ count: z.number().int().min(0) });

export const RedBookVerifyResult = z.object({
  id: z.number(),
  verified: z.boolean(),
  ifExpire: z.boolean(),
  expireTime: z.string().nullable(),
});

export const VersionFile = z.object({ version: z.string(), desc: z.string() });

export const PublishVersionBody = z.object({
  version: z
    .string()
    .trim()
    .min(1, '请输入版本号')
    .max(32, '版本号不能超过32个字符')
    .regex(/^[0-9A-Za-z.-]+$/, '版本号只能包含字母、数字、点和横线')
    .describe('版本号'),
  desc: text('更新说明', 2000),
});

export const TrackingBody = z.object({
  kind: z.enum(['PAGE_VIEW', 'ACTIVITY']).default('PAGE_VIEW').describe('类型'),
  pageChannel: text('页面', 300),
  httpStatus: z.coerce.number().int().min(0).max(999).default(200).describe('状态码'),
  host: text('主机', 255),
  platformType: text('平台类型', 32).optional(),
  activityName: text('活动名称', 100).optional(),
  sellerUserId: z.coerce.number().int().positive().max(2_147_483_647).optional().describe('卖家编号'),
});

export const SystemConfig = z.object({
  brand: BrandVariant,
  brandName: z.string(),
  customerService: z.object({ phone: z.string(), wechat: z.string(), hours: z.string() }),
  captchaDisabled: z.boolean(),
});

export const FeedbackBody = z.object({
  content: text('反馈内容', 1000).min(5, '反馈内容至少5个字'),
  contact: text('联系方式', 64).optional(),
});

export const GuideDismissBody = z.object({ key: z.enum(['platformSetting', 'menuChange']).describe('引导') });

export const MessageRow = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  kind: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});

export const MessageListBody = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1).describe('页码'),
  pageSize: z.coerce.number().int().min(1).max(100).default(10).describe('每页条数'),
  unreadOnly: z.boolean().default(false).describe('仅未读'),
});

export const MarkReadBody = z.object({
  ids: z.array(id('消息编号')).max(500, '一次最多标记500条').default([]).describe('消息编号'),
  all: z.boolean().default(false).describe('全部已读'),
});

export const PermissionNodeSchema: z.ZodType<{ code: string; name: string; children: unknown[] }> = z.lazy(() =>
  z.object({ code: z.string(), name: z.string(), children: z.array(PermissionNodeSchema) }),
);
