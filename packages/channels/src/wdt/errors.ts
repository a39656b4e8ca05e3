/**
 * WDT answers `{code: 0, message, …}` or `{code: N, message}` (protocols.md §9; error table of
 * open.wangdian.cn). Code 1 covers key problems, told apart by the message ("app auth fail" /
 * "sid is not exists": the keys no longer work → TOKEN_EXPIRED; "验证失败": signature); 7 bad
 * timestamp; 4/5 database errors; 100 business errors, where the per-minute limits are told by the
 * message ("超过每分钟最大调用频率限制" / "…并发次数限制").
 */
import { ChannelError, type ChannelErrorKind } from '../marketplace/types.ts';

export const WDT_CODE = { OK: 0, AUTH: 1, DB: 4, IP: 6, TIMESTAMP: 7, OTHER: 99, BUSINESS: 100 } as const;
export const WDT_MSG = {
  APP_AUTH_FAIL: 'app auth fail',
  SIGN: '验证失败：签名错误，请检查appkey、appsecret是否正确',
  RATE: '超过每分钟最大调用频率限制，请稍后重试',
  WINDOW: '您的查询时间过宽,查询时间不能大于60分钟',
  NOT_FOUND: '未找到符合条件的订单',
} as const;

export const wdtErrorBody = (code: number, message: string) => ({ code, message });

export function wdtError(body: Record<string, unknown>): ChannelError {
  const code = Number(body.code);
  const message = String(body.message ?? '旺店通接口返回错误');
  let kind: ChannelErrorKind = 'BAD_REQUEST';
  if (code === WDT_CODE.AUTH)
    kind = /app auth fail|sid is not|sid 不存在/i.test(message) ? 'TOKEN_EXPIRED' : /验证失败|sign/i.test(message) ? 'INVALID_SIGNATURE' : 'BAD_REQUEST';
  else if (code === WDT_CODE.DB || code === 5 || code === WDT_CODE.OTHER) kind = 'SERVER_ERROR';
  else if (code === WDT_CODE.BUSINESS && /频率限制|并发次数限制/.test(message)) kind = 'RATE_LIMITED';
  else if (code === WDT_CODE.BUSINESS && /未找到|不存在/.test(message)) kind = 'NOT_FOUND';
  return new ChannelError(kind, String(body.code ?? ''), `旺店通：${message}`);
}
