/**
 * Roles of an organisation and the route codes they grant (decision 0011). Only the main account
 * manages them; codes must be grantable for the organisation's audience.
 */
import { ErrorCode, grantableCodes, ROLE_LIMIT, type RoleAddBody, type RoleEditBody, type RolePermissions, type RoleRow } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { lockOrganisation } from '../auth/index.js';
import { uniqueViolation } from '../goods/index.js';
import * as repo from './roles.repository.js';

/**
 * The route permission lets only main accounts in (the code is never grantable); this check keeps
 * it so even if a code were stored by hand: a sub-account never manages accounts or its own rights.
 */
export function assertMain(caller: Caller) {
  if (!caller.isMain) throw new AppError(ErrorCode.MAIN_ACCOUNT_ONLY, undefined, 403);
}

export const audienceOf = (caller: Caller) => (caller.orgType === 'purchaser' ? 'purchaser' : 'seller');

async function ownRole(db: Db, caller: Caller, id: number) {
  const role = await repo.findRole(db, caller.orgId, id);
  if (!role) throw notFound('角色');
  return role;
}

/** A concurrent add with the same name loses on the unique index: the same answer as the check. */
async function nameSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueViolation(err) === 'roles_org_name_key') throw new AppError(ErrorCode.ROLE_NAME_TAKEN);
    throw err;
  }
}

export async function listRoles(db: Db, caller: Caller, name?: string): Promise<RoleRow[]> {
  assertMain(caller);
  const rows = await repo.listRoles(db, caller.orgId, name);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    remark: r.remark ?? '',
    userCount: Number(r.userCount),
    permissionCount: Number(r.permissionCount),
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function addRole(db: Db, caller: Caller, body: RoleAddBody) {
  assertMain(caller);
  return nameSafe(() =>
    inTransaction(db, async (t) => {
      await lockOrganisation(t, caller.orgId);
      if ((await repo.countRoles(t, caller.orgId)) >= ROLE_LIMIT) throw new AppError(ErrorCode.ROLE_LIMIT);
      if (await repo.roleNameTaken(t, caller.orgId, body.name)) throw new AppError(ErrorCode.ROLE_NAME_TAKEN);
      return { id: await repo.insertRole(t, caller.orgId, { name: body.name, remark: body.remark || null }) };
    }),
  );
}

export async function editRole(db: Db, caller: Caller, body: RoleEditBody) {
  assertMain(caller);
  await ownRole(db, caller, body.id);
  if (await repo.roleNameTaken(db, caller.orgId, body.name, body.id)) throw new AppError(ErrorCode.ROLE_NAME_TAKEN);
  await nameSafe(() => repo.updateRole(db, caller.orgId, body.id, { name: body.name, remark: body.remark || null }));
}

/** Refused while a sub-account holds the role: removing it would silently take their rights away. */
export async function removeRole(db: Db, caller: Caller, id: number) {
  assertMain(caller);
  await inTransaction(db, async (t) => {
    await lockOrganisation(t, caller.orgId);
    await ownRole(t, caller, id);
    const holders = await repo.roleHolderCount(t, id);
    if (holders > 0) throw new AppError(ErrorCode.ROLE_IN_USE, `还有${holders}个子账号在用该角色，请先在子账号里取消该角色再删除`);
    await repo.deleteRole(t, caller.orgId, id);
  });
}

/** Sets the role's codes to exactly these (duplicates folded); every code must be grantable. */
export async function authorizeRole(db: Db, caller: Caller, roleId: number, codes: string[]) {
  assertMain(caller);
  const allowed = grantableCodes(audienceOf(caller));
  const wanted = [...new Set(codes)];
  const bad = wanted.filter((c) => !allowed.has(c));
  if (bad.length) throw new AppError(ErrorCode.PERMISSION_CODE_INVALID, `权限“${bad.slice(0, 3).join('、')}”不存在或不适用于本账号类型，请刷新页面后重新勾选`);
  await inTransaction(db, async (t) => {
    await ownRole(t, caller, roleId);
    await repo.replaceRoleCodes(t, roleId, wanted);
  });
}

export async function rolePermissions(db: Db, caller: Caller, roleId: number): Promise<RolePermissions> {
  assertMain(caller);
  await ownRole(db, caller, roleId);
  return { roleId, codes: await repo.roleCodes(db, roleId) };
}
