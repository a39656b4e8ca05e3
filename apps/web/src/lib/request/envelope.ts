/** The envelope the client resolves with, including the client-side failures of SPEC.md section 8. */
import { type Envelope, ERROR_MESSAGES, ErrorCode } from '@dropship/contract';

export const failure = (errorCode: ErrorCode): Envelope<null> => ({ errorCode, errorMsg: ERROR_MESSAGES[errorCode], data: null });

export const networkFailure = () => failure(ErrorCode.NETWORK);
export const tooFrequent = () => failure(ErrorCode.TOO_FREQUENT);
export const signedOut = () => failure(ErrorCode.SESSION_INVALID);

/** Narrows a resolved envelope to its success shape, so callers read data without a null check. */
export function isOk<T>(res: Envelope<T | null>): res is Envelope<T> {
  return res.errorCode === ErrorCode.OK;
}

/** An answer that is not JSON, or JSON without a numeric errorCode, is a system error (-20). */
export function parseEnvelope(text: string): Envelope<unknown> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return networkFailure();
  }
  if (body === null || typeof body !== 'object') return networkFailure();
  const { errorCode, errorMsg, data } = body as Record<string, unknown>;
  const code = typeof errorCode === 'string' && /^-?\d+$/.test(errorCode) ? Number(errorCode) : errorCode;
  if (typeof code !== 'number' || !Number.isFinite(code)) return networkFailure();
  const known = ERROR_MESSAGES[code as ErrorCode] as string | undefined;
  return { errorCode: code, errorMsg: typeof errorMsg === 'string' ? errorMsg : (known ?? ''), data: data ?? null };
}
