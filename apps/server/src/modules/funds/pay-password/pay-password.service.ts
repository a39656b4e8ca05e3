/**
 * Pay passwords (支付密码): six digits, argon2id like sign-in passwords, one per user. Five wrong
 * tries lock it for 30 minutes, counted in the database. Other features (order payment,
 * withdrawal, binding the withdrawal account) call `assertPayPassword` before moving money.
 */
import {
  ErrorCode,
  maskPhone,
  type PayPasswordChangeBody,
  type PayPasswordResetBody,
  type PayPasswordSetBody,
  type PayPasswordStatus,
} from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { oneAtATime } from '../../../lib/one-at-a-time.js';
import { hashPassword, oneLoginPasswordCheck, passwordTryPassed, recordLoginAttempt, takePasswordTry, verifyPassword } from '../../auth/index.js';
import { verifyCode } from '../../sms/index.js';
import * as repo from './pay-password.repository.js';

export const MAX_PAY_PASSWORD_TRIES = 5;
export const PAY_PASSWORD_LOCK_MINUTES = 30;
/** Sign-in's own window and limit: a wrong login password here counts as a failed sign-in. */

export interface PayPasswordOwner {
  orgId: number;
  userId: number;
}

function lockedError(until: Date) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return new AppError(ErrorCode.PAY_PASSWORD_LOCKED, `支付密码错误次数过多，已锁定，请${minutes}分钟后再试，或在“重置支付密码”页通过短信验证码重置`);
}

/**
 * Checks the caller's pay password; throws PAY_PASSWORD_NOT_SET, PAY_PASSWORD_LOCKED, or
 * PAY_PASSWORD_WRONG saying how many tries remain. Call it before any money leaves the balance
 * on the caller's word (order payment, replenish by balance, withdrawal).
 */
export function assertPayPassword(db: Db, owner: PayPasswordOwner, password: string): Promise<void> {
  return payPasswordChecks(`${owner.orgId}:${owner.userId}`, () => checkPayPassword(db, owner, password));
}

/** One check of a user's pay password at a time (lib/one-at-a-time.ts says why). */
const payPasswordChecks = oneAtATime<string>();

async function checkPayPassword(db: Db, owner: PayPasswordOwner, password: string): Promise<void> {
  const row = await repo.findPayPassword(db, owner.orgId, owner.userId);
  if (!row) throw new AppError(ErrorCode.PAY_PASSWORD_NOT_SET);
  if (row.lockedUntil && row.lockedUntil.getTime() > Date.now()) throw lockedError(row.lockedUntil);
  const reserved = await repo.reserveTry(db, owner.orgId, owner.userId, MAX_PAY_PASSWORD_TRIES, PAY_PASSWORD_LOCK_MINUTES);
  if (!reserved) {
    const now = await repo.findPayPassword(db, owner.orgId, owner.userId);
    throw lockedError(now?.lockedUntil ?? new Date(Date.now() + PAY_PASSWORD_LOCK_MINUTES * 60_000));
  }
  // Only a six-digit text can be right; anything else still costs a try (and the same time).
  if (/^\d{6}$/.test(password) && (await verifyPassword(row.passwordHash, password))) {
    await repo.clearTries(db, owner.orgId, owner.userId);
    return;
  }
  if (reserved.lockedUntil) {
    throw new AppError(
      ErrorCode.PAY_PASSWORD_LOCKED,
      `支付密码已连续输错${MAX_PAY_PASSWORD_TRIES}次，已锁定${PAY_PASSWORD_LOCK_MINUTES}分钟，请稍后再试，或在“重置支付密码”页通过短信验证码重置`,
    );
  }
  const left = MAX_PAY_PASSWORD_TRIES - reserved.failedCount;
  throw new AppError(
    ErrorCode.PAY_PASSWORD_WRONG,
    `支付密码错误，还可以尝试${left}次，连续输错${MAX_PAY_PASSWORD_TRIES}次将锁定${PAY_PASSWORD_LOCK_MINUTES}分钟`,
  );
}

export async function payPasswordStatus(db: Db, owner: PayPasswordOwner): Promise<PayPasswordStatus> {
  const [row, user] = await Promise.all([repo.findPayPassword(db, owner.orgId, owner.userId), repo.findUserSecrets(db, owner.orgId, owner.userId)]);
  const locked = !!row?.lockedUntil && row.lockedUntil.getTime() > Date.now();
  const expired = !!row?.lockedUntil && !locked;
  return {
    isSet: !!row,
    locked,
    lockedUntil: locked ? (row?.lockedUntil?.toISOString() ?? null) : null,
    remainingTries: locked ? 0 : MAX_PAY_PASSWORD_TRIES - (expired ? 0 : (row?.failedCount ?? 0)),
    maskedPhone: user?.phone ? maskPhone(user.phone) : null,
  };
}

/**
 * First set: a session alone is not enough (a stolen one could set it, bind an Alipay account
 * and withdraw), so the login password is asked again, with sign-in's own failure limit.
 */
export async function setPayPassword(db: Db, owner: PayPasswordOwner, body: z.output<typeof PayPasswordSetBody>, ip: string) {
  if (await repo.findPayPassword(db, owner.orgId, owner.userId)) throw new AppError(ErrorCode.PAY_PASSWORD_ALREADY_SET);
  const user = await repo.findUserSecrets(db, owner.orgId, owner.userId);
  if (!user) throw new AppError(ErrorCode.SESSION_INVALID, undefined, 401);
  await oneLoginPasswordCheck(user.username, async () => {
    await takePasswordTry(db, user.username);
    if (!(await verifyPassword(user.passwordHash, body.loginPassword))) {
      await recordLoginAttempt(db, user.username, ip, false);
      throw new AppError(ErrorCode.LOGIN_PASSWORD_WRONG);
    }
    await passwordTryPassed(db, user.username);
  });
  if (!(await repo.insertPayPassword(db, owner.orgId, owner.userId, await hashPassword(body.payPassword)))) {
    throw new AppError(ErrorCode.PAY_PASSWORD_ALREADY_SET);
  }
}

/** Change: the old pay password counts as a try like any other. */
export async function changePayPassword(db: Db, owner: PayPasswordOwner, body: z.output<typeof PayPasswordChangeBody>) {
  await assertPayPassword(db, owner, body.oldPayPassword);
  await repo.upsertPayPassword(db, owner.orgId, owner.userId, await hashPassword(body.payPassword));
}

/** Reset with the SMS code sent to the bound phone: works whether or not one was set, and lifts a lockout. */
export async function resetPayPassword(db: Db, owner: PayPasswordOwner, body: z.output<typeof PayPasswordResetBody>) {
  await verifyCode(db, owner, 'RESET_PAY_PASSWORD', body.smsCode);
  await repo.upsertPayPassword(db, owner.orgId, owner.userId, await hashPassword(body.payPassword));
}
