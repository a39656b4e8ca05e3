/**
 * The error catalogue: every non-zero errorCode the server sends, with the Chinese message the
 * page shows. SPEC.md section 8 fixes 10000, 10001 and -20; the rest are ours.
 */
export const ErrorCode = {
  OK: 0,
  /** Client-side only: network failure or timeout (SPEC.md section 8). */
  NETWORK: -20,
  /** Client-side only: an earlier identical request was cancelled by an abort flag. */
  TOO_FREQUENT: -21,
  BAD_REQUEST: 400,
  FORBIDDEN: 403,
  API_NOT_FOUND: 404,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SESSION_INVALID: 10000,
  PURCHASER_REQUIRED: 10001,
  LOGIN_FAILED: 11001,
  CAPTCHA_WRONG: 11002,
  LOGIN_LOCKED: 11003,
  ACCOUNT_DISABLED: 11004,
  WRONG_PORTAL: 11005,
  BAD_SIGNATURE: 11006,
  NOT_FOUND: 12001,
  STATE_CONFLICT: 12002,
  INSUFFICIENT_BALANCE: 13001,
  REQUEST_KEY_CONFLICT: 13002,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  [ErrorCode.OK]: '成功',
  [ErrorCode.NETWORK]: '系统异常',
  [ErrorCode.TOO_FREQUENT]: '操作太频繁，请稍后再试',
  [ErrorCode.BAD_REQUEST]: '输入的数据不合法!',
  [ErrorCode.FORBIDDEN]: '没有权限，请联系主账号管理员开通权限',
  [ErrorCode.API_NOT_FOUND]: '接口不存在',
  [ErrorCode.TOO_MANY_REQUESTS]: '请求过于频繁，请稍后再试',
  [ErrorCode.INTERNAL]: '系统异常',
  [ErrorCode.SESSION_INVALID]: '登录已失效，请重新登录',
  [ErrorCode.PURCHASER_REQUIRED]: '进入采购商系统请使用采购商账号登录',
  [ErrorCode.LOGIN_FAILED]: '账号或密码错误',
  [ErrorCode.CAPTCHA_WRONG]: '验证码错误或已过期，请刷新验证码后重试',
  [ErrorCode.LOGIN_LOCKED]: '登录失败次数过多，请15分钟后再试',
  [ErrorCode.ACCOUNT_DISABLED]: '账号已停用，请联系主账号管理员',
  [ErrorCode.WRONG_PORTAL]: '采购商账号请从采购商登录入口登录',
  [ErrorCode.BAD_SIGNATURE]: '请求校验失败，请刷新页面后重试',
  [ErrorCode.NOT_FOUND]: '记录不存在',
  [ErrorCode.STATE_CONFLICT]: '当前状态不允许该操作，请刷新后重试',
  [ErrorCode.INSUFFICIENT_BALANCE]: '可用余额不足，请先充值后再试',
  [ErrorCode.REQUEST_KEY_CONFLICT]: '该请求编号已用于另一笔资金变动，请刷新页面后重试',
};

/** The response envelope of every call (SPEC.md section 7). */
export interface Envelope<T> {
  errorCode: number;
  errorMsg: string;
  data: T;
}
