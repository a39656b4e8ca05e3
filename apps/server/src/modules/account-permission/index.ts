/**
 * Roles and sub-accounts (web feature account-permission; the contract's account-permission.ts). Others
 * use the route codes a user's roles grant (the auth plugin checks a sub-account's every call against
 * them; the shell and the picker's page read them) and createRole (the seed and tests); the auth plugin writes refused console calls through recordDenial.
 * Other modules import this module only through this file.
 */

export { denialsOfUser, recordDenial } from './denials.repository.js';
export { permissionDenials } from './denials.table.js';
export { createRole, permissionCodesOfUser } from './roles.repository.js';
