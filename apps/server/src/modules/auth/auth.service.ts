/** Sign-in, sign-out, captcha and the caller's user info. */
import { createCipheriv, randomBytes, randomUUID } from 'node:crypto';
import { ErrorCode, type LoginResult, type OrgType, type UserInfo } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { oneAtATime } from '../../lib/one-at-a-time.js';
import { sha256 } from '../../plugins/auth.js';
import * as repo from './auth.repository.js';
import { verifyPassword } from './password.js';

const FAILURE_WINDOW_MS = 15 * 60_000;
/**
 * Five wrong passwords lock an account for the window (from its first failure). Twenty from one
 * address ask that address for the image captcha on every sign-in rather than locking everyone
 * behind it (an office behind NAT, a proxy without TRUST_PROXY).
 */
const MAX_FAILURES_PER_USER = 5;
const MAX_FAILURES_PER_IP = 20;
const CAPTCHA_TTL_MS = 5 * 60_000;

const userKey = (username: string) => `user:${username.toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** Whether sign-ins from this address must solve the image captcha (a password spray came from it). */
export async function addressNeedsCaptcha(db: Db, ip: string) {
  return (await repo.limitCount(db, ipKey(ip), FAILURE_WINDOW_MS)) >= MAX_FAILURES_PER_IP;
}

/**
 * One try of an account's login password (sign-in, and the pay-password set that asks for it again):
 * it takes its number first, in one atomic statement, and past the limit is refused unchecked.
 */
export async function takePasswordTry(db: Db, username: string) {
  const attempt = await repo.bumpLimit(db, userKey(username), FAILURE_WINDOW_MS);
  if (attempt > MAX_FAILURES_PER_USER) throw new AppError(ErrorCode.LOGIN_LOCKED);
}

const loginPasswordChecks = oneAtATime<string>();

/**
 * One check of an account's login password at a time, from its try to its outcome: side by side,
 * right passwords took the tries that locked each other out (lib/one-at-a-time.ts).
 */
export const oneLoginPasswordCheck = <T>(username: string, work: () => Promise<T>) => loginPasswordChecks(userKey(username), work);

/** A right login password: the account's count starts again. */
export const passwordTryPassed = (db: Db, username: string) => repo.clearLimit(db, userKey(username));

export interface LoginInput {
  username: string;
  password: string;
  ip: string;
  userAgent?: string;
  portal: 'seller' | 'purchaser';
}

/**
 * Checks the password (rate-limited per account and per address) and opens a session whose
 * random token is the userHash; only its SHA-256 is stored.
 */
export async function login(db: Db, input: LoginInput, sessionTtlHours: number): Promise<LoginResult> {
  const user = await oneLoginPasswordCheck(input.username, async () => {
    // The attempt takes its number before the password is checked (one atomic statement): of any
    // number of concurrent tries, only those numbered up to the limit are ever checked.
    await takePasswordTry(db, input.username);
    const user = await repo.findUserForLogin(db, input.username);
    const ok = await verifyPassword(user?.passwordHash, input.password);
    await repo.recordLoginAttempt(db, input.username, input.ip, ok);
    // A deleted sub-account is gone for its holder: the same answer as a wrong password.
    if (!user || !ok || user.state === 'DELETED') {
      await repo.bumpLimit(db, ipKey(input.ip), FAILURE_WINDOW_MS);
      throw new AppError(ErrorCode.LOGIN_FAILED);
    }
    await passwordTryPassed(db, input.username);
    return user;
  });
  if (user.state !== 'ENABLED') throw new AppError(ErrorCode.ACCOUNT_DISABLED);
  if (user.orgState !== 'ENABLED') throw new AppError(ErrorCode.ORG_DISABLED);
  if (input.portal === 'purchaser' && user.orgType !== 'purchaser') throw new AppError(ErrorCode.PURCHASER_REQUIRED);
  if (input.portal === 'seller' && user.orgType === 'purchaser') throw new AppError(ErrorCode.WRONG_PORTAL);
  return openSession(db, user, { ip: input.ip, userAgent: input.userAgent }, sessionTtlHours);
}

export interface SessionUser {
  id: number;
  orgId: number;
  username: string;
  isMain: boolean;
  orgType: string;
}

/**
 * Opens a session for a user already checked (sign-in, sign-up, the operator's support sign-in,
 * which records the operator's id on the session).
 */
export async function openSession(
  db: Db,
  user: SessionUser,
  from: { ip: string; userAgent?: string; supportOperatorId?: number },
  sessionTtlHours: number,
): Promise<LoginResult> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + sessionTtlHours * 3_600_000);
  await repo.insertSession(db, {
    tokenHash: sha256(token),
    userId: user.id,
    orgId: user.orgId,
    expiresAt,
    ip: from.ip,
    userAgent: from.userAgent?.slice(0, 300),
    supportOperatorId: from.supportOperatorId,
  });
  return { userId: user.id, userHash: token, ...(await displayIdentity(db, user)), expiresAt: expiresAt.toISOString() };
}

/**
 * A counter of tries under `key` within a window, taken in one atomic statement (the sign-in
 * limit's counters): SMS code and invite code guesses use it too, so no two racing tries share a count.
 */
export const takeTry = (db: Db, key: string, windowMs: number) => repo.bumpLimit(db, key, windowMs);
export const triesSoFar = (db: Db, key: string, windowMs: number) => repo.limitCount(db, key, windowMs);
export const clearTries = (db: Db, key: string) => repo.clearLimit(db, key);

/**
 * How sign-in and user info name a user (SPEC.md section 3): userType 1 for purchasers, the
 * organisation's main account as username, the sub-account's own name as subUsername.
 */
async function displayIdentity(db: Db, u: { username: string; isMain: boolean; orgId: number; orgType: string }) {
  const username = u.isMain ? u.username : ((await repo.findMainUsername(db, u.orgId)) ?? u.username);
  return { userType: (u.orgType === 'purchaser' ? 1 : 0) as 0 | 1, username, subUsername: u.isMain ? null : u.username };
}

export const logout = (db: Db, sessionId: number) => repo.revokeSession(db, sessionId);

export async function createCaptcha(db: Db) {
  // Sized for the 32 px input row of the sign-in form: large glyphs, little noise, no look-alike characters.
  // svg-captcha (and the font it parses) is loaded by the first captcha, not at start (decision 0043).
  const { default: svgCaptcha } = await import('svg-captcha');
  const c = svgCaptcha.create({ size: 4, noise: 1, ignoreChars: '0oO1ilI', color: true, background: '#f4f6fb', width: 100, height: 32, fontSize: 34 });
  const captchaId = randomUUID();
  await repo.insertCaptcha(db, { id: captchaId, answerHash: sha256(c.text.toLowerCase()), expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS) });
  return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
}

/** One try per captcha: a wrong answer burns it, so guessing needs a new image each time. */
export async function checkCaptcha(db: Db, captchaId: string | undefined, answer: string | undefined, missing = '请输入验证码') {
  if (!captchaId || !answer) throw new AppError(ErrorCode.CAPTCHA_WRONG, missing);
  const stored = await repo.consumeCaptcha(db, captchaId);
  if (!stored || stored !== sha256(answer.trim().toLowerCase())) throw new AppError(ErrorCode.CAPTCHA_WRONG);
}

const aesKeys = new WeakMap<Db, Promise<Buffer>>();
/** The AES key behind userIdAesStr is made once per database and shared by every process. */
function getAesKey(db: Db) {
  let key = aesKeys.get(db);
  if (!key) {
    key = repo.ensureSetting(db, 'user_id_aes_key', randomBytes(32).toString('base64')).then((v) => Buffer.from(v, 'base64'));
    aesKeys.set(db, key);
  }
  return key;
}

/** userIdAesStr: the user id encrypted (AES-256-GCM), for links that must not expose the id. */
async function encryptUserId(db: Db, userId: number) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await getAesKey(db), iv);
  const body = Buffer.concat([cipher.update(String(userId), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export async function userInfo(db: Db, userId: number, supportOperatorId?: number | null): Promise<UserInfo> {
  const u = await repo.findUserProfile(db, userId);
  if (!u) throw new AppError(ErrorCode.SESSION_INVALID, undefined, 401);
  return {
    userId: u.id,
    ...(await displayIdentity(db, u)),
    source: u.source,
    userIdAesStr: await encryptUserId(db, u.id),
    orgName: u.orgName,
    isMain: u.isMain,
    ...(supportOperatorId ? { supportMode: true } : {}),
    orgType: u.orgType as OrgType,
    createdAt: u.createdAt.toISOString(),
  };
}
