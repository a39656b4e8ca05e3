/**
 * The operator console (运营后台): the roles an operator sub-account may hold, each a set of the
 * console's route codes (the same permission model as sellers' and purchasers' sub-accounts: a
 * call declares its page's route, a role grants route codes). The main operator account holds all.
 */
import { ROUTES, routeCode } from './routes.js';

export type OperatorRoleKey = 'admin' | 'finance' | 'support';

const OPERATOR_CODES = ROUTES.filter((r) => r.audience.includes('operator') && !r.public).map((r) => routeCode(r.path));

export const OPERATOR_ROLES: Record<OperatorRoleKey, { name: string; codes: string[] }> = {
  admin: { name: '管理员', codes: OPERATOR_CODES },
  /** Money: withdrawals, coupons and the prices sellers pay. */
  finance: { name: '财务', codes: ['operator/withdrawals', 'operator/coupons', 'operator/expressRules', 'operator/servicePrices', 'operator/memberPlans'] },
  /** Sellers' and purchasers' questions: what they read, their organisations, the stall directory. */
  support: {
    name: '客服',
    codes: [
      'operator/announcements',
      'operator/popups',
      'operator/orgs',
      'operator/auditLog',
      'operator/stallDirectory',
      'operator/workOrders',
      'operator/helpArticles',
    ],
  },
};
