/**
 * Kuaishou answers `{result: 1, data}` on success and `{result: N, error_msg, code, msg, sub_code,
 * sub_msg}` otherwise (protocols.md §5; the Java SDK sample shows result 2001 with subCode). The
 * business codes 3000xx come from the official 返回码说明 (doc 400074); the gateway codes for an
 * expired token, a bad signature and the QPS limit ("[1017] exceed quota limit", doc K1008) are
 * ⚠ assumptions where the docs only give the message text.
 */
import { ChannelError } from '../marketplace/types.ts';

export const KS_RESULT = {
  OK: 1,
  BUSY: 2,
  /** 鉴权失败 / TOKEN 过期 (doc K0004). */
  TOKEN_INVALID: 24,
  SIGN_INVALID: 25,
  TIMESTAMP_INVALID: 26,
  APP_KEY_INVALID: 28,
  ORDER_NOT_FOUND: 802001,
  QPS_LIMIT: 1017,
  /** APP 日调用额度用完 (seen as sub_code 802006 in public sync code). */
  DAILY_QUOTA: 802006,
  END_BEFORE_BEGIN: 300003,
  RANGE_OVER_7_DAYS: 300004,
  OLDER_THAN_90_DAYS: 300005,
  INVALID_PARAM: 40001,
} as const;

/** The error body the gateway sends (the emulator builds it, the client reads it). */
export function ksErrorBody(result: number, msg: string, subCode = String(result)) {
  return { result, error_msg: msg, code: String(result), msg, sub_code: subCode, sub_msg: msg };
}

const RESULT_KINDS: Record<number, ChannelError['kind']> = {
  [KS_RESULT.BUSY]: 'SERVER_ERROR',
  [KS_RESULT.TOKEN_INVALID]: 'TOKEN_EXPIRED',
  [KS_RESULT.SIGN_INVALID]: 'INVALID_SIGNATURE',
  [KS_RESULT.TIMESTAMP_INVALID]: 'BAD_REQUEST',
  [KS_RESULT.APP_KEY_INVALID]: 'BAD_REQUEST',
  [KS_RESULT.ORDER_NOT_FOUND]: 'NOT_FOUND',
  [KS_RESULT.QPS_LIMIT]: 'RATE_LIMITED',
  [KS_RESULT.DAILY_QUOTA]: 'RATE_LIMITED',
};

/** Maps a non-1 gateway answer to our error kinds; unknown codes are the caller's fault (BAD_REQUEST). */
export function ksError(body: Record<string, unknown>): ChannelError {
  const result = Number(body.result);
  const subCode = String(body.sub_code ?? '');
  const msg = String(body.error_msg ?? body.sub_msg ?? body.msg ?? '快手接口返回错误');
  let kind = RESULT_KINDS[result] ?? RESULT_KINDS[Number(subCode)] ?? 'BAD_REQUEST';
  if (/exceed (qps|quota) limit/i.test(msg)) kind = 'RATE_LIMITED';
  return new ChannelError(kind, String(body.result ?? subCode), `快手：${msg}`);
}

/** OAuth endpoints answer `{result≠1, error, error_msg}`; a dead code or refresh token means re-authorize. */
export function ksOAuthError(body: Record<string, unknown>): ChannelError {
  const error = String(body.error ?? body.result ?? '');
  const msg = String(body.error_msg ?? '快手授权失败');
  const dead = /refreshToken\.(discarded|expired)|invalid_grant|code/i.test(error);
  return new ChannelError(dead ? 'TOKEN_EXPIRED' : 'BAD_REQUEST', error, `快手授权：${msg}`);
}
