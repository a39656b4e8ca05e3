import { afterEach, describe, expect, it } from 'vitest';
import { AlipayError } from './errors.ts';
import { alipayRoyalty } from './royalty.ts';
import { startPair } from './test-helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function setup(payees?: Record<string, string>) {
  const pair = await startPair(payees ? { payees } : {});
  cleanups.push(() => pair.emu.close());
  return { ...pair, royalty: alipayRoyalty(pair.makeClient()) };
}

const seller = { type: 'loginName' as const, account: '13812345678', name: '张小美', memo: '代发助手分账' };

async function errorOf(p: Promise<unknown>): Promise<AlipayError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  if (!(e instanceof AlipayError)) throw new Error(`expected an AlipayError, got ${String(e)}`);
  return e;
}

describe('alipay.trade.royalty.relation.* against the emulator', () => {
  it('binds, lists, and unbinds a logon-id receiver', async () => {
    const { emu, royalty } = await setup();
    await royalty.bind({ outRequestNo: 'B20260101001', receivers: [seller] });
    expect(emu.royaltyRelations()).toEqual([{ ...seller, bindLoginName: seller.account }]);
    const page = await royalty.batchQuery({ outRequestNo: 'Q20260101001' });
    expect(page).toMatchObject({ totalRecords: 1, totalPages: 1, pageNum: 1, pageSize: 20 });
    expect(page.relations).toEqual([
      { type: 'loginName', account: seller.account, memo: seller.memo, loginName: seller.account, bindLoginName: seller.account },
    ]);
    await royalty.unbind({ outRequestNo: 'U20260101001', receivers: [{ type: 'loginName', account: seller.account }] });
    expect(emu.royaltyRelations()).toEqual([]);
    expect((await royalty.batchQuery({ outRequestNo: 'Q20260101002' })).relations).toEqual([]);
  });

  it('pages the relation set', async () => {
    const { royalty } = await setup();
    const receivers = Array.from({ length: 5 }, (_, i) => ({ type: 'userId' as const, account: `208810000000000${i}` }));
    await royalty.bind({ outRequestNo: 'B5', receivers });
    const second = await royalty.batchQuery({ outRequestNo: 'Q5', pageNum: 2, pageSize: 2 });
    expect(second).toMatchObject({ totalRecords: 5, totalPages: 3, pageNum: 2, pageSize: 2 });
    expect(second.relations.map((r) => r.account)).toEqual(['2088100000000002', '2088100000000003']);
  });

  it('answers the same out_request_no twice as one change, and refuses it for another change', async () => {
    const { emu, royalty } = await setup();
    await royalty.bind({ outRequestNo: 'SAME_1', receivers: [seller] });
    await royalty.bind({ outRequestNo: 'SAME_1', receivers: [seller] });
    expect(emu.royaltyRelations()).toHaveLength(1);
    const e = await errorOf(royalty.bind({ outRequestNo: 'SAME_1', receivers: [{ ...seller, account: 'other@example.com' }] }));
    expect(e).toMatchObject({ kind: 'business', subCode: 'ACQ.INVALID_PARAMETER', message: '外部请求号重复，请更换后重试' });
    expect(emu.royaltyRelations()).toHaveLength(1);
  });

  it("checks a logon id's real name when the emulator knows the account holders", async () => {
    const { emu, royalty } = await setup({ '13812345678': '张小美' });
    const wrongName = await errorOf(royalty.bind({ outRequestNo: 'N1', receivers: [{ ...seller, name: '李四' }] }));
    expect(wrongName).toMatchObject({ kind: 'business', message: '分账接收方支付宝账号与真实姓名不匹配' });
    const unknown = await errorOf(royalty.bind({ outRequestNo: 'N2', receivers: [{ ...seller, account: 'nobody@example.com' }] }));
    expect(unknown.message).toBe('分账接收方支付宝账号不存在');
    expect(emu.royaltyRelations()).toEqual([]);
    await royalty.bind({ outRequestNo: 'N3', receivers: [seller] });
    expect(emu.royaltyRelations()).toHaveLength(1);
  });

  it('refuses bad input before calling the gateway', async () => {
    const { royalty, gatewayCalls } = await setup();
    await expect(royalty.bind({ outRequestNo: 'has space', receivers: [seller] })).rejects.toThrow('外部请求号');
    await expect(royalty.bind({ outRequestNo: 'X'.repeat(33), receivers: [seller] })).rejects.toThrow('外部请求号');
    await expect(royalty.bind({ outRequestNo: 'OK1', receivers: [] })).rejects.toThrow('分账接收方须为1到20个');
    await expect(royalty.bind({ outRequestNo: 'OK1', receivers: Array(21).fill(seller) })).rejects.toThrow('分账接收方须为1到20个');
    await expect(royalty.bind({ outRequestNo: 'OK1', receivers: [{ type: 'loginName', account: 'a@b.cn' }] })).rejects.toThrow('真实姓名');
    await expect(royalty.batchQuery({ outRequestNo: 'OK1', pageSize: 101 })).rejects.toThrow('每页条数');
    expect(gatewayCalls()).toBe(0);
  });

  it("the emulator refuses malformed receivers the way Alipay does (the client's checks bypassed)", async () => {
    const { makeClient } = await setup();
    const client = makeClient();
    const bind = (biz: Record<string, unknown>) => errorOf(client.execute('alipay.trade.royalty.relation.bind', biz));
    expect(await bind({ out_request_no: 'R1' })).toMatchObject({ kind: 'invalid_param', subCode: 'isv.invalid-parameter' });
    expect(await bind({ out_request_no: 'R1', receiver_list: [{ type: 'email', account: 'a@b.cn' }] })).toMatchObject({ kind: 'invalid_param' });
    expect(await bind({ out_request_no: 'R1', receiver_list: [{ type: 'userId', account: '123' }] })).toMatchObject({ subCode: 'ACQ.INVALID_PARAMETER' });
    expect(await bind({ out_request_no: 'R1', receiver_list: [{ type: 'loginName', account: 'a@b.cn' }] })).toMatchObject({
      message: '分账方类型为支付宝登录号时，真实姓名必填',
    });
  });

  it('retries 20000 and surfaces a forged answer signature', async () => {
    const { emu, royalty, gatewayCalls, resetCalls } = await setup();
    emu.setFailure('service_unavailable', { times: 1 });
    await royalty.bind({ outRequestNo: 'RETRY1', receivers: [seller] });
    expect(gatewayCalls()).toBe(2);
    resetCalls();
    emu.setFailure('bad_signature', { times: 1 });
    expect((await errorOf(royalty.batchQuery({ outRequestNo: 'SIG1' }))).kind).toBe('bad_signature');
    emu.setFailure('insufficient_permission', { times: 1 });
    expect((await errorOf(royalty.unbind({ outRequestNo: 'PERM1', receivers: [seller] }))).kind).toBe('insufficient_permission');
    expect(emu.royaltyRelations()).toHaveLength(1);
  });
});
