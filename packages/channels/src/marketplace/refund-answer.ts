/**
 * What every client's answerRefund shares: a refusal without a reason is refused before any call,
 * a platform's refusal (its ChannelError) becomes an outcome instead of a throw, and channels whose
 * platform takes no answers through the API say where to answer instead.
 */
import { ChannelError, type RefundAnswerOutcome, type RefundAnswerRequest } from './types.ts';

export const REFUND_UNANSWERABLE_MESSAGE = '该平台不支持在本系统处理退款，请到平台后台处理';

/** For channels whose platform takes no agree / refuse through the API (ERPs, Weidian). */
export async function refundUnanswerable(): Promise<RefundAnswerOutcome> {
  return { ok: false, message: REFUND_UNANSWERABLE_MESSAGE, retryable: false };
}

/**
 * Runs the platform calls of one answer. `platform` prefixes the messages of failures found here
 * (the platform's own errors carry their prefix already).
 */
export async function answerRefundWith(platform: string, p: RefundAnswerRequest, send: () => Promise<void>): Promise<RefundAnswerOutcome> {
  if (!p.agree && !p.reason?.trim()) return { ok: false, message: `${platform}：拒绝退款需要填写拒绝原因`, retryable: false };
  try {
    await send();
    return { ok: true };
  } catch (e) {
    if (!(e instanceof ChannelError)) throw e;
    return { ok: false, message: e.message, retryable: e.retryable, kind: e.kind };
  }
}

/** A platform answered "success: false" in a 200 envelope: a refusal with its own words. */
export function refusedBy(platform: string, code: string, message: string): ChannelError {
  return new ChannelError('BAD_REQUEST', code, `${platform}：${message || '平台拒绝了该操作'}`);
}
