/**
 * Accounts, organisations and sessions. Others use the password hashing, the login-password tries (the pay-password set
 * asks for it again, under sign-in's limit), sessions for the auth plugin, the writes of organisations, sub-accounts and
 * sessions (onboarding and account-permission change them through these), and the organisations/users tables, which
 * every module's rows reference and list queries join for names (read only: module-boundaries.test.ts).
 * Other modules import this module only through this file.
 */
// biome-ignore-all assist/source/organizeImports: the tables are exported first, before any service. A
// file that uses a table at load time (a column map) can be reached from this index while it is still
// loading; the test runner defines each re-export in statement order, so a table listed later would
// still be undefined then.
export { organisations, sessions, users } from './auth.table.js';

export {
  ensureSetting,
  findOrganisation,
  findSessionByToken,
  findUserForLogin,
  insertSubUser,
  liveSubUsers,
  lockOrganisation,
  manualDeliveryPermission,
  recordLoginAttempt,
  revokeOrgSessions,
  revokeUserSessions,
  setOrganisationState,
  setPasswordHash,
  setPurchaserDetails,
  updateSubUser,
} from './auth.repository.js';
export { checkCaptcha, clearTries, oneLoginPasswordCheck, openSession, passwordTryPassed, takePasswordTry, takeTry, triesSoFar } from './auth.service.js';
export { createOrganisation, createUser } from './accounts.js';
export { setIdentityCookies } from './cookies.js';
export { hashPassword, verifyPassword } from './password.js';
