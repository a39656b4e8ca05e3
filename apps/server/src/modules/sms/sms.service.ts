/**
 * SMS verification codes sent to the caller's bound phone (users.phone). Rules: one send per user
 * and scene every 60 s, ten a day (Beijing day), a code lives 5 minutes, is used once, and dies
 * after 5 wrong tries. Only a hash is stored. Decisions: docs/decisions/0003-funds-payments.md.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { SmsError } from '@dropship/channels';
import { ErrorCode, maskPhone, type SmsCodeV2Result, type SmsScene } from '@dropship/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './sms.repository.js';
import type { SmsGateway } from './sms-gateway.js';

export const SMS_COOLDOWN_SECONDS = 60;
export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_DAILY_LIMIT = 10;
export const SMS_MAX_FAILURES = 5;

export interface SmsOwner {
  orgId: number;
  userId: number;
}

const codeHash = (userId: number, scene: string, code: string) => createHash('sha256').update(`${userId}:${scene}:${code}`).digest('hex');

/** 00:00 today in Beijing: the daily cap resets when a Chinese user expects it to. */
export function startOfBeijingDay(now = Date.now()) {
  const shifted = now + 8 * 3_600_000;
  return new Date(shifted - (shifted % 86_400_000) - 8 * 3_600_000);
}

export function sendError(e: unknown): AppError {
  if (e instanceof AppError) return e;
  if (e instanceof SmsError && e.kind === 'rate_limited') return new AppError(ErrorCode.SMS_TOO_FREQUENT, '该手机号接收验证码过于频繁，请稍后再试');
  if (e instanceof SmsError && e.kind === 'invalid_phone')
    return new AppError(ErrorCode.PHONE_NOT_BOUND, '绑定的手机号无法接收短信，请联系主账号管理员修改手机号');
  return new AppError(ErrorCode.SMS_SEND_FAILED);
}

/**
 * Sends a fresh code for `scene` to the caller's bound phone. The row is written (under a lock
 * of the user's row) before the message goes out, so two quick sends cannot both pass the
 * cooldown; a failed send removes it again.
 */
export async function sendCode(db: Db, gateway: SmsGateway, owner: SmsOwner, scene: SmsScene, log: FastifyBaseLogger): Promise<SmsCodeV2Result> {
  const code = String(randomInt(1_000_000)).padStart(6, '0');
  const { id, phone } = await inTransaction(db, async (t) => {
    const user = await repo.lockUserPhone(t, owner.orgId, owner.userId);
    if (!user?.phone) throw new AppError(ErrorCode.PHONE_NOT_BOUND);
    const last = await repo.lastSentAt(t, owner.userId, scene);
    const wait = last ? SMS_COOLDOWN_SECONDS - Math.floor((Date.now() - last.getTime()) / 1000) : 0;
    if (wait > 0) throw new AppError(ErrorCode.SMS_TOO_FREQUENT, `验证码已发送，请${wait}秒后再试`);
    if ((await repo.countSentSince(t, owner.userId, startOfBeijingDay())) >= SMS_DAILY_LIMIT) throw new AppError(ErrorCode.SMS_DAILY_LIMIT);
    const rowId = await repo.insertCode(t, {
      userId: owner.userId,
      orgId: owner.orgId,
      phone: user.phone,
      scene,
      codeHash: codeHash(owner.userId, scene, code),
      expiresAt: new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000),
    });
    return { id: rowId, phone: user.phone };
  });
  try {
    const client = await gateway.client();
    const sent = await client.sendSms({ phoneNumbers: phone, templateCode: gateway.templateCode, templateParam: { code }, outId: String(id) });
    await repo.setBizId(db, id, sent.bizId);
  } catch (e) {
    await repo.deleteCode(db, id);
    log.warn({ err: e, phone: maskPhone(phone), scene }, '短信验证码发送失败');
    throw sendError(e);
  }
  return { maskedPhone: maskPhone(phone), cooldownSeconds: SMS_COOLDOWN_SECONDS, expiresInSeconds: SMS_CODE_TTL_SECONDS };
}

/** Uses the newest code of the scene once; a wrong code costs one of its five tries. */
export async function verifyCode(db: Db, owner: SmsOwner, scene: SmsScene, code: string): Promise<void> {
  const row = await repo.findLatestUsable(db, owner.orgId, owner.userId, scene, SMS_MAX_FAILURES);
  if (!row) throw new AppError(ErrorCode.SMS_CODE_WRONG);
  const want = Buffer.from(row.codeHash);
  const got = Buffer.from(codeHash(owner.userId, scene, code));
  if (want.length === got.length && timingSafeEqual(want, got)) {
    if (await repo.markUsed(db, row.id, SMS_MAX_FAILURES)) return;
    throw new AppError(ErrorCode.SMS_CODE_WRONG);
  }
  const left = SMS_MAX_FAILURES - (await repo.addFailure(db, row.id));
  throw new AppError(ErrorCode.SMS_CODE_WRONG, left > 0 ? `短信验证码错误，还可以尝试${left}次` : '短信验证码错误次数过多，请重新获取验证码');
}
