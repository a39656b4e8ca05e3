/**
 * Sub-accounts of an organisation, managed by its main account (decision 0011): add with roles,
 * edit, enable/disable, reset password, soft delete. Disabling, a new password and deleting end
 * the sub-account's sessions at once.
 */
import { ErrorCode, maskName, maskPhone, SUB_ACCOUNT_LIMIT, type SubUserPage, type SubUserRow, type UserAddBody, type UserEditBody } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { hashPassword, insertSubUser, lockOrganisation, revokeUserSessions, updateSubUser } from '../auth/index.js';
import { uniqueViolation } from '../goods/index.js';
import * as roleRepo from './roles.repository.js';
import { assertMain } from './roles.service.js';
import * as repo from './sub-users.repository.js';

export const SUB_USER_EXPORT_MAX = 5_000;

async function ownSubUser(db: Db, caller: Caller, id: number) {
  const user = await repo.findSubUser(db, caller.orgId, id);
  if (!user) throw notFound('子账号');
  return user;
}

async function assertOwnRoles(db: Db, caller: Caller, roleIds: number[]) {
  const ids = [...new Set(roleIds)];
  if ((await roleRepo.countOwnRoles(db, caller.orgId, ids)) !== ids.length) throw notFound('角色');
  return ids;
}

async function withRoles(db: Db, rows: repo.SubUserRecord[]): Promise<SubUserRow[]> {
  const roles = await repo.rolesOfUsers(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    name: maskName(r.name),
    phone: maskPhone(r.phone),
    state: r.state === 'DISABLED' ? 'DISABLED' : 'ENABLED',
    roles: roles.filter((x) => x.userId === r.id).map((x) => ({ id: x.id, name: x.name })),
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function pageSubUsers(db: Db, caller: Caller, q: repo.SubUserFilters & { pageNo: number; pageSize: number }): Promise<SubUserPage> {
  assertMain(caller);
  const total = await repo.countSubUsers(db, caller.orgId, q);
  const rows = await repo.listSubUsers(db, caller.orgId, q, q.pageSize, (q.pageNo - 1) * q.pageSize);
  return { total, list: await withRoles(db, rows) };
}

export async function subUsersForExport(db: Db, caller: Caller, f: repo.SubUserFilters): Promise<SubUserRow[]> {
  assertMain(caller);
  const total = await repo.countSubUsers(db, caller.orgId, f);
  if (total > SUB_USER_EXPORT_MAX) throw new AppError(ErrorCode.BAD_REQUEST, `共${total}个子账号，超过${SUB_USER_EXPORT_MAX}个，请缩小筛选范围后再导出`);
  return withRoles(db, await repo.exportSubUsers(db, caller.orgId, f, SUB_USER_EXPORT_MAX));
}

export async function addSubUser(db: Db, caller: Caller, body: UserAddBody) {
  assertMain(caller);
  // Hashing is slow (argon2): done before the transaction so the organisation's lock is held briefly.
  const passwordHash = await hashPassword(body.password);
  try {
    return await inTransaction(db, async (t) => {
      await lockOrganisation(t, caller.orgId);
      const roleIds = await assertOwnRoles(t, caller, body.roleIds);
      if ((await repo.countLiveSubUsers(t, caller.orgId)) >= SUB_ACCOUNT_LIMIT) throw new AppError(ErrorCode.SUB_ACCOUNT_LIMIT);
      if (await repo.usernameTaken(t, body.username)) throw new AppError(ErrorCode.SUB_USERNAME_TAKEN);
      const id = await insertSubUser(t, { orgId: caller.orgId, username: body.username, name: body.name, phone: body.phone || null, passwordHash });
      await repo.replaceUserRoles(t, id, roleIds);
      return { id };
    });
  } catch (err) {
    // Two organisations adding the same account at once: the unique index decides, the answer is the same.
    if (uniqueViolation(err) === 'users_username_key') throw new AppError(ErrorCode.SUB_USERNAME_TAKEN);
    throw err;
  }
}

/** Empty name or phone keeps the stored value: the list only shows them masked. */
export async function editSubUser(db: Db, caller: Caller, body: UserEditBody) {
  assertMain(caller);
  await inTransaction(db, async (t) => {
    await ownSubUser(t, caller, body.id);
    const roleIds = await assertOwnRoles(t, caller, body.roleIds);
    await updateSubUser(t, caller.orgId, body.id, {
      ...(body.name ? { name: body.name } : {}),
      ...(body.phone ? { phone: body.phone } : {}),
    });
    await repo.replaceUserRoles(t, body.id, roleIds);
  });
}

export async function setSubUserState(db: Db, caller: Caller, id: number, state: 'ENABLED' | 'DISABLED') {
  assertMain(caller);
  await inTransaction(db, async (t) => {
    const user = await ownSubUser(t, caller, id);
    if (user.state === state) return;
    await updateSubUser(t, caller.orgId, id, { state });
    if (state === 'DISABLED') await revokeUserSessions(t, id);
  });
}

export async function resetSubUserPassword(db: Db, caller: Caller, id: number, password: string) {
  assertMain(caller);
  await ownSubUser(db, caller, id);
  const passwordHash = await hashPassword(password);
  await inTransaction(db, async (t) => {
    await ownSubUser(t, caller, id);
    await updateSubUser(t, caller.orgId, id, { passwordHash });
    await revokeUserSessions(t, id);
  });
}

/** Soft delete: the row stays (records name who did what), its roles go, the username stays reserved. */
export async function deleteSubUser(db: Db, caller: Caller, id: number) {
  assertMain(caller);
  await inTransaction(db, async (t) => {
    await ownSubUser(t, caller, id);
    await updateSubUser(t, caller.orgId, id, { state: 'DELETED', deletedAt: new Date() });
    await repo.replaceUserRoles(t, id, []);
    await revokeUserSessions(t, id);
  });
}
