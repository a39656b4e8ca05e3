/**
 * One error type for everything the Alipay client can fail with. `kind` is what the caller
 * branches on; `message` is Chinese and safe to show a seller (for a business failure it is
 * Alipay's own sub_msg).
 */
export type AlipayErrorKind =
  | 'network' // no answer, connection refused, timeout — retried
  | 'service_unavailable' // 20000 — retried
  | 'missing_param' // 40001
  | 'invalid_param' // 40002 (also invalid app_id / signature / timestamp)
  | 'business' // 40004 — see subCode / subMsg
  | 'insufficient_permission' // 40006
  | 'bad_signature' // the answer's or the notify's signature does not verify
  | 'invalid_notify' // a notify that verifies but does not belong to us or is malformed
  | 'bad_response' // an answer we cannot read
  | 'unknown';

const MESSAGES: Record<AlipayErrorKind, string> = {
  network: '无法连接支付宝网关，请稍后重试',
  service_unavailable: '支付宝服务暂不可用，请稍后重试',
  missing_param: '支付宝请求缺少必选参数',
  invalid_param: '支付宝请求参数非法',
  business: '支付宝业务处理失败',
  insufficient_permission: '支付宝应用权限不足，请检查应用是否已开通该功能',
  bad_signature: '支付宝签名校验失败',
  invalid_notify: '支付宝通知内容无效',
  bad_response: '支付宝应答无法解析',
  unknown: '支付宝返回未知错误',
};

const CODE_KINDS: Record<string, AlipayErrorKind> = {
  '20000': 'service_unavailable',
  '40001': 'missing_param',
  '40002': 'invalid_param',
  '40004': 'business',
  '40006': 'insufficient_permission',
};

export class AlipayError extends Error {
  override readonly name = 'AlipayError';
  constructor(
    readonly kind: AlipayErrorKind,
    message: string = MESSAGES[kind],
    readonly details: { code?: string; subCode?: string; subMsg?: string; method?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }
  get code() {
    return this.details.code;
  }
  get subCode() {
    return this.details.subCode;
  }
  get subMsg() {
    return this.details.subMsg;
  }
  /** Network trouble and 20000 are the only failures worth the same request again. */
  get retryable() {
    return this.kind === 'network' || this.kind === 'service_unavailable';
  }
}

/** Maps a non-10000 gateway answer to our error; a business failure carries Alipay's Chinese sub_msg. */
export function errorFromGateway(method: string, node: { code?: string; msg?: string; sub_code?: string; sub_msg?: string }): AlipayError {
  const kind = CODE_KINDS[node.code ?? ''] ?? 'unknown';
  const details = { code: node.code, subCode: node.sub_code, subMsg: node.sub_msg, method };
  const message = kind === 'business' && node.sub_msg ? node.sub_msg : `${MESSAGES[kind]}（${node.sub_code ?? node.code ?? '?'}）`;
  return new AlipayError(kind, message, details);
}
