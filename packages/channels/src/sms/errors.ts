/**
 * Failures of the SMS client. `code` is Aliyun's own (isv.BUSINESS_LIMIT_CONTROL,
 * SignatureDoesNotMatch…) when the gateway answered; `kind` is what callers branch on.
 */
export type SmsErrorKind =
  | 'network' // no answer, timeout, HTTP 5xx — retried
  | 'rate_limited' // isv.BUSINESS_LIMIT_CONTROL / isv.DAY_LIMIT_CONTROL: the phone got too many messages
  | 'invalid_phone' // isv.MOBILE_NUMBER_ILLEGAL
  | 'auth' // AccessKey unknown or signature refused: a configuration problem
  | 'rejected' // any other refusal (template, sign name, balance…)
  | 'bad_response';

const MESSAGES: Record<SmsErrorKind, string> = {
  network: '无法连接短信服务，请稍后重试',
  rate_limited: '该手机号接收短信过于频繁，请稍后再试',
  invalid_phone: '手机号格式不正确',
  auth: '短信服务鉴权失败，请检查 AccessKey 配置',
  rejected: '短信服务拒绝发送',
  bad_response: '短信服务应答无法解析',
};

const AUTH_CODES = new Set([
  'SignatureDoesNotMatch',
  'InvalidAccessKeyId.NotFound',
  'InvalidAccessKeyId.Inactive',
  'SignatureNonceUsed',
  'InvalidTimeStamp.Expired',
]);

export class SmsError extends Error {
  override readonly name = 'SmsError';
  constructor(
    readonly kind: SmsErrorKind,
    message: string = MESSAGES[kind],
    readonly details: { code?: string; requestId?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }
  get code() {
    return this.details.code;
  }
  get retryable() {
    return this.kind === 'network';
  }
}

/** Maps an answer whose Code is not OK to our error, keeping Aliyun's message. */
export function errorFromAnswer(answer: { Code?: string; Message?: string; RequestId?: string }): SmsError {
  const code = answer.Code ?? '';
  const details = { code, requestId: answer.RequestId };
  let kind: SmsErrorKind = 'rejected';
  if (code === 'isv.BUSINESS_LIMIT_CONTROL' || code === 'isv.DAY_LIMIT_CONTROL') kind = 'rate_limited';
  else if (code === 'isv.MOBILE_NUMBER_ILLEGAL') kind = 'invalid_phone';
  else if (AUTH_CODES.has(code)) kind = 'auth';
  return new SmsError(kind, `${MESSAGES[kind]}（${code || '?'}${answer.Message ? `：${answer.Message}` : ''}）`, details);
}
