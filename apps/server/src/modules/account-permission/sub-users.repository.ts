/** SQL of sub-accounts (users with is_main false); every query takes the organisation id. */
import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { liveSubUsers, users } from '../auth/index.js';
import { roles, userRoles } from './roles.table.js';

export interface SubUserFilters {
  name?: string | undefined;
  phone?: string | undefined;
  username?: string | undefined;
  state?: 'ENABLED' | 'DISABLED' | undefined;
}

export interface SubUserRecord {
  id: number;
  username: string;
  name: string | null;
  phone: string | null;
  state: string;
  createdAt: Date;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function pageWhere(orgId: number, f: SubUserFilters): SQL | undefined {
  const conds = [liveSubUsers(orgId)];
  if (f.name) conds.push(ilike(users.name, `%${escapeLike(f.name)}%`));
  if (f.phone) conds.push(ilike(users.phone, `%${escapeLike(f.phone)}%`));
  if (f.username) conds.push(ilike(users.username, `%${escapeLike(f.username)}%`));
  if (f.state) conds.push(eq(users.state, f.state));
  return and(...conds);
}

export async function countSubUsers(db: Db, orgId: number, f: SubUserFilters) {
  const [r] = await db.select({ n: count() }).from(users).where(pageWhere(orgId, f));
  return Number(r?.n ?? 0);
}

export async function listSubUsers(db: Db, orgId: number, f: SubUserFilters, limit: number, offset: number): Promise<SubUserRecord[]> {
  return db
    .select({ id: users.id, username: users.username, name: users.name, phone: users.phone, state: users.state, createdAt: users.createdAt })
    .from(users)
    .where(pageWhere(orgId, f))
    .orderBy(desc(users.id))
    .limit(limit)
    .offset(offset);
}

/** The roles of these users, for the list's role column. */
export async function rolesOfUsers(db: Db, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(roles.id);
}

/** A live sub-account of the organisation (never the main account, never a deleted one). */
export async function findSubUser(db: Db, orgId: number, id: number) {
  const rows = await db
    .select({ id: users.id, state: users.state })
    .from(users)
    .where(and(liveSubUsers(orgId), eq(users.id, id)))
    .limit(1);
  return rows[0];
}

export async function usernameTaken(db: Db, username: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return rows.length > 0;
}

export async function countLiveSubUsers(db: Db, orgId: number) {
  const [r] = await db.select({ n: count() }).from(users).where(liveSubUsers(orgId));
  return Number(r?.n ?? 0);
}

export async function replaceUserRoles(db: Db, userId: number, roleIds: number[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

/** All matching sub-accounts for the export, bounded. */
export async function exportSubUsers(db: Db, orgId: number, f: SubUserFilters, limit: number) {
  return listSubUsers(db, orgId, f, limit, 0);
}
