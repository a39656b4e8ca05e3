/**
 * Onboarding (decision 0028): seller sign-up, password reset by SMS, purchaser invite codes and a
 * seller's binding, the operator's organisations console and the audit log. Nothing imports it:
 * app.ts registers its routes.
 * Other modules import this module only through this file.
 */
export { auditLogs, inviteCodes } from './onboarding.table.js';
