import { describe, expect, it } from 'vitest';
import { createAlipayClient } from './client.ts';
import {
  ALIPAY_PRIVATE_KEY,
  ALIPAY_PUBLIC_KEY,
  APP_PRIVATE_KEY_PKCS1,
  APP_PRIVATE_KEY_PKCS8,
  APP_PUBLIC_KEY,
  NOTIFY_PARAMS,
  REQUEST_CONTENT,
  REQUEST_PARAMS,
  REQUEST_SIGN,
} from './fixtures.ts';
import { fenToYuan, yuanToFen } from './money.ts';
import { rawJsonValue } from './response.ts';
import {
  alipayTimestamp,
  loadPrivateKey,
  loadPublicKey,
  parseAlipayTimestamp,
  rsa2Verify,
  signCallbackParams,
  signContent,
  signParams,
  verifyCallbackParams,
} from './sign.ts';

const base64Body = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

describe('Alipay RSA2 signing (frozen vectors)', () => {
  it('builds the sign content: sorted keys, raw values, sign excluded', () => {
    expect(signContent({ ...REQUEST_PARAMS, sign: 'x', empty: '' })).toBe(REQUEST_CONTENT);
  });

  it('signs to the openssl-computed vector with the PKCS#8, PKCS#1 and bare Base64 forms of the key', () => {
    for (const pem of [APP_PRIVATE_KEY_PKCS8, APP_PRIVATE_KEY_PKCS1, base64Body(APP_PRIVATE_KEY_PKCS8), APP_PRIVATE_KEY_PKCS1.replace(/\n/g, '\\n')]) {
      expect(signParams(REQUEST_PARAMS, loadPrivateKey(pem)).sign).toBe(REQUEST_SIGN);
    }
    expect(rsa2Verify(REQUEST_CONTENT, REQUEST_SIGN, loadPublicKey(APP_PUBLIC_KEY))).toBe(true);
    expect(rsa2Verify(REQUEST_CONTENT, REQUEST_SIGN, loadPublicKey(base64Body(APP_PUBLIC_KEY)))).toBe(true);
  });

  it('the client signs a page-pay URL to the same vector', () => {
    const client = createAlipayClient({
      appId: '2021000000000001',
      privateKeyPem: APP_PRIVATE_KEY_PKCS1,
      alipayPublicKeyPem: ALIPAY_PUBLIC_KEY,
      gateway: 'https://openapi.alipay.com/gateway.do',
      notifyUrl: 'https://shop.example.com/api/alipay/notify',
      now: () => new Date('2026-01-01T00:00:00Z'),
    });
    const url = new URL(client.pagePayUrl({ outTradeNo: 'T20260101001', totalAmountFen: 1234, subject: '代发订单充值', method: 'alipay.trade.page.pay' }));
    expect(url.origin + url.pathname).toBe('https://openapi.alipay.com/gateway.do');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toEqual({ ...REQUEST_PARAMS, sign: REQUEST_SIGN });
  });

  it('verifies a notify without sign and sign_type, and rejects any tampered field', () => {
    const key = loadPublicKey(ALIPAY_PUBLIC_KEY);
    expect(verifyCallbackParams(NOTIFY_PARAMS, key)).toBe(true);
    expect(verifyCallbackParams({ ...NOTIFY_PARAMS, sign_type: 'RSA' }, key)).toBe(true);
    expect(verifyCallbackParams({ ...NOTIFY_PARAMS, total_amount: '0.01' }, key)).toBe(false);
    expect(verifyCallbackParams({ ...NOTIFY_PARAMS, out_trade_no: 'T20260101002' }, key)).toBe(false);
    expect(verifyCallbackParams({ ...NOTIFY_PARAMS, extra: '1' }, key)).toBe(false);
    expect(verifyCallbackParams({ ...NOTIFY_PARAMS, sign: 'bm90IGEgc2lnbg==' }, key)).toBe(false);
    expect(verifyCallbackParams({ ...NOTIFY_PARAMS, sign: '' }, key)).toBe(false);
    // Signed with the app key instead of Alipay's: does not verify with Alipay's public key.
    expect(verifyCallbackParams(signCallbackParams(NOTIFY_PARAMS, loadPrivateKey(APP_PRIVATE_KEY_PKCS8)), key)).toBe(false);
    expect(verifyCallbackParams(signCallbackParams(NOTIFY_PARAMS, loadPrivateKey(ALIPAY_PRIVATE_KEY)), key)).toBe(true);
  });

  it('formats and parses timestamps in China time', () => {
    expect(alipayTimestamp(new Date('2025-12-31T16:30:05Z'))).toBe('2026-01-01 00:30:05');
    expect(parseAlipayTimestamp('2026-01-01 00:30:05')?.toISOString()).toBe('2025-12-31T16:30:05.000Z');
    expect(parseAlipayTimestamp('2026-01-01T00:30:05')).toBeNull();
  });

  it('cuts the exact response node text out of the body', () => {
    const body = '{"alipay_trade_query_response":{"code":"10000","msg":"Success","x":"a}\\"{b","n":{"m":1}},"sign":"abc"}';
    expect(rawJsonValue(body, 'alipay_trade_query_response')).toBe('{"code":"10000","msg":"Success","x":"a}\\"{b","n":{"m":1}}');
    expect(rawJsonValue(body, 'missing_response')).toBeNull();
  });
});

describe('fen ⇄ yuan', () => {
  it('converts without floats', () => {
    expect(fenToYuan(1234)).toBe('12.34');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(100)).toBe('1.00');
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(900719925474099)).toBe('9007199254740.99');
    expect(() => fenToYuan(12.5)).toThrow();
    expect(() => fenToYuan(-1)).toThrow();
    expect(yuanToFen('12.34')).toBe(1234);
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('7')).toBe(700);
    expect(yuanToFen('0.29')).toBe(29); // 0.29 * 100 = 28.999999999999996 in floats
    for (const bad of ['', '1.234', '-1', '1e3', ' 1', '01', '1.', '.5', 'NaN']) expect(yuanToFen(bad)).toBeNull();
  });
});
