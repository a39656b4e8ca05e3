/**
 * KM answers `{success: true, …}` or `{success: false, code, msg, trace_id}`. Codes follow TOP
 * (KM signs like TOP): 25 invalid signature, 27 invalid session (105 / 106 also seen for a dead
 * session in public KM client code), 7 / 8 call limits (and HTTP 429), 15 remote service error,
 * 29 invalid app key, 31 invalid timestamp, 20019 page size (protocols.md §8). The window code
 * 20020 is ⚠ our assumption.
 */
import { ChannelError, type ChannelErrorKind } from '../marketplace/types.ts';

export const KM_ERROR = {
  CALL_LIMITED: '7',
  FREQUENCY: '8',
  REMOTE_ERROR: '15',
  INVALID_SIGNATURE: '25',
  INVALID_SESSION: '27',
  INVALID_APP_KEY: '29',
  INVALID_TIMESTAMP: '31',
  INVALID_ARGUMENT: '41',
  PAGE_SIZE: '20019',
  TIME_RANGE: '20020',
  NOT_FOUND: '20030',
} as const;

const KINDS: Record<string, ChannelErrorKind> = {
  [KM_ERROR.CALL_LIMITED]: 'RATE_LIMITED',
  [KM_ERROR.FREQUENCY]: 'RATE_LIMITED',
  [KM_ERROR.REMOTE_ERROR]: 'SERVER_ERROR',
  [KM_ERROR.INVALID_SIGNATURE]: 'INVALID_SIGNATURE',
  [KM_ERROR.INVALID_SESSION]: 'TOKEN_EXPIRED',
  '105': 'TOKEN_EXPIRED',
  '106': 'TOKEN_EXPIRED',
  [KM_ERROR.NOT_FOUND]: 'NOT_FOUND',
};

export const kmErrorBody = (code: string, msg: string) => ({ success: false, code, msg, trace_id: `km${Date.now().toString(36)}` });

export function kmError(body: Record<string, unknown>): ChannelError {
  const code = String(body.code ?? '');
  const msg = String(body.msg ?? body.message ?? '快麦接口返回错误');
  return new ChannelError(KINDS[code] ?? 'BAD_REQUEST', code, `快麦ERP：${msg}`);
}
