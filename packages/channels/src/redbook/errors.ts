/**
 * Ark answers `{error_code: 0, success: true, data}` or `{error_code: N, error_msg, success:
 * false}` (protocols.md §6). The official pages list no gateway error codes; the numbers below are
 * ⚠ assumptions used by both the client and the emulator (docs/decisions/0009-channels-erp.md).
 */
import { ChannelError, type ChannelErrorKind } from '../marketplace/types.ts';

export const XHS_ERROR = {
  SYSTEM_BUSY: -1,
  APP_INVALID: -10001,
  PARAM_INVALID: -10002,
  SIGN_INVALID: -10003,
  TIMESTAMP_INVALID: -10004,
  TOKEN_INVALID: -10005,
  RATE_LIMITED: -10009,
  CODE_INVALID: -10010,
  REFRESH_INVALID: -10011,
  ORDER_NOT_FOUND: -20001,
  ORDER_STATUS: -20002,
} as const;

const KINDS: Record<number, ChannelErrorKind> = {
  [XHS_ERROR.SYSTEM_BUSY]: 'SERVER_ERROR',
  [XHS_ERROR.SIGN_INVALID]: 'INVALID_SIGNATURE',
  [XHS_ERROR.TOKEN_INVALID]: 'TOKEN_EXPIRED',
  [XHS_ERROR.CODE_INVALID]: 'TOKEN_EXPIRED',
  [XHS_ERROR.REFRESH_INVALID]: 'TOKEN_EXPIRED',
  [XHS_ERROR.RATE_LIMITED]: 'RATE_LIMITED',
  [XHS_ERROR.ORDER_NOT_FOUND]: 'NOT_FOUND',
};

export const xhsErrorBody = (code: number, msg: string) => ({ error_code: code, error_msg: msg, success: false });

export function xhsError(body: Record<string, unknown>): ChannelError {
  const code = Number(body.error_code);
  const msg = String(body.error_msg ?? body.msg ?? '小红书接口返回错误');
  return new ChannelError(KINDS[code] ?? 'BAD_REQUEST', String(body.error_code ?? ''), `小红书：${msg}`);
}
