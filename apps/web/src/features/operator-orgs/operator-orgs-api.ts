/** The operator's organisations console and audit log (decision 0028). */
import type {
  AuditListBody,
  AuditRow,
  LoginResult,
  OrgDetail,
  OrgListBody,
  OrgPage,
  OrgState,
  PurchaserCreateBody,
  PurchaserCreateResult,
} from '@dropship/contract';
import { call } from '../../app/api';

export const operatorOrgsKeys = {
  page: (f: Partial<OrgListBody>) => ['operatorOrgs', 'page', f] as const,
  detail: (orgId: number) => ['operatorOrgs', 'detail', orgId] as const,
  audit: (f: Partial<AuditListBody>) => ['operatorOrgs', 'audit', f] as const,
};

export const operatorOrgsApi = {
  page: (f: Partial<OrgListBody>) => call<OrgPage>({ method: 'POST', url: '/api/operator/orgs/page', data: f }),
  detail: (orgId: number) => call<OrgDetail>({ method: 'POST', url: '/api/operator/orgs/detail', data: { orgId } }),
  createPurchaser: (b: PurchaserCreateBody) => call<PurchaserCreateResult>({ method: 'POST', url: '/api/operator/orgs/createPurchaser', data: b }),
  setState: (b: { orgId: number; state: OrgState; reason: string }) =>
    call<{ orgId: number; state: string }>({ method: 'POST', url: '/api/operator/orgs/state', data: b }),
  resetMainPassword: (orgId: number) =>
    call<{ username: string; password: string }>({ method: 'POST', url: '/api/operator/orgs/resetMainPassword', data: { orgId } }),
  supportSignIn: (b: { orgId: number; reason: string }) => call<LoginResult>({ method: 'POST', url: '/api/operator/orgs/supportSignIn', data: b }),
  audit: (f: Partial<AuditListBody>) => call<{ total: number; list: AuditRow[] }>({ method: 'POST', url: '/api/operator/auditLog/page', data: f }),
};
