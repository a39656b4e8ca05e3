/**
 * Sign-up, password reset by SMS, purchaser invite codes and binding, and the operator's
 * organisations console with its audit log (docs/decisions/0028-onboarding.md).
 */
import { z } from 'zod';
import { SubPassword } from './account-permission.js';
import { id, pageQuery, requiredText, text } from './schema-helpers.js';

export const MobilePhone = text('手机号', 11).regex(/^1[3-9]\d{9}$/, '手机号必须是11位手机号码');
export const SmsCodeText = text('短信验证码', 6).regex(/^\d{6}$/, '短信验证码为6位数字');
/** The account password rule, the same as a sub-account's: at least 8 characters with letters and digits. */
export const AccountPassword = SubPassword;

const captchaFields = {
  captchaId: z.string().max(64).optional().describe('验证码编号'),
  captcha: z.string().max(16).optional().describe('验证码'),
};

/** POST /api/auth/register/code: the SMS code to a phone not registered yet (the image captcha first). */
export const SignUpCodeBody = z.object({ phone: MobilePhone, ...captchaFields });
export type SignUpCodeBody = z.infer<typeof SignUpCodeBody>;

export const PhoneCodeResult = z.object({ maskedPhone: z.string(), cooldownSeconds: z.number(), expiresInSeconds: z.number() });
export type PhoneCodeResult = z.infer<typeof PhoneCodeResult>;

/** POST /api/auth/register: the phone becomes the main account's username. */
export const SignUpBody = z.object({
  phone: MobilePhone,
  code: SmsCodeText,
  password: AccountPassword,
  companyName: requiredText('公司名称', 50),
});
export type SignUpBody = z.infer<typeof SignUpBody>;

/** POST /api/auth/password/code: the code goes to the phone bound to the account. */
export const ResetCodeBody = z.object({ username: requiredText('账号', 64), ...captchaFields });
export type ResetCodeBody = z.infer<typeof ResetCodeBody>;

export const ResetPasswordBody = z.object({ username: requiredText('账号', 64), code: SmsCodeText, password: AccountPassword });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

// ---- Invite codes and binding ----

export const InviteCreateBody = z.object({
  maxUses: z.coerce
    .number({ error: '可用次数必须是数字' })
    .int('可用次数必须是整数')
    .min(1, '可用次数至少1次')
    .max(100, '可用次数最多100次')
    .default(1)
    .describe('可用次数'),
  validDays: z.coerce
    .number({ error: '有效天数必须是数字' })
    .int('有效天数必须是整数')
    .min(1, '有效天数至少1天')
    .max(30, '有效天数最多30天')
    .default(7)
    .describe('有效天数'),
});
export type InviteCreateBody = z.infer<typeof InviteCreateBody>;

export const InviteStatus = z.enum(['ACTIVE', 'EXPIRED', 'USED_UP', 'REVOKED']);
export type InviteStatus = z.infer<typeof InviteStatus>;

export const InviteRow = z.object({
  id: z.number(),
  /** The code's last four characters: the whole code is shown once, when it is made. */
  hint: z.string(),
  maxUses: z.number(),
  usedCount: z.number(),
  expiresAt: z.string(),
  status: InviteStatus,
  createdAt: z.string(),
});
export type InviteRow = z.infer<typeof InviteRow>;

export const InviteCreateResult = InviteRow.extend({ code: z.string() });
export type InviteCreateResult = z.infer<typeof InviteCreateResult>;

export const InviteIdBody = z.object({ id: id('邀请码编号') });

export const BindBody = z.object({ code: requiredText('邀请码', 32) });
export type BindBody = z.infer<typeof BindBody>;

export const BindingView = z.object({
  bound: z.boolean(),
  purchaserOrgId: z.number().nullable(),
  purchaserName: z.string().nullable(),
  boundAt: z.string().nullable(),
});
export type BindingView = z.infer<typeof BindingView>;

// ---- Operator: organisations ----

export const OrgState = z.enum(['ENABLED', 'DISABLED'], { error: '状态只能是 ENABLED（启用）或 DISABLED（停用）' }).describe('状态');
export type OrgState = z.infer<typeof OrgState>;
export const OrgKind = z.enum(['seller', 'purchaser'], { error: '组织类型只能是 seller（卖家）或 purchaser（采购商）' }).describe('组织类型');

export const OrgListBody = pageQuery.extend({
  type: OrgKind.optional(),
  state: OrgState.optional(),
  keyword: text('关键字', 50).optional(),
});
export type OrgListBody = z.infer<typeof OrgListBody>;

export const OrgRow = z.object({
  id: z.number(),
  type: z.string(),
  name: z.string(),
  state: OrgState,
  mainUsername: z.string().nullable(),
  /** Masked. */
  mainPhone: z.string(),
  createdAt: z.string(),
});
export type OrgRow = z.infer<typeof OrgRow>;
export const OrgPage = z.object({ total: z.number(), list: z.array(OrgRow) });
export type OrgPage = z.infer<typeof OrgPage>;

export const OrgDetail = OrgRow.extend({
  warehouseAddress: z.string().nullable(),
  marketAreas: z.array(z.string()),
  userCount: z.number(),
  /** A seller's purchaser (bound, or the platform default); a purchaser's bound sellers. */
  purchaserName: z.string().nullable(),
  sellerCount: z.number(),
});
export type OrgDetail = z.infer<typeof OrgDetail>;

export const OrgIdBody = z.object({ orgId: id('组织编号') });
export const OrgStateBody = z.object({ orgId: id('组织编号'), state: OrgState, reason: requiredText('原因', 200) });
export type OrgStateBody = z.infer<typeof OrgStateBody>;

export const PurchaserCreateBody = z.object({
  name: requiredText('采购商名称', 50),
  warehouseAddress: requiredText('仓库地址', 200),
  marketAreas: z.array(requiredText('市场区域', 30)).min(1, '请至少填写一个市场区域').max(20, '市场区域最多20个').describe('市场区域'),
  username: requiredText('主账号', 32).regex(/^[A-Za-z0-9_@.-]{4,32}$/, '主账号为4到32位字母、数字或 _ @ . -'),
  phone: text('手机号', 11)
    .regex(/^(1[3-9]\d{9})?$/, '手机号必须是11位手机号码')
    .optional(),
  /** Empty: the server makes one and shows it once. */
  password: AccountPassword.optional(),
});
export type PurchaserCreateBody = z.infer<typeof PurchaserCreateBody>;

export const PurchaserCreateResult = z.object({ orgId: z.number(), userId: z.number(), username: z.string(), initialPassword: z.string().nullable() });
export type PurchaserCreateResult = z.infer<typeof PurchaserCreateResult>;

export const ResetMainPasswordResult = z.object({ username: z.string(), password: z.string() });

export const SupportSignInBody = z.object({ orgId: id('组织编号'), reason: requiredText('原因', 200) });

export const AuditListBody = pageQuery.extend({ orgId: id('组织编号').optional(), action: text('操作', 40).optional() });
export type AuditListBody = z.infer<typeof AuditListBody>;

export const AuditRow = z.object({
  id: z.number(),
  actor: z.string(),
  action: z.string(),
  actionName: z.string(),
  targetOrgId: z.number().nullable(),
  targetOrgName: z.string().nullable(),
  summary: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditRow = z.infer<typeof AuditRow>;
export const AuditPage = z.object({ total: z.number(), list: z.array(AuditRow) });

/** Chinese names of the audited actions (the log page and its filter). */
export const AUDIT_ACTIONS: Record<string, string> = {
  'org.createPurchaser': '创建采购商',
  'org.disable': '停用组织',
  'org.enable': '启用组织',
  'org.resetMainPassword': '重置主账号密码',
  'org.supportSignIn': '支持登录',
  'invite.refused': '邀请码被拒绝',
  'invite.bind': '绑定采购商',
  'invite.unbind': '解除绑定',
  // Console changes written by the server's operator-audit plugin (each console route names one).
  'announcement.save': '保存公告',
  'announcement.delete': '删除公告',
  'popup.save': '保存弹窗',
  'popup.delete': '删除弹窗',
  'coupon.issue': '发放优惠券',
  'org.servingPurchaser': '指定服务采购商',
  'express.rules.save': '保存快递运费规则',
  'express.settings.save': '保存快递服务设置',
  'fulfilment.prices.save': '保存服务价格',
  'withdrawal.approve': '提现审核通过',
  'withdrawal.reject': '提现审核拒绝',
  'stallDirectory.save': '保存档口库',
  'version.publish': '发布版本',
  'memberPlan.save': '保存会员套餐',
  'memberPlan.publish': '发布会员套餐',
  'memberPlan.withdraw': '下架会员套餐',
  'workOrder.accept': '受理工单',
  'workOrder.reply': '回复工单',
  'workOrder.resolve': '工单标记已解决',
  'workOrder.close': '关闭工单',
  'help.category.save': '保存帮助分类',
  'help.article.save': '保存帮助文章',
  'help.article.publish': '发布或下线帮助文章',
  'help.image.upload': '上传帮助文章图片',
};
