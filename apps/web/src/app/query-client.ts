/**
 * TanStack Query with the one central error policy (ant-design-pro style): a failed call shows its
 * Chinese errorMsg once, except the codes the request client already handles (sign-on, the
 * purchaser alert, a cancelled duplicate).
 */
import { ErrorCode } from '@dropship/contract';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { message } from 'antd';
import { ApiError } from './api';

const SILENT = new Set<number>([ErrorCode.SESSION_INVALID, ErrorCode.PURCHASER_REQUIRED, ErrorCode.TOO_FREQUENT]);

function show(error: unknown) {
  if (error instanceof ApiError && SILENT.has(error.errorCode)) return;
  message.error(error instanceof Error ? error.message : '系统异常');
}

export const createQueryClient = () =>
  new QueryClient({
    queryCache: new QueryCache({ onError: show }),
    mutationCache: new MutationCache({ onError: show }),
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
