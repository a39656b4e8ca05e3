/** The audit log: who changed what on which organisation, with a before/after summary and never a secret. */
import type { Db } from '../../db/client.js';
import * as repo from './onboarding.repository.js';

export interface AuditActor {
  userId: number | null;
  orgId: number | null;
  ip?: string;
}

export function audit(db: Db, actor: AuditActor, action: string, targetOrgId: number | null, summary: Record<string, unknown>) {
  return repo.insertAudit(db, { actorUserId: actor.userId, actorOrgId: actor.orgId, action, targetOrgId, summary, ip: actor.ip ?? null });
}
