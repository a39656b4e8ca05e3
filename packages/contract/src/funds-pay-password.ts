/**
 * Pay passwords (支付密码) and the SMS codes that reset them (docs/decisions/0003-funds-payments.md).
 */
import { z } from 'zod';
import { text } from './schema-helpers.js';

const isMissing = (v: unknown) => v === undefined || v === null;

/** Pay passwords are six digits, as on every Chinese payment page. */
export const payPassword = (label = '支付密码') =>
  z
    .string({ error: (iss) => (isMissing(iss.input) ? `请输入${label}` : `${label}必须是文字`) })
    .regex(/^\d{6}$/, `${label}必须是6位数字`)
    .describe(label);

/** A new pay password must not be guessable in a few tries (111111, 123456, 654321). */
export function isWeakPayPassword(p: string): boolean {
  if (/^(\d)\1{5}$/.test(p)) return true;
  const digits = [...p].map(Number);
  const steps = new Set(digits.slice(1).map((d, i) => d - (digits[i] as number)));
  return steps.size === 1 && (steps.has(1) || steps.has(-1));
}

export const newPayPassword = (label = '新支付密码') => payPassword(label).refine((p) => !isWeakPayPassword(p), `${label}不能是重复或连续的数字，请换一个`);

export const PayPasswordStatus = z.object({
  isSet: z.boolean(),
  locked: z.boolean(),
  lockedUntil: z.string().nullable(),
  remainingTries: z.number().int(),
  /** The bound phone, masked (138****5678); null when none is bound (SMS reset is then impossible). */
  maskedPhone: z.string().nullable(),
});
export type PayPasswordStatus = z.infer<typeof PayPasswordStatus>;

export const PayPasswordSetBody = z.object({ loginPassword: text('登录密码', 128).min(1, '请输入登录密码'), payPassword: newPayPassword('支付密码') });
export const PayPasswordChangeBody = z.object({ oldPayPassword: payPassword('原支付密码'), payPassword: newPayPassword() });
export const PayPasswordResetBody = z.object({
  smsCode: z
    .string({ error: '请输入短信验证码' })
    .regex(/^\d{6}$/, '短信验证码必须是6位数字')
    .describe('短信验证码'),
  payPassword: newPayPassword(),
});

export const SmsScene = z.enum(['RESET_PAY_PASSWORD'], { error: '验证码用途只能是 RESET_PAY_PASSWORD（重置支付密码）' }).describe('验证码用途');
export type SmsScene = z.infer<typeof SmsScene>;
/** POST /api/sms/code: the legacy call; the scene defaults to resetting the pay password, the answer is empty. */
export const SmsCodeBody = z.preprocess((v) => v ?? {}, z.object({ scene: SmsScene.default('RESET_PAY_PASSWORD') }));
/** POST /api/sms/code/v2: the scene is required and the answer tells the page where it went and when to allow a resend. */
export const SmsCodeV2Body = z.object({ scene: SmsScene });
export const SmsCodeV2Result = z.object({ maskedPhone: z.string(), cooldownSeconds: z.number().int(), expiresInSeconds: z.number().int() });
export type SmsCodeV2Result = z.infer<typeof SmsCodeV2Result>;
