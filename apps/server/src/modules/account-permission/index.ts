/**
 * Roles and sub-accounts (web feature account-permission). The role tables are exported for auth's
 * lookup of a user's permission codes (the auth plugin checks them on every call).
 * Other modules import this module only through this file.
 */
// biome-ignore-all assist/source/organizeImports: the tables are exported first, before any service. A
// file that uses a table at load time (a column map) can be reached from this index while it is still
// loading; the test runner defines each re-export in statement order, so a table listed later would
// still be undefined then.
export { rolePermissions, roles, userRoles } from './roles.table.js';
export { createRole, permissionCodesOfUser } from './roles.repository.js';
