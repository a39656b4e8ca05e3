import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AlipayError } from './errors.ts';
import { alipayRoyalty } from './royalty.ts';
import { payThroughCashier, startPair } from './test-helpers.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const seller = { type: 'loginName' as const, account: '13812345678', name: '张小美' };

async function paidTrade(stateFile?: string) {
  const pair = await startPair(stateFile ? { stateFile } : {});
  cleanups.push(() => pair.emu.close());
  const client = pair.makeClient();
  const royalty = alipayRoyalty(client);
  const payUrl = client.pagePayUrl({ method: 'alipay.trade.page.pay', outTradeNo: `DP${Date.now()}`, totalAmountFen: 10_000, subject: '代发订单' });
  await payThroughCashier(pair.emu.url, payUrl);
  const trade = pair.emu.trades()[0];
  if (!trade) throw new Error('no trade');
  return { ...pair, client, royalty, trade };
}

async function errorOf(p: Promise<unknown>): Promise<AlipayError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  if (!(e instanceof AlipayError)) throw new Error(`expected an AlipayError, got ${String(e)}`);
  return e;
}

describe('alipay.trade.order.settle against the emulator', () => {
  it('splits a paid trade to a bound receiver once per out_request_no, and reports it', async () => {
    const { emu, royalty, trade } = await paidTrade();
    await royalty.bind({ outRequestNo: 'B1', receivers: [seller] });
    const input = { outRequestNo: `ST${trade.outTradeNo}`, tradeNo: trade.tradeNo, splits: [{ account: seller.account, amountFen: 600 }] };
    const first = await royalty.settle(input);
    expect(first.settleNo).toMatch(/^\d+$/);
    expect(await royalty.settle(input)).toEqual(first);
    expect(emu.settlements()).toHaveLength(1);
    expect(await royalty.settleQuery({ outRequestNo: input.outRequestNo, tradeNo: trade.tradeNo })).toEqual([
      { account: seller.account, amountFen: 600, state: 'SUCCESS', errorDesc: undefined },
    ]);
    // The same number for another amount is refused.
    expect((await errorOf(royalty.settle({ ...input, splits: [{ account: seller.account, amountFen: 700 }] }))).message).toContain('外部请求号重复');
  });

  it('refuses a receiver outside the relation set and more than the trade', async () => {
    const { royalty, trade } = await paidTrade();
    const e = await errorOf(royalty.settle({ outRequestNo: 'S1', tradeNo: trade.tradeNo, splits: [{ account: seller.account, amountFen: 100 }] }));
    expect(e.message).toContain('未绑定分账关系');
    await royalty.bind({ outRequestNo: 'B1', receivers: [seller] });
    const over = await errorOf(royalty.settle({ outRequestNo: 'S2', tradeNo: trade.tradeNo, splits: [{ account: seller.account, amountFen: 10_001 }] }));
    expect(over.message).toContain('超过交易可分账金额');
  });

  it('fails or delays on command', async () => {
    const { emu, royalty, trade } = await paidTrade();
    await royalty.bind({ outRequestNo: 'B1', receivers: [seller] });
    const input = { outRequestNo: 'S1', tradeNo: trade.tradeNo, splits: [{ account: seller.account, amountFen: 100 }] };
    emu.setSettleFault('fail', { times: 3 });
    expect((await errorOf(royalty.settle(input))).kind).toBe('service_unavailable');
    expect(emu.settlements()).toEqual([]);
    emu.setSettleFault('delay', { times: 1 });
    await royalty.settle(input);
    expect((await royalty.settleQuery(input))[0]?.state).toBe('PROCESSING');
    expect((await royalty.settleQuery(input))[0]?.state).toBe('SUCCESS');
  });

  it('a refund with refund_royalty_parameters takes the split back first', async () => {
    const { emu, royalty, trade } = await paidTrade();
    await royalty.bind({ outRequestNo: 'B1', receivers: [seller] });
    await royalty.settle({ outRequestNo: 'S1', tradeNo: trade.tradeNo, splits: [{ account: seller.account, amountFen: 600 }] });
    const back = { outTradeNo: trade.outTradeNo, outRequestNo: 'RR1', refundAmountFen: 600, splits: [{ account: seller.account, amountFen: 600 }] };
    const tooMuch = await errorOf(royalty.refundSplit({ ...back, outRequestNo: 'RR0', splits: [{ account: seller.account, amountFen: 601 }] }));
    expect(tooMuch.message).toContain('退分账金额超过');
    expect(await royalty.refundSplit(back)).toEqual({ fundChange: true });
    expect(await royalty.refundSplit(back)).toEqual({ fundChange: false });
    expect(emu.settlements()[0]?.reversedFen).toEqual({ [seller.account]: 600 });
    expect(emu.trades()[0]?.refundedFen).toBe(600);
  });

  it('keeps relations and settlements across a restart in its state file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'alipay-emu-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const stateFile = join(dir, 'state.json');
    const first = await paidTrade(stateFile);
    await first.royalty.bind({ outRequestNo: 'B1', receivers: [seller] });
    await first.royalty.settle({ outRequestNo: 'S1', tradeNo: first.trade.tradeNo, splits: [{ account: seller.account, amountFen: 100 }] });
    await first.emu.close();
    const again = await startPair({ stateFile });
    cleanups.push(() => again.emu.close());
    expect(again.emu.royaltyRelations().map((r) => r.account)).toEqual([seller.account]);
    expect(again.emu.settlements().map((s) => s.outRequestNo)).toEqual(['S1']);
  });
});
