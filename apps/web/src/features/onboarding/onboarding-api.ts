/** A seller's purchaser binding and a purchaser's invite codes (decision 0028). */
import type { BindingView, InviteCreateBody, InviteCreateResult, InviteRow } from '@dropship/contract';
import { call } from '../../app/api';

export const onboardingKeys = {
  binding: () => ['onboarding', 'binding'] as const,
  invites: () => ['onboarding', 'invites'] as const,
};

export const onboardingApi = {
  binding: () => call<BindingView>({ method: 'GET', url: '/api/b2/purchaserBinding' }),
  bind: (code: string) => call<BindingView>({ method: 'POST', url: '/api/b2/purchaserBinding/bind', data: { code } }),
  unbind: () => call<BindingView>({ method: 'POST', url: '/api/b2/purchaserBinding/unbind', data: {} }),
  invites: () => call<InviteRow[]>({ method: 'GET', url: '/api/b2/purchaser/invite/list' }),
  createInvite: (b: InviteCreateBody) => call<InviteCreateResult>({ method: 'POST', url: '/api/b2/purchaser/invite/create', data: b }),
  revokeInvite: (id: number) => call<InviteRow>({ method: 'POST', url: '/api/b2/purchaser/invite/revoke', data: { id } }),
};
