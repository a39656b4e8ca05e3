/** Menu badge counts (SPEC.md section 2): near-deadline problem parcels and pending replenish payments. */
import type { BadgeKey } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { shellApi } from '../api';

export function useBadges(enabled: boolean): Record<BadgeKey, number> {
  const problems = useQuery({ queryKey: ['shell', 'problemNearDeadline'], queryFn: shellApi.problemNearDeadline, enabled, refetchInterval: 60_000 });
  const waiting = useQuery({ queryKey: ['shell', 'waitingPayment'], queryFn: shellApi.waitingPayment, enabled, refetchInterval: 60_000 });
  return { problemNearDeadline: problems.data?.count ?? 0, pendingPayment: waiting.data?.count ?? 0 };
}
