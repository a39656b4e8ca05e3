/**
 * Seller sign-up and password reset by SMS (decision 0028). Sign-up makes, in one transaction,
 * what every seller organisation has: the organisation, its main account (the phone is its
 * username and bound phone) and its balance account; then it signs in.
 */
import { ErrorCode, type LoginResult, type ResetPasswordBody, type SignUpBody } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import {
  createOrganisation,
  createUser,
  findUserForLogin,
  hashPassword,
  openSession,
  passwordTryPassed,
  revokeUserSessions,
  setPasswordHash,
} from '../auth/index.js';
import { ensureAccount } from '../funds/index.js';
import { uniqueViolation } from '../goods/index.js';
import { phoneInUse, verifyPhoneCode } from '../sms/index.js';

export interface From {
  ip: string;
  userAgent?: string;
}

export async function signUp(db: Db, body: SignUpBody, from: From, sessionTtlHours: number): Promise<LoginResult> {
  // A used phone is refused before its code is spent, so the answer names the real problem.
  if (await phoneInUse(db, body.phone)) throw new AppError(ErrorCode.PHONE_ALREADY_USED);
  await verifyPhoneCode(db, { phone: body.phone, scene: 'SIGN_UP', code: body.code, ip: from.ip });
  try {
    return await inTransaction(db, async (t) => {
      const orgId = await createOrganisation(t, { type: 'seller', name: body.companyName, source: 'MAIN_WEB' });
      const userId = await createUser(t, { orgId, username: body.phone, password: body.password, isMain: true, phone: body.phone });
      await ensureAccount(t, orgId);
      return openSession(t, { id: userId, orgId, username: body.phone, isMain: true, orgType: 'seller' }, from, sessionTtlHours);
    });
  } catch (e) {
    // Two sign-ups of one phone at once: the username's unique index lets one through.
    if (uniqueViolation(e) !== null) throw new AppError(ErrorCode.PHONE_ALREADY_USED);
    throw e;
  }
}

/** Any account kind with a bound phone: the code sent to it sets a new password and ends every session of the account. */
export async function resetPassword(db: Db, body: ResetPasswordBody, from: From) {
  const user = await findUserForLogin(db, body.username);
  if (!user?.phone || user.state === 'DELETED') throw new AppError(ErrorCode.ACCOUNT_NOT_RESETTABLE);
  await verifyPhoneCode(db, { phone: user.phone, scene: 'RESET_PASSWORD', code: body.code, ip: from.ip });
  const hash = await hashPassword(body.password);
  await inTransaction(db, async (t) => {
    await setPasswordHash(t, user.id, hash);
    await revokeUserSessions(t, user.id);
    await passwordTryPassed(t, user.username);
  });
}
