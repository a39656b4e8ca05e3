import { ERROR_MESSAGES, ErrorCode } from '@dropship/contract';
import { describe, expect, it } from 'vitest';
import { parseEnvelope } from './envelope.js';

describe('parseEnvelope', () => {
  it("keeps the server's message and takes the catalogue's (loaded then) for an answer without one", async () => {
    expect(await parseEnvelope('{"errorCode":0,"errorMsg":"成功","data":{"a":1}}')).toEqual({ errorCode: 0, errorMsg: '成功', data: { a: 1 } });
    expect(await parseEnvelope(`{"errorCode":${ErrorCode.NOT_FOUND}}`)).toEqual({
      errorCode: ErrorCode.NOT_FOUND,
      errorMsg: ERROR_MESSAGES[ErrorCode.NOT_FOUND],
      data: null,
    });
    expect(ERROR_MESSAGES[ErrorCode.NOT_FOUND]).not.toBe('');
    expect(await parseEnvelope('{"errorCode":"10000","errorMsg":"登录已失效"}')).toEqual({ errorCode: 10000, errorMsg: '登录已失效', data: null });
    // A code the catalogue does not know, without a message: an empty one.
    expect(await parseEnvelope('{"errorCode":99999}')).toEqual({ errorCode: 99999, errorMsg: '', data: null });
  });

  it('answers -20 for what is not an envelope', async () => {
    const network = { errorCode: -20, errorMsg: '系统异常', data: null };
    for (const text of ['<html>', 'null', '"x"', '{"errorCode":"abc"}', '{}']) expect(await parseEnvelope(text)).toEqual(network);
  });
});
