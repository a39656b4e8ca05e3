/**
 * Roles and sub-accounts (web feature account-permission; the contract's account-permission.ts). Others
 * use the route codes a user's roles grant (the auth plugin checks a sub-account's every call against
 * them; the shell and the picker's page read them) and createRole (the seed and tests).
 * Other modules import this module only through this file.
 */
export { createRole, permissionCodesOfUser } from './roles.repository.js';
