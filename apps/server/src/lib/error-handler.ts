/**
 * The one place that turns errors into the envelope. A 5xx never leaks its message; fastify's
 * own 4xx (bad JSON, too large, wrong content type) get a Chinese message that says what to do.
 */

import type { Socket } from 'node:net';
import { ERROR_MESSAGES, ErrorCode } from '@dropship/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { AppError } from './app-error.js';

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求内容不是有效的 JSON，请检查后重试',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求内容为空，请填写后重试',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容过大，请减少数据后重试',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求格式',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求长度不正确',
  FST_ERR_CTP_INVALID_TYPE: '请求格式不正确，请以 JSON 提交',
  FST_ERR_VALIDATION: '输入的数据不合法!',
  FST_ERR_BAD_URL: '请求地址不正确，请检查链接后重试',
  FST_ERR_MAX_PARAM_LENGTH: '请求地址过长，请检查链接后重试',
  FST_ERR_ASYNC_CONSTRAINT: '请求地址不正确，请检查链接后重试',
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

/**
 * Errors the router raises before any route (and so before the error handler): a malformed
 * percent-encoding, a path parameter over the length limit. The same envelope, their own status.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, req: FastifyRequest, reply: FastifyReply) => {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  req.log.info({ code: error.code }, 'client error');
  return sendErrorEnvelope(reply, status, ErrorCode.BAD_REQUEST, FASTIFY_MESSAGES[error.code] ?? ERROR_MESSAGES[ErrorCode.BAD_REQUEST]);
};

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, '请求头或地址过长，请缩短链接或清理浏览器缓存后重试'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, '请求超时，请稍后重试'],
};

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (headers or URL too long, a
 * malformed request line): answered on the raw socket, in the envelope like everything else.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, errorMsg] = CLIENT_ERRORS[err.code ?? ''] ?? [400, '请求格式不正确'];
  const body = JSON.stringify({ errorCode: ErrorCode.BAD_REQUEST, errorMsg, data: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
