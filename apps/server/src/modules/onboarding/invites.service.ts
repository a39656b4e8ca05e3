/**
 * Invite codes and binding (decision 0028). A purchaser's code is 16 random characters of an
 * unambiguous alphabet (80 bits: not guessable), stored hashed, shown once; it expires (1–30
 * days), is revocable, and serves 1–100 bindings. A seller binds with it to the one purchaser that
 * serves it (a seller_purchasers row; without one the platform default serves, as before) and
 * unbinds only with nothing in flight. Wrong codes are counted per seller and per address and audited.
 */
import { createHash, randomInt } from 'node:crypto';
import {
  type BindBody,
  type BindingView,
  ErrorCode,
  type InviteCreateBody,
  type InviteCreateResult,
  type InviteRow,
  type InviteStatus,
} from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { takeTry, triesSoFar } from '../auth/index.js';
import { bindSeller, unbindSeller } from '../take-assignment/index.js';
import { audit } from './audit.js';
import * as repo from './onboarding.repository.js';
import type { inviteCodes } from './onboarding.table.js';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 16;
/** Wrong codes within an hour: five per seller account, twenty from one address. */
const WRONG_WINDOW_MS = 60 * 60_000;
const MAX_WRONG_PER_ORG = 5;
const MAX_WRONG_PER_IP = 20;

const normalise = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const hashCode = (code: string) =>
  createHash('sha256')
    .update(`invite:${normalise(code)}`)
    .digest('hex');

function newCode() {
  let s = '';
  for (let i = 0; i < CODE_LENGTH; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

function statusOf(r: typeof inviteCodes.$inferSelect): InviteStatus {
  if (r.revokedAt) return 'REVOKED';
  if (r.usedCount >= r.maxUses) return 'USED_UP';
  if (r.expiresAt.getTime() <= Date.now()) return 'EXPIRED';
  return 'ACTIVE';
}

function view(r: typeof inviteCodes.$inferSelect): InviteRow {
  return {
    id: r.id,
    hint: r.hint,
    maxUses: r.maxUses,
    usedCount: r.usedCount,
    expiresAt: r.expiresAt.toISOString(),
    status: statusOf(r),
    createdAt: r.createdAt.toISOString(),
  };
}

export async function createInvite(db: Db, caller: Caller, body: InviteCreateBody): Promise<InviteCreateResult> {
  const code = newCode();
  const row = await repo.insertInvite(db, {
    purchaserOrgId: caller.orgId,
    codeHash: hashCode(code),
    hint: code.slice(-4),
    maxUses: body.maxUses,
    expiresAt: new Date(Date.now() + body.validDays * 86_400_000),
    createdBy: caller.userId,
  });
  return { ...view(row), code };
}

export async function listInvites(db: Db, caller: Caller): Promise<InviteRow[]> {
  return (await repo.listInvites(db, caller.orgId)).map(view);
}

export async function revokeInvite(db: Db, caller: Caller, id: number): Promise<InviteRow> {
  const row = (await repo.revokeInvite(db, caller.orgId, id)) ?? (await repo.findInvite(db, caller.orgId, id));
  if (!row) throw notFound('邀请码');
  return view(row);
}

export async function bindingOf(db: Db, caller: Caller): Promise<BindingView> {
  const b = await repo.findBinding(db, caller.orgId);
  if (!b) return { bound: false, purchaserOrgId: null, purchaserName: null, boundAt: null };
  return { bound: true, purchaserOrgId: b.purchaserOrgId, purchaserName: b.purchaserName, boundAt: b.updatedAt.toISOString() };
}

const orgKey = (orgId: number) => `invite-org:${orgId}`;
const ipKey = (ip: string) => `invite-ip:${ip}`;

export async function bind(db: Db, caller: Caller, body: BindBody, ip: string): Promise<BindingView> {
  if (
    (await triesSoFar(db, orgKey(caller.orgId), WRONG_WINDOW_MS)) >= MAX_WRONG_PER_ORG ||
    (await triesSoFar(db, ipKey(ip), WRONG_WINDOW_MS)) >= MAX_WRONG_PER_IP
  ) {
    throw new AppError(ErrorCode.INVITE_TOO_MANY_TRIES);
  }
  const bound = await inTransaction(db, async (t) => {
    const current = await repo.lockBinding(t, caller.orgId);
    if (current) throw new AppError(ErrorCode.ALREADY_BOUND, `已绑定采购商「${current.purchaserName}」，请先解除绑定再绑定新的采购商`);
    const invite = await repo.useInvite(t, hashCode(body.code));
    if (!invite) return undefined;
    // A concurrent bind of the same seller inserted first: this one changes nothing.
    if (!(await bindSeller(t, caller.orgId, invite.purchaserOrgId))) throw new AppError(ErrorCode.ALREADY_BOUND);
    await audit(t, { userId: caller.userId, orgId: caller.orgId, ip }, 'invite.bind', caller.orgId, {
      purchaserOrgId: invite.purchaserOrgId,
      inviteId: invite.id,
    });
    return invite;
  });
  if (!bound) {
    // Counted and audited outside the refused transaction, so the refusal leaves its trace.
    await takeTry(db, orgKey(caller.orgId), WRONG_WINDOW_MS);
    await takeTry(db, ipKey(ip), WRONG_WINDOW_MS);
    await audit(db, { userId: caller.userId, orgId: caller.orgId, ip }, 'invite.refused', caller.orgId, { hint: normalise(body.code).slice(-4) });
    throw new AppError(ErrorCode.INVITE_CODE_INVALID);
  }
  return bindingOf(db, caller);
}

export async function unbind(db: Db, caller: Caller, ip: string): Promise<BindingView> {
  return inTransaction(db, async (t) => {
    const current = await repo.lockBinding(t, caller.orgId);
    if (!current) throw new AppError(ErrorCode.NOT_BOUND);
    const busy = await repo.inFlight(t, caller.orgId);
    if (busy.orders > 0 || busy.afterSales > 0) {
      const parts = [busy.orders > 0 ? `${busy.orders}个未完成的代发订单` : '', busy.afterSales > 0 ? `${busy.afterSales}个处理中的售后单` : ''].filter(
        Boolean,
      );
      throw new AppError(ErrorCode.UNBIND_IN_FLIGHT, `还有${parts.join('、')}，完成后才能解除绑定`);
    }
    await unbindSeller(t, caller.orgId);
    await audit(t, { userId: caller.userId, orgId: caller.orgId, ip }, 'invite.unbind', caller.orgId, { purchaserOrgId: current.purchaserOrgId });
    return { bound: false, purchaserOrgId: null, purchaserName: null, boundAt: null };
  });
}
