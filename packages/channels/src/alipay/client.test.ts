import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlipayClient } from './client.ts';
import type { AlipayEmulator } from './emulator.ts';
import { AlipayError } from './errors.ts';
import { loadPublicKey, rsa2Verify, signContent } from './sign.ts';
import { payThroughCashier, startPair } from './test-helpers.ts';

let emu: AlipayEmulator;
let client: AlipayClient;
let pair: Awaited<ReturnType<typeof startPair>>;
beforeAll(async () => {
  pair = await startPair({ payees: { 'seller@example.com': '张三' } });
  emu = pair.emu;
  client = pair.makeClient();
});
afterAll(() => emu.close());

async function paidTrade(outTradeNo: string, totalAmountFen: number) {
  await payThroughCashier(emu.url, client.pagePayUrl({ outTradeNo, totalAmountFen, subject: '代发订单', method: 'alipay.trade.page.pay' }));
}

async function failure(p: Promise<unknown>): Promise<AlipayError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AlipayError);
  return e as AlipayError;
}

describe('Alipay client against the emulator gateway', () => {
  it('query: a paid trade, and 40004 ACQ.TRADE_NOT_EXIST for an unknown one', async () => {
    await paidTrade('Q1', 1999);
    expect(await client.query('Q1')).toMatchObject({ outTradeNo: 'Q1', tradeStatus: 'TRADE_SUCCESS', totalAmountFen: 1999 });
    const e = await failure(client.query('NOPE'));
    expect([e.kind, e.code, e.subCode, e.message]).toEqual(['business', '40004', 'ACQ.TRADE_NOT_EXIST', '交易不存在']);
  });

  it('refund is idempotent by out_request_no and never exceeds the trade', async () => {
    await paidTrade('F1', 1234);
    expect(await client.refund({ outTradeNo: 'F1', refundAmountFen: 500, outRequestNo: 'F1-1' })).toMatchObject({ fundChange: true, refundFeeFen: 500 });
    expect(await client.refund({ outTradeNo: 'F1', refundAmountFen: 500, outRequestNo: 'F1-1' })).toMatchObject({ fundChange: false, refundFeeFen: 500 });
    expect((await failure(client.refund({ outTradeNo: 'F1', refundAmountFen: 800, outRequestNo: 'F1-2' }))).message).toBe('退款金额超限');
    expect(await client.refund({ outTradeNo: 'F1', refundAmountFen: 734, outRequestNo: 'F1-2' })).toMatchObject({ fundChange: true, refundFeeFen: 1234 });
    expect(emu.trades().find((t) => t.outTradeNo === 'F1')).toMatchObject({ status: 'TRADE_CLOSED', refundedFen: 1234 });
    expect((await failure(client.refund({ outTradeNo: 'F1', refundAmountFen: 1, outRequestNo: 'F1-3' }))).subCode).toBe('ACQ.TRADE_STATUS_ERROR');
  });

  it('transfer: success (idempotent by out_biz_no) and 40004 surfaced with Alipay’s Chinese message', async () => {
    const ok = await client.transfer({ outBizNo: 'W1', amountFen: 10050, payeeAccount: 'seller@example.com', payeeName: '张三' });
    expect(ok).toMatchObject({ outBizNo: 'W1', status: 'SUCCESS' });
    expect(ok.orderId).toMatch(/^\d+$/);
    expect((await client.transfer({ outBizNo: 'W1', amountFen: 10050, payeeAccount: 'seller@example.com', payeeName: '张三' })).orderId).toBe(ok.orderId);
    expect(emu.transfers()).toHaveLength(1);
    expect(emu.transfers()[0]).toMatchObject({ amountFen: 10050, payeeName: '张三' });

    const e = await failure(client.transfer({ outBizNo: 'W2', amountFen: 10050, payeeAccount: 'seller@example.com', payeeName: '李四' }));
    expect([e.kind, e.code, e.subCode, e.message]).toEqual(['business', '40004', 'PAYEE_USER_INFO_ERROR', '支付宝账号和姓名不匹配，请确认姓名是否正确']);
    expect((await failure(client.transfer({ outBizNo: 'W3', amountFen: 9, payeeAccount: 'seller@example.com', payeeName: '张三' }))).subCode).toBe(
      'EXCEED_LIMIT_SM_MIN_AMOUNT',
    );
  });

  it('20000 is retried with backoff and then succeeds; three in a row give up', async () => {
    await paidTrade('S1', 100);
    emu.setFailure('service_unavailable', { times: 2 });
    pair.resetCalls();
    expect(await client.query('S1')).toMatchObject({ tradeStatus: 'TRADE_SUCCESS' });
    expect(pair.gatewayCalls()).toBe(3);

    emu.setFailure('service_unavailable', { times: 3 });
    pair.resetCalls();
    const e = await failure(client.query('S1'));
    expect([e.kind, e.code, e.message]).toEqual(['service_unavailable', '20000', '支付宝服务暂不可用，请稍后重试（isp.unknow-error）']);
    expect(pair.gatewayCalls()).toBe(3);
  });

  it('a slow gateway times out and is retried; the refund still moves money once', async () => {
    await paidTrade('S2', 300);
    // The retry's own round trip (four RSA steps) must fit in the timeout on a loaded machine: 1 s, against a 3 s stall.
    const impatient = pair.makeClient({ timeoutMs: 1000 });
    emu.setFailure('slow', { times: 1, delayMs: 3000 });
    pair.resetCalls();
    expect(await impatient.refund({ outTradeNo: 'S2', refundAmountFen: 100, outRequestNo: 'S2-1' })).toMatchObject({ refundFeeFen: 100 });
    expect(pair.gatewayCalls()).toBe(2);
    await new Promise((r) => setTimeout(r, 2500));
    expect(emu.trades().find((t) => t.outTradeNo === 'S2')?.refundedFen).toBe(100);
  });

  it('a wrongly signed answer, 40006 and an unknown key are not retried', async () => {
    await paidTrade('S3', 100);
    emu.setFailure('bad_signature', { times: 1 });
    pair.resetCalls();
    expect((await failure(client.query('S3'))).kind).toBe('bad_signature');
    expect(pair.gatewayCalls()).toBe(1);

    emu.setFailure('insufficient_permission', { times: 1 });
    const perm = await failure(client.transfer({ outBizNo: 'W9', amountFen: 100, payeeAccount: 'seller@example.com', payeeName: '张三' }));
    expect([perm.kind, perm.code]).toEqual(['insufficient_permission', '40006']);
    expect(perm.message).toMatch(/^支付宝应用权限不足/);

    const stranger = pair.makeClient({ appId: '2021999999999999' });
    const e = await failure(stranger.query('S3'));
    expect([e.kind, e.subCode]).toEqual(['invalid_param', 'isv.invalid-app-id']);
  });

  it('network errors are retried at most 3 times', async () => {
    let calls = 0;
    const offline = pair.makeClient({
      fetch: () => {
        calls++;
        return Promise.reject(new TypeError('fetch failed'));
      },
    });
    const e = await failure(offline.query('S1'));
    expect([e.kind, e.message, calls]).toEqual(['network', '无法连接支付宝网关，请稍后重试', 3]);
  });

  it('app pay: a signed order string for the Alipay app SDK', () => {
    const order = new URLSearchParams(
      pair.makeClient({ notifyUrl: 'https://shop.example.com/n' }).appPayOrderString({ outTradeNo: 'A1', totalAmountFen: 1, subject: '充值' }),
    );
    const params = Object.fromEntries(order);
    expect(params.method).toBe('alipay.trade.app.pay');
    expect(JSON.parse(params.biz_content ?? '{}')).toEqual({ out_trade_no: 'A1', total_amount: '0.01', subject: '充值', product_code: 'QUICK_MSECURITY_PAY' });
    expect(rsa2Verify(signContent(params), params.sign ?? '', loadPublicKey(pair.appPublicKeyPem))).toBe(true);
  });
});
