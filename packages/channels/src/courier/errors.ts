/**
 * Failures of the Kuaidi100 client. `returnCode` is Kuaidi100's own when it answered; `kind` is what
 * callers branch on. Kuaidi100's specific returnCode values are not verified against its documents
 * (protocols.md §11 ⚠): the mapping keys on the ones its demos and public answers show.
 */
export type CourierErrorKind =
  | 'network' // no answer, timeout, HTTP 5xx, or Kuaidi100 says "busy, try later" — retryable
  | 'auth' // customer/key unknown, signature refused, account out of quota
  | 'no_result' // tracking: nothing known yet for this number (normal right after pick-up)
  | 'bad_request' // a field Kuaidi100 refuses (unknown company, bad number, missing receiver)
  | 'rejected' // the courier refused to issue a waybill (no account, out of waybill stock)
  | 'bad_response';

const MESSAGES: Record<CourierErrorKind, string> = {
  network: '无法连接快递100，请稍后重试',
  auth: '快递100鉴权失败，请检查 KUAIDI100_CUSTOMER / KUAIDI100_KEY / KUAIDI100_SECRET 配置',
  no_result: '暂无物流信息，请稍后再查',
  bad_request: '快递100拒绝了请求参数',
  rejected: '快递公司拒绝出单',
  bad_response: '快递100应答无法解析',
};

export class CourierError extends Error {
  override readonly name = 'CourierError';
  constructor(
    readonly kind: CourierErrorKind,
    message: string = MESSAGES[kind],
    readonly returnCode?: string,
  ) {
    super(message);
  }
  get retryable() {
    return this.kind === 'network';
  }
}

const AUTH_CODES = new Set(['503', '601', '40001', '40002']);
const NETWORK_CODES = new Set(['502', '500500', '30002']);

/** Maps a refusal `{returnCode|code, message}` to our error, keeping Kuaidi100's message. */
export function errorFromAnswer(code: string, message: string | undefined, context: 'query' | 'label'): CourierError {
  let kind: CourierErrorKind = context === 'label' ? 'rejected' : 'bad_request';
  if (AUTH_CODES.has(code)) kind = 'auth';
  else if (NETWORK_CODES.has(code)) kind = 'network';
  else if (context === 'query' && code === '500') kind = 'no_result';
  else if (code === '400') kind = 'bad_request';
  return new CourierError(kind, `${MESSAGES[kind]}（${code}${message ? `：${message}` : ''}）`, code);
}
