/** Creating organisations and users (the seed, the operator and tests use the same path). */
import type { OrgType } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { rolePermissions, roles, userRoles } from '../account-permission/index.js';
import { organisations, users } from './auth.table.js';
import { hashPassword } from './password.js';

export async function createOrganisation(db: Db, org: { type: OrgType; name: string; source?: string }) {
  const [row] = await db.insert(organisations).values(org).returning({ id: organisations.id });
  if (!row) throw new Error('organisation not created');
  return row.id;
}

export interface NewUser {
  orgId: number;
  username: string;
  password: string;
  isMain: boolean;
  manualDeliveryPermission?: '0' | '1';
  phone?: string;
}

export async function createUser(db: Db, u: NewUser) {
  const [row] = await db
    .insert(users)
    .values({
      orgId: u.orgId,
      username: u.username,
      passwordHash: await hashPassword(u.password),
      isMain: u.isMain,
      manualDeliveryPermission: u.manualDeliveryPermission ?? '1',
      phone: u.phone,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user not created');
  return row.id;
}

/** A role with its route codes, given to the listed users. */
export async function createRole(db: Db, orgId: number, name: string, codes: string[], userIds: number[]) {
  const [role] = await db.insert(roles).values({ orgId, name }).returning({ id: roles.id });
  if (!role) throw new Error('role not created');
  if (codes.length) await db.insert(rolePermissions).values(codes.map((code) => ({ roleId: role.id, code })));
  if (userIds.length) await db.insert(userRoles).values(userIds.map((userId) => ({ userId, roleId: role.id })));
  return role.id;
}
