/** Sign-in, sessions and the user info of SPEC.md section 3. */
import { z } from 'zod';
import { OrgType } from './enums.js';
import { requiredText } from './schema-helpers.js';

/** The captcha is asked of every purchaser sign-in, and of a seller's once their address failed too often. */
export const SellerLoginBody = z.object({
  username: requiredText('账号', 64),
  password: requiredText('密码', 128),
  captchaId: z.string().max(64).optional().describe('验证码编号'),
  captcha: z.string().max(16).optional().describe('验证码'),
});
export type SellerLoginBody = z.infer<typeof SellerLoginBody>;

export const PurchaserLoginBody = SellerLoginBody;
export type PurchaserLoginBody = z.infer<typeof PurchaserLoginBody>;

/** userType 1 is a purchaser (main or sub-account); 0 a seller (SPEC.md section 3 and 6). */
export const UserType = z.union([z.literal(0), z.literal(1)]);

export const LoginResult = z.object({
  userId: z.number(),
  userHash: z.string(),
  userType: UserType,
  username: z.string(),
  subUsername: z.string().nullable(),
  expiresAt: z.string(),
});
export type LoginResult = z.infer<typeof LoginResult>;

export const CaptchaResult = z.object({
  captchaId: z.string(),
  /** An SVG image as a data URL. */
  image: z.string(),
  disabled: z.boolean(),
});

/** GET /api/b2/user: the user info fields of SPEC.md section 3. */
export const UserInfo = z.object({
  userId: z.number(),
  username: z.string(),
  subUsername: z.string().nullable(),
  userType: UserType,
  source: z.string().nullable(),
  userIdAesStr: z.string(),
  orgName: z.string(),
  isMain: z.boolean(),
  /** A support session the operator opened on this account (the shell shows 支持模式). */
  supportMode: z.boolean().optional(),
  /** Which kind of organisation: an operator gets the console, never the sellers' or purchasers' menu. */
  orgType: OrgType,
  /** When the account was created (ISO): hints about changes made before it are not shown to it. */
  createdAt: z.string().optional(),
});
export type UserInfo = z.infer<typeof UserInfo>;
