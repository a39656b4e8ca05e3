/**
 * Onboarding (decision 0028): seller sign-up, password reset by SMS, purchaser invite codes and a
 * seller's binding, the operator's organisations console and the audit log. app.ts registers its
 * routes; the operator-audit plugin writes console changes through `audit`.
 * Other modules import this module only through this file.
 */

export { type AuditActor, audit } from './audit.js';
export { auditLogs, inviteCodes } from './onboarding.table.js';
