/** SQL of roles and their codes; every query takes the organisation id. */
import { and, asc, count, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../auth/index.js';
import { rolePermissions, roles, userRoles } from './roles.table.js';

export interface RoleRecord {
  id: number;
  name: string;
  remark: string | null;
  createdAt: Date;
  userCount: number;
  permissionCount: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listRoles(db: Db, orgId: number, name?: string): Promise<RoleRecord[]> {
  const where = name ? and(eq(roles.orgId, orgId), ilike(roles.name, `%${escapeLike(name)}%`)) : eq(roles.orgId, orgId);
  return db
    .select({
      id: roles.id,
      name: roles.name,
      remark: roles.remark,
      createdAt: roles.createdAt,
      // Correlated counts: a role list is at most ROLE_LIMIT rows, each count uses an index.
      // "roles"."id" spelled out: drizzle prints a bare "id" for a one-table select, which the subquery would misread.
      userCount: sql<number>`(select count(*)::int from user_roles ur join users u on u.id = ur.user_id
        where ur.role_id = "roles"."id" and u.state <> 'DELETED')`,
      permissionCount: sql<number>`(select count(*)::int from role_permissions rp where rp.role_id = "roles"."id")`,
    })
    .from(roles)
    .where(where)
    .orderBy(asc(roles.id))
    .limit(500);
}

export async function countRoles(db: Db, orgId: number) {
  const [r] = await db.select({ n: count() }).from(roles).where(eq(roles.orgId, orgId));
  return Number(r?.n ?? 0);
}

export async function findRole(db: Db, orgId: number, id: number) {
  const rows = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.orgId, orgId), eq(roles.id, id)))
    .limit(1);
  return rows[0];
}

/** Whether another role of the organisation already has this name. */
export async function roleNameTaken(db: Db, orgId: number, name: string, exceptId?: number) {
  const conds = [eq(roles.orgId, orgId), eq(roles.name, name)];
  if (exceptId) conds.push(ne(roles.id, exceptId));
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(...conds))
    .limit(1);
  return rows.length > 0;
}

export async function insertRole(db: Db, orgId: number, v: { name: string; remark: string | null }) {
  const [row] = await db
    .insert(roles)
    .values({ orgId, ...v })
    .returning({ id: roles.id });
  if (!row) throw new Error('role not created');
  return row.id;
}

export async function updateRole(db: Db, orgId: number, id: number, v: { name: string; remark: string | null }) {
  const rows = await db
    .update(roles)
    .set(v)
    .where(and(eq(roles.orgId, orgId), eq(roles.id, id)))
    .returning({ id: roles.id });
  return rows.length > 0;
}

export async function deleteRole(db: Db, orgId: number, id: number) {
  await db.delete(roles).where(and(eq(roles.orgId, orgId), eq(roles.id, id)));
}

/** Sub-accounts (not deleted) holding the role. */
export async function roleHolderCount(db: Db, roleId: number) {
  const [r] = await db
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.roleId, roleId), ne(users.state, 'DELETED')));
  return Number(r?.n ?? 0);
}

export async function roleCodes(db: Db, roleId: number): Promise<string[]> {
  const rows = await db
    .select({ code: rolePermissions.code })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId))
    .orderBy(asc(rolePermissions.code));
  return rows.map((r) => r.code);
}

/** Replaces the role's codes (the caller runs it in a transaction). */
export async function replaceRoleCodes(db: Db, roleId: number, codes: string[]) {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (codes.length) await db.insert(rolePermissions).values(codes.map((code) => ({ roleId, code })));
}

/** How many of these ids are roles of the organisation. */
export async function countOwnRoles(db: Db, orgId: number, ids: number[]) {
  const [r] = await db
    .select({ n: count() })
    .from(roles)
    .where(and(eq(roles.orgId, orgId), inArray(roles.id, ids)));
  return Number(r?.n ?? 0);
}

/** The route codes a user's roles grant (the auth plugin checks a sub-account's call against them). */
export async function permissionCodesOfUser(db: Db, userId: number): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ code: rolePermissions.code })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return new Set(rows.map((r) => r.code));
}

/** A role with its route codes, given to the listed users. */
export async function createRole(db: Db, orgId: number, name: string, codes: string[], userIds: number[]) {
  const [role] = await db.insert(roles).values({ orgId, name }).returning({ id: roles.id });
  if (!role) throw new Error('role not created');
  if (codes.length) await db.insert(rolePermissions).values(codes.map((code) => ({ roleId: role.id, code })));
  if (userIds.length) await db.insert(userRoles).values(userIds.map((userId) => ({ userId, roleId: role.id })));
  return role.id;
}
