/**
 * Membership (会员, decision 0033). app.ts registers its routes and job; dropship-orders prices the
 * service fee through memberServiceFee. Other modules import this module only through this file.
 */
// biome-ignore-all assist/source/organizeImports: the tables are exported first, before any service.
export { memberPlans, memberPurchases, memberships } from './membership.table.js';

export { memberServiceFee } from './membership.service.js';
