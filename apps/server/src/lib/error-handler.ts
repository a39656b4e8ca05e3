/**
 * The one place that turns errors into the envelope. A 5xx never leaks its message; fastify's
 * own 4xx (bad JSON, too large, wrong content type) get a Chinese message that says what to do.
 */
import { ERROR_MESSAGES, ErrorCode } from '@dropship/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from './app-error.js';

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求内容不是有效的 JSON，请检查后重试',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求内容为空，请填写后重试',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容过大，请减少数据后重试',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求格式',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求长度不正确',
  FST_ERR_VALIDATION: '输入的数据不合法!',
};

/**
 * An error envelope carries data: null, which the route's 200 response schema (envelopeOf(X))
 * rejects: business errors answered with HTTP 200 (11001, 11006, 12001 …) would otherwise turn
 * into a 500 "Response doesn't match the schema". So errors bypass the route's serializer.
 */
function sendErrorEnvelope(reply: FastifyReply, status: number, errorCode: number, errorMsg: string) {
  return reply.status(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send({ errorCode, errorMsg, data: null });
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      const status = error.errorCode === ErrorCode.BAD_REQUEST ? 400 : error.httpStatus;
      return sendErrorEnvelope(reply, status, error.errorCode, error.message);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const msg = FASTIFY_MESSAGES[error.code] ?? (status === 429 ? ERROR_MESSAGES[ErrorCode.TOO_MANY_REQUESTS] : ERROR_MESSAGES[ErrorCode.BAD_REQUEST]);
      req.log.info({ code: error.code, msg: error.message }, 'client error');
      return sendErrorEnvelope(reply, status, status === 429 ? ErrorCode.TOO_MANY_REQUESTS : ErrorCode.BAD_REQUEST, msg);
    }
    req.log.error({ err: error }, 'unhandled error');
    return sendErrorEnvelope(reply, 500, ErrorCode.INTERNAL, ERROR_MESSAGES[ErrorCode.INTERNAL]);
  });
}
