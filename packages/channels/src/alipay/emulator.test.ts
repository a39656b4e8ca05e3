import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlipayError } from './errors.ts';
import { APP_ID, payThroughCashier, startPair, startReceiver } from './test-helpers.ts';

const SCHEDULE = [40, 40, 40, 40, 40, 40, 40];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function setup(answers: string[]) {
  const pair = await startPair({ notifyRetryScheduleMs: SCHEDULE });
  cleanups.push(() => pair.emu.close());
  const probe = pair.makeClient();
  const receiver = await startReceiver(probe, answers);
  cleanups.push(receiver.close);
  const client = pair.makeClient({ notifyUrl: receiver.url, returnUrl: 'https://shop.example.com/pay/done?from=alipay' });
  return { ...pair, client, receiver };
}

describe('Alipay emulator: page pay, return and async notify', () => {
  it('shows the cashier, pays, redirects signed to return_url and has exactly one notify accepted', async () => {
    const { emu, client, receiver } = await setup(['success']);
    const url = client.pagePayUrl({
      outTradeNo: 'R202601010001',
      totalAmountFen: 1234,
      subject: '余额充值',
      method: 'alipay.trade.page.pay',
      passbackParams: 'tenant=7&kind=充值',
    });
    const { page, html, paid } = await payThroughCashier(emu.url, url);
    expect(page.status).toBe(200);
    expect(html).toContain('收银台');
    expect(html).toContain('支付');
    expect(html).toContain('¥12.34');

    expect(paid.status).toBe(302);
    const back = new URL(paid.headers.get('location') ?? '');
    expect(back.origin + back.pathname).toBe('https://shop.example.com/pay/done');
    const backParams = Object.fromEntries(back.searchParams);
    expect(backParams.method).toBe('alipay.trade.page.pay.return');
    expect(backParams.from).toBe('alipay');
    // Our own query params on return_url are not Alipay's: they must be left out before verifying.
    const { from: _own, ...alipayFields } = backParams;
    expect(client.verifyNotify(backParams)).toBe(false);
    expect(client.verifyNotify(alipayFields)).toBe(true);

    await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 10_000 });
    const { params, verified } = receiver.received[0]!;
    expect(verified).toBe(true);
    expect(params).toMatchObject({ notify_type: 'trade_status_sync', app_id: APP_ID, charset: 'utf-8', version: '1.0', sign_type: 'RSA2' });
    for (const k of ['notify_time', 'notify_id', 'sign', 'trade_no', 'receipt_amount', 'buyer_pay_amount', 'gmt_payment', 'subject'])
      expect(params[k]).toBeTruthy();
    expect(client.parseNotify(params)).toMatchObject({
      outTradeNo: 'R202601010001',
      totalAmountFen: 1234,
      tradeStatus: 'TRADE_SUCCESS',
      passbackParams: 'tenant=7&kind=充值',
      paid: true,
      appId: APP_ID,
    });

    await sleep(SCHEDULE[0]! * 4);
    expect(receiver.received).toHaveLength(1);
    expect(emu.notifyLog().map((a) => a.accepted)).toEqual([true]);
    expect(await client.query('R202601010001')).toMatchObject({ tradeStatus: 'TRADE_SUCCESS', totalAmountFen: 1234 });

    // Pressing 支付 again neither pays twice nor starts a second notify chain.
    await payThroughCashier(emu.url, url);
    await sleep(SCHEDULE[0]! * 2);
    expect(receiver.received).toHaveLength(1);
  });

  it('retries on the schedule until the receiver answers exactly "success"', async () => {
    const { emu, client, receiver } = await setup(['fail', 'fail', 'success']);
    await payThroughCashier(emu.url, client.pagePayUrl({ outTradeNo: 'R2', totalAmountFen: 5, subject: '充值', method: 'alipay.trade.wap.pay' }));
    await vi.waitFor(() => expect(receiver.received).toHaveLength(3), { timeout: 10_000 });
    await sleep(SCHEDULE[0]! * 4);
    expect(receiver.received).toHaveLength(3);
    const log = emu.notifyLog();
    expect(log.map((a) => [a.attempt, a.answer, a.accepted])).toEqual([
      [1, 'fail', false],
      [2, 'fail', false],
      [3, 'success', true],
    ]);
    expect(new Set(log.map((a) => a.notifyId)).size).toBe(1);
  });

  it('gives up after the 8 tries of the schedule', async () => {
    const { emu, client, receiver } = await setup(['success ']);
    await payThroughCashier(emu.url, client.pagePayUrl({ outTradeNo: 'R3', totalAmountFen: 100, subject: '充值', method: 'alipay.trade.page.pay' }));
    await vi.waitFor(() => expect(receiver.received).toHaveLength(8), { timeout: 10_000 });
    await sleep(SCHEDULE[0]! * 3);
    expect(receiver.received).toHaveLength(8);
    expect(emu.notifyLog().every((a) => !a.accepted)).toBe(true);
  });

  it('a notify with a tampered amount or another app_id is refused', async () => {
    const { emu, client, receiver } = await setup(['success']);
    await payThroughCashier(emu.url, client.pagePayUrl({ outTradeNo: 'R4', totalAmountFen: 1234, subject: '充值', method: 'alipay.trade.page.pay' }));
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 10_000 });
    const params = receiver.received[0]!.params;
    const tampered = { ...params, total_amount: '0.01' };
    expect(client.verifyNotify(tampered)).toBe(false);
    expect(() => client.parseNotify(tampered)).toThrow(expect.objectContaining({ kind: 'bad_signature' }));
    expect(() => client.parseNotify(params, { expectedAppId: '2021999999999999' })).toThrow(expect.objectContaining({ kind: 'invalid_notify' }));
    const err = (() => {
      try {
        client.parseNotify(tampered);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AlipayError);
  });

  it('the cashier refuses a tampered URL, a stale timestamp and a foreign app_id', async () => {
    const { emu, makeClient } = await setup(['success']);
    const input = { outTradeNo: 'R5', totalAmountFen: 1234, subject: '充值', method: 'alipay.trade.page.pay' as const };
    const good = new URL(makeClient().pagePayUrl(input));
    good.searchParams.set('biz_content', (good.searchParams.get('biz_content') ?? '').replace('12.34', '0.01'));
    const tampered = await fetch(good);
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain('isv.invalid-signature');

    const stale = await fetch(makeClient({ now: () => new Date(Date.now() - 11 * 60_000) }).pagePayUrl(input));
    expect(await stale.text()).toContain('isv.invalid-timestamp');
    const foreign = await fetch(makeClient({ appId: '2021999999999999' }).pagePayUrl(input));
    expect(await foreign.text()).toContain('isv.invalid-app-id');
    expect(emu.trades()).toHaveLength(0);
  });
});
