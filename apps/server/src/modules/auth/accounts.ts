/** Creating organisations and users (the seed, the operator and tests use the same path); roles are account-permission's createRole. */
import type { OrgType } from '@dropship/contract';
import type { Db } from '../../db/client.js';
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
  /** Backdated for demo accounts that stand for customers from before the menu change. */
  createdAt?: Date;
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
      ...(u.createdAt ? { createdAt: u.createdAt } : {}),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user not created');
  return row.id;
}
