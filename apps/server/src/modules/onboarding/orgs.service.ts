/**
 * The operator's organisations console (decision 0028): create a purchaser with its main account,
 * list / detail, disable / enable (a disabled organisation's sessions end at once), reset a main
 * account's password, sign in as support. Every change writes the audit log in its transaction.
 */
import { randomInt } from 'node:crypto';
import {
  AUDIT_ACTIONS,
  type AuditListBody,
  ErrorCode,
  type LoginResult,
  maskPhone,
  type OrgDetail,
  type OrgListBody,
  type OrgStateBody,
  type PurchaserCreateBody,
  type PurchaserCreateResult,
} from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import {
  createOrganisation,
  createUser,
  findOrganisation,
  hashPassword,
  lockOrganisation,
  openSession,
  revokeOrgSessions,
  revokeUserSessions,
  setOrganisationState,
  setPasswordHash,
  setPurchaserDetails,
} from '../auth/index.js';
import { ensureAccount } from '../funds/index.js';
import { uniqueViolation } from '../goods/index.js';
import { servingPurchaser } from '../take-assignment/index.js';
import { audit } from './audit.js';
import * as repo from './onboarding.repository.js';

/** A generated password: 12 characters with letters and digits, none that look alike (shown once). */
export function generatePassword() {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const chars = [letters[randomInt(letters.length)], digits[randomInt(digits.length)]];
  while (chars.length < 12) chars.push(all[randomInt(all.length)]);
  return chars.join('');
}

const actorOf = (caller: Caller, ip: string) => ({ userId: caller.userId, orgId: caller.orgId, ip });

export async function createPurchaser(db: Db, caller: Caller, body: PurchaserCreateBody, ip: string): Promise<PurchaserCreateResult> {
  const password = body.password ?? generatePassword();
  try {
    return await inTransaction(db, async (t) => {
      const orgId = await createOrganisation(t, { type: 'purchaser', name: body.name });
      await setPurchaserDetails(t, orgId, { warehouseAddress: body.warehouseAddress, marketAreas: body.marketAreas });
      const userId = await createUser(t, { orgId, username: body.username, password, isMain: true, phone: body.phone || undefined });
      await ensureAccount(t, orgId);
      await audit(t, actorOf(caller, ip), 'org.createPurchaser', orgId, {
        after: {
          name: body.name,
          warehouseAddress: body.warehouseAddress,
          marketAreas: body.marketAreas,
          username: body.username,
          phone: maskPhone(body.phone),
        },
      });
      return { orgId, userId, username: body.username, initialPassword: body.password ? null : password };
    });
  } catch (e) {
    if (uniqueViolation(e) !== null) throw new AppError(ErrorCode.STATE_CONFLICT, `账号「${body.username}」已被使用，请换一个`);
    throw e;
  }
}

export async function pageOrgs(db: Db, f: OrgListBody) {
  const { total, list } = await repo.pageOrgs(db, f);
  return {
    total,
    list: list.map((r) => ({
      id: r.id,
      type: r.type,
      name: r.name,
      state: r.state as 'ENABLED' | 'DISABLED',
      mainUsername: r.mainUsername,
      mainPhone: maskPhone(r.mainPhone),
      createdAt: new Date(r.createdAt).toISOString(),
    })),
  };
}

/** A seller or purchaser organisation; operators are not managed here. */
async function tenantOrg(db: Db, orgId: number, lock = false) {
  const org = lock ? await lockOrganisation(db, orgId) : await findOrganisation(db, orgId);
  if (!org || (org.type !== 'seller' && org.type !== 'purchaser')) throw notFound('组织');
  return org;
}

export async function orgDetail(db: Db, orgId: number): Promise<OrgDetail> {
  const org = await tenantOrg(db, orgId);
  const main = await repo.mainUserOf(db, orgId);
  let purchaserName: string | null = null;
  if (org.type === 'seller') {
    const pid = await servingPurchaser(db, orgId).catch(() => undefined);
    purchaserName = pid ? ((await findOrganisation(db, pid))?.name ?? null) : null;
  }
  return {
    id: org.id,
    type: org.type,
    name: org.name,
    state: org.state as 'ENABLED' | 'DISABLED',
    mainUsername: main?.username ?? null,
    mainPhone: maskPhone(main?.phone),
    createdAt: org.createdAt.toISOString(),
    warehouseAddress: org.warehouseAddress,
    marketAreas: org.marketAreas ?? [],
    userCount: await repo.countUsers(db, orgId),
    purchaserName,
    sellerCount: org.type === 'purchaser' ? await repo.countBoundSellers(db, orgId) : 0,
  };
}

/** Disabling ends every session of the organisation in the same transaction; its sign-in is refused until enabled. */
export async function setOrgState(db: Db, caller: Caller, body: OrgStateBody, ip: string) {
  return inTransaction(db, async (t) => {
    const org = await tenantOrg(t, body.orgId, true);
    if (org.state === body.state) throw new AppError(ErrorCode.STATE_CONFLICT, body.state === 'DISABLED' ? '该组织已是停用状态' : '该组织已是启用状态');
    await setOrganisationState(t, org.id, body.state);
    if (body.state === 'DISABLED') await revokeOrgSessions(t, org.id);
    await audit(t, actorOf(caller, ip), body.state === 'DISABLED' ? 'org.disable' : 'org.enable', org.id, {
      before: { state: org.state },
      after: { state: body.state },
      reason: body.reason,
    });
    return { orgId: org.id, state: body.state };
  });
}

/** A new generated password for the main account, shown once; the account's sessions end. */
export async function resetMainPassword(db: Db, caller: Caller, orgId: number, ip: string) {
  const org = await tenantOrg(db, orgId);
  const main = await repo.mainUserOf(db, org.id);
  if (!main) throw notFound('主账号');
  const password = generatePassword();
  const hash = await hashPassword(password);
  await inTransaction(db, async (t) => {
    await setPasswordHash(t, main.id, hash);
    await revokeUserSessions(t, main.id);
    await audit(t, actorOf(caller, ip), 'org.resetMainPassword', org.id, { username: main.username, sessionsEnded: true });
  });
  return { username: main.username, password };
}

/**
 * A session on the organisation's main account marked with the operator's id (the shell shows
 * 支持模式); refused for a disabled organisation. Audited with the operator's reason.
 */
export async function supportSignIn(
  db: Db,
  caller: Caller,
  body: { orgId: number; reason: string },
  from: { ip: string; userAgent?: string },
  ttlHours: number,
): Promise<LoginResult> {
  return inTransaction(db, async (t) => {
    const org = await tenantOrg(t, body.orgId);
    if (org.state !== 'ENABLED') throw new AppError(ErrorCode.ORG_DISABLED);
    const main = await repo.mainUserOf(t, org.id);
    if (!main) throw notFound('主账号');
    await audit(t, actorOf(caller, from.ip), 'org.supportSignIn', org.id, { username: main.username, reason: body.reason });
    // Support sessions are short: at most 2 hours whatever the sign-in lifetime.
    return openSession(t, { ...main, orgType: org.type }, { ...from, supportOperatorId: caller.userId }, Math.min(ttlHours, 2));
  });
}

export async function pageAudit(db: Db, f: AuditListBody) {
  const { total, list } = await repo.pageAudit(db, f);
  return {
    total,
    list: list.map((r) => ({
      id: r.id,
      actor: r.actor ?? '系统',
      action: r.action,
      actionName: AUDIT_ACTIONS[r.action] ?? r.action,
      targetOrgId: r.targetOrgId,
      targetOrgName: r.targetOrgName,
      summary: JSON.stringify(r.summary),
      ip: r.ip,
      createdAt: new Date(r.createdAt).toISOString(),
    })),
  };
}
