/**
 * Codes sent to a phone number before there is a session: the sign-up code (to a phone not
 * registered yet) and the password reset code (to the account's bound phone). Sends share the
 * bound-phone codes' rules (60 s cooldown per phone and scene, ten a Beijing day per phone) and add
 * a cap per address; checks are limited per code (5 wrong), per phone and per address (an hour's
 * window), so a code cannot be brute-forced by asking for new ones (decision 0028).
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode, maskPhone, type PhoneCodeResult } from '@dropship/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { clearTries, findUserForLogin, takeTry, triesSoFar } from '../auth/index.js';
import * as repo from './sms.repository.js';
import { SMS_CODE_TTL_SECONDS, SMS_COOLDOWN_SECONDS, SMS_DAILY_LIMIT, SMS_MAX_FAILURES, sendError, startOfBeijingDay } from './sms.service.js';
import type { SmsGateway } from './sms-gateway.js';

export type PhoneCodeScene = 'SIGN_UP' | 'RESET_PASSWORD';

/** Sends from one address in a Beijing day: enough for an office, not for an SMS bomber. */
export const PHONE_CODE_DAILY_PER_IP = 20;
/** Wrong codes within an hour: ten for one phone (two fresh codes' worth), thirty from one address. */
export const VERIFY_WINDOW_MS = 60 * 60_000;
export const MAX_WRONG_PER_PHONE = 10;
export const MAX_WRONG_PER_IP = 30;

const phoneKey = (phone: string) => `sms-verify-phone:${phone}`;
const ipKey = (ip: string) => `sms-verify-ip:${ip}`;
const codeHash = (phone: string, scene: string, code: string) => createHash('sha256').update(`phone:${phone}:${scene}:${code}`).digest('hex');

export async function sendPhoneCode(
  db: Db,
  gateway: SmsGateway,
  to: { phone: string; scene: PhoneCodeScene; ip: string },
  log: FastifyBaseLogger,
): Promise<PhoneCodeResult> {
  const code = String(randomInt(1_000_000)).padStart(6, '0');
  const id = await inTransaction(db, async (t) => {
    await repo.lockPhone(t, to.phone);
    if (to.scene === 'SIGN_UP' && (await repo.phoneInUse(t, to.phone))) throw new AppError(ErrorCode.PHONE_ALREADY_USED);
    const last = await repo.lastPhoneCodeAt(t, to.phone, to.scene);
    const wait = last ? SMS_COOLDOWN_SECONDS - Math.floor((Date.now() - last.getTime()) / 1000) : 0;
    if (wait > 0) throw new AppError(ErrorCode.SMS_TOO_FREQUENT, `验证码已发送，请${wait}秒后再试`);
    const today = startOfBeijingDay();
    if ((await repo.countPhoneCodesSince(t, { phone: to.phone }, today)) >= SMS_DAILY_LIMIT) throw new AppError(ErrorCode.SMS_DAILY_LIMIT);
    if ((await repo.countPhoneCodesSince(t, { ip: to.ip }, today)) >= PHONE_CODE_DAILY_PER_IP) {
      throw new AppError(ErrorCode.SMS_DAILY_LIMIT, '本网络今日发送验证码次数已达上限，请明天再试');
    }
    return repo.insertPhoneCode(t, {
      phone: to.phone,
      scene: to.scene,
      ip: to.ip,
      codeHash: codeHash(to.phone, to.scene, code),
      expiresAt: new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000),
    });
  });
  try {
    const client = await gateway.client();
    const sent = await client.sendSms({ phoneNumbers: to.phone, templateCode: gateway.templateCode, templateParam: { code }, outId: `p${id}` });
    await repo.setPhoneCodeBizId(db, id, sent.bizId);
  } catch (e) {
    await repo.deletePhoneCode(db, id);
    log.warn({ err: e, phone: maskPhone(to.phone), scene: to.scene }, '短信验证码发送失败');
    throw sendError(e);
  }
  return { maskedPhone: maskPhone(to.phone), cooldownSeconds: SMS_COOLDOWN_SECONDS, expiresInSeconds: SMS_CODE_TTL_SECONDS };
}

/** The password reset code goes to the account's bound phone; an account without one cannot reset by SMS. */
export async function sendResetCode(db: Db, gateway: SmsGateway, input: { username: string; ip: string }, log: FastifyBaseLogger) {
  const user = await findUserForLogin(db, input.username);
  if (!user?.phone || user.state === 'DELETED') throw new AppError(ErrorCode.ACCOUNT_NOT_RESETTABLE);
  return sendPhoneCode(db, gateway, { phone: user.phone, scene: 'RESET_PASSWORD', ip: input.ip }, log);
}

/**
 * Uses the phone's newest code of the scene once. Each check takes its number against the phone's
 * limit first (one atomic statement, so racing guesses cannot pass it); a wrong code also counts
 * against the address. A right code clears the phone's count.
 */
export async function verifyPhoneCode(db: Db, input: { phone: string; scene: PhoneCodeScene; code: string; ip: string }): Promise<void> {
  if ((await triesSoFar(db, ipKey(input.ip), VERIFY_WINDOW_MS)) >= MAX_WRONG_PER_IP) throw new AppError(ErrorCode.SMS_VERIFY_LOCKED);
  if ((await takeTry(db, phoneKey(input.phone), VERIFY_WINDOW_MS)) > MAX_WRONG_PER_PHONE) throw new AppError(ErrorCode.SMS_VERIFY_LOCKED);
  const row = await repo.findLatestPhoneCode(db, input.phone, input.scene, SMS_MAX_FAILURES);
  const want = row ? Buffer.from(row.codeHash) : undefined;
  const got = Buffer.from(codeHash(input.phone, input.scene, input.code));
  if (row && want && want.length === got.length && timingSafeEqual(want, got) && (await repo.markPhoneCodeUsed(db, row.id, SMS_MAX_FAILURES))) {
    await clearTries(db, phoneKey(input.phone));
    return;
  }
  await takeTry(db, ipKey(input.ip), VERIFY_WINDOW_MS);
  if (!row) throw new AppError(ErrorCode.SMS_CODE_WRONG);
  const left = SMS_MAX_FAILURES - (await repo.addPhoneCodeFailure(db, row.id));
  throw new AppError(ErrorCode.SMS_CODE_WRONG, left > 0 ? `短信验证码错误，还可以尝试${left}次` : '短信验证码错误次数过多，请重新获取验证码');
}
