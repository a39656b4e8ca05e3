import { ERROR_MESSAGES, ErrorCode } from '@dropship/contract';

/** The one error type: a catalogue code and, when useful, a more precise Chinese message. */
export class AppError extends Error {
  constructor(
    readonly errorCode: ErrorCode,
    message?: string,
    readonly httpStatus = 200,
  ) {
    super(message ?? ERROR_MESSAGES[errorCode]);
  }
}

export const notFound = (what = '记录') => new AppError(ErrorCode.NOT_FOUND, `${what}不存在`);
