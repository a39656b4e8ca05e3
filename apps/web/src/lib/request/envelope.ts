/** The envelope the client resolves with, including the client-side failures of SPEC.md section 8. */
import { CLIENT_ERROR_MESSAGES, type Envelope, ErrorCode } from '@dropship/contract';

export const failure = (errorCode: keyof typeof CLIENT_ERROR_MESSAGES): Envelope<null> => ({
  errorCode,
  errorMsg: CLIENT_ERROR_MESSAGES[errorCode],
  data: null,
});

export const networkFailure = () => failure(ErrorCode.NETWORK);
export const tooFrequent = () => failure(ErrorCode.TOO_FREQUENT);
export const signedOut = () => failure(ErrorCode.SESSION_INVALID);

/** Narrows a resolved envelope to its success shape, so callers read data without a null check. */
export function isOk<T>(res: Envelope<T | null>): res is Envelope<T> {
  return res.errorCode === ErrorCode.OK;
}

/**
 * The catalogue's message for a code answered without one. Loaded then (our server always sends
 * its message), so the page's first load does not carry the whole catalogue (decision 0040).
 */
async function catalogueMessage(code: number): Promise<string | undefined> {
  const { ERROR_MESSAGES } = await import('./error-catalogue.js');
  return ERROR_MESSAGES[code as ErrorCode];
}

/** An answer that is not JSON, or JSON without a numeric errorCode, is a system error (-20). */
export async function parseEnvelope(text: string): Promise<Envelope<unknown>> {
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
  return { errorCode: code, errorMsg: typeof errorMsg === 'string' ? errorMsg : ((await catalogueMessage(code)) ?? ''), data: data ?? null };
}
