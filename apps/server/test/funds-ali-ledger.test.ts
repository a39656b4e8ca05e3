/**
 * 支付宝分账授权 / 分账记录: bind, verify against Alipay (the emulator), unbind, history, bad input,
 * Alipay's refusal passed on in Chinese with nothing stored, and tenant isolation.
 */
import { ALIPAY_EMULATOR_APP_ID, type AlipayEmulator, alipayRoyalty, createAlipayClient, processTestKeys, startAlipayEmulator } from '@dropship/channels';
import { ErrorCode } from '@dropship/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindRoyalty, type RoyaltyProvider, verifyRoyalty } from '../src/modules/funds/ali-ledger/ali-ledger.service.js';
import { royaltyRelations } from '../src/modules/funds/ali-ledger/ali-ledger.table.js';
import { callers, expectBadRequest } from './funds-records-support.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { createSecondSeller, PASSWORD, snapshotCounts } from './support.js';

let t: TestApp;
let seller: Session;
let other: Session;
let purchaser: Session;
let otherOrg: number;
let emu: AlipayEmulator;
let provider: RoyaltyProvider;
const { get, post, raw } = callers(() => t);
const db = () => t.database.db;

type Relation = { id: number; account: string; name: string; status: string; boundAt: string; unboundAt: string | null };
type AuthState = { current: Relation | null; history: Relation[] };

beforeAll(async () => {
  t = await createTestApp();
  const second = await createSecondSeller(db(), 'al');
  seller = await login(t.app, 'demo_seller');
  other = await login(t.app, second.username, PASSWORD);
  purchaser = await login(t.app, 'demo_purchaser');
  otherOrg = second.orgId;
  // A second emulator that knows its account holders, for Alipay's refusals.
  const app = processTestKeys('app');
  const ali = processTestKeys('alipay');
  emu = await startAlipayEmulator({ appPublicKeyPem: app.publicKeyPem, alipayPrivateKeyPem: ali.privateKeyPem, payees: { '13900001111': '王小二' } });
  const client = createAlipayClient({
    appId: ALIPAY_EMULATOR_APP_ID,
    privateKeyPem: app.privateKeyPem,
    alipayPublicKeyPem: ali.publicKeyPem,
    gateway: emu.url,
    retryDelaysMs: [10, 10],
  });
  provider = async () => alipayRoyalty(client);
});
afterAll(async () => {
  await emu?.close();
  await t?.close();
});

describe('分账授权 through the calls', () => {
  it('starts unbound; binding shows the account masked; Alipay confirms it', async () => {
    expect((await get<AuthState>('/api/b2/funds/aliLedger/auth', seller)).data).toEqual({ current: null, history: [] });
    const bound = await post<Relation>('/api/b2/funds/aliLedger/bind', seller, { account: '13812345678', name: '张小美' });
    expect(bound.errorCode).toBe(0);
    expect(bound.data).toMatchObject({ account: '138****5678', name: '张*美', status: 'BOUND', unboundAt: null });
    const state = await get<AuthState>('/api/b2/funds/aliLedger/auth', seller);
    expect(state.data.current?.id).toBe(bound.data.id);
    expect((await post<{ onAlipay: boolean }>('/api/b2/funds/aliLedger/verify', seller)).data).toMatchObject({ bound: true, onAlipay: true });
  });

  it('refuses a second binding while one is active (13052)', async () => {
    const before = await snapshotCounts(db(), { royaltyRelations });
    const r = await post('/api/b2/funds/aliLedger/bind', seller, { account: 'shop@example.com', name: '杭州小美服饰' });
    expect(r).toEqual({ errorCode: ErrorCode.ROYALTY_ALREADY_BOUND, errorMsg: '已绑定分账账号，如需更换请先解除绑定', data: null });
    expect(await snapshotCounts(db(), { royaltyRelations })).toEqual(before);
  });

  it('another seller sees none of it and cannot unbind it', async () => {
    expect((await get<AuthState>('/api/b2/funds/aliLedger/auth', other)).data).toEqual({ current: null, history: [] });
    expect((await post('/api/b2/funds/aliLedger/unbind', other)).errorCode).toBe(ErrorCode.ROYALTY_NOT_BOUND);
    expect((await post('/api/b2/funds/aliLedger/verify', other)).errorCode).toBe(ErrorCode.ROYALTY_NOT_BOUND);
    expect((await get<AuthState>('/api/b2/funds/aliLedger/auth', seller)).data.current?.status).toBe('BOUND');
  });

  it('unbinds, keeps the history, and binds again', async () => {
    expect((await post('/api/b2/funds/aliLedger/unbind', seller)).errorCode).toBe(0);
    const after = (await get<AuthState>('/api/b2/funds/aliLedger/auth', seller)).data;
    expect(after.current).toBeNull();
    expect(after.history).toMatchObject([{ status: 'UNBOUND', unboundAt: expect.any(String) }]);
    expect((await post('/api/b2/funds/aliLedger/unbind', seller)).errorCode).toBe(ErrorCode.ROYALTY_NOT_BOUND);
    const again = await post<Relation>('/api/b2/funds/aliLedger/bind', seller, { account: 'shop@example.com', name: '杭州小美服饰' });
    expect(again.data).toMatchObject({ account: 'sh***@example.com', status: 'BOUND' });
    expect((await get<AuthState>('/api/b2/funds/aliLedger/auth', seller)).data.history).toHaveLength(2);
  });

  it.each([
    [{ account: '', name: '张三' }, /请输入支付宝账号/],
    [{ account: '12345', name: '张三' }, /支付宝账号应为手机号或邮箱/],
    [{ account: 13812345678, name: '张三' }, /支付宝账号必须是文字/],
    [{ account: `${'a'.repeat(95)}@b.com`, name: '张三' }, /支付宝账号不能超过100个字符/],
    [{ account: '13812345678', name: '  ' }, /请输入真实姓名或企业名称/],
    [{ account: '13812345678' }, /请输入真实姓名或企业名称/],
  ])('bad input %j answers a Chinese 400 and binds nothing', async (payload, message) => {
    const before = await snapshotCounts(db(), { royaltyRelations });
    expectBadRequest(await post('/api/b2/funds/aliLedger/bind', other, payload), message);
    expect(await snapshotCounts(db(), { royaltyRelations })).toEqual(before);
  });

  it('split records: none before a payment splits; exportable; purchasers may not call these', async () => {
    expect((await post('/api/b2/funds/aliLedger/page', seller, { pageNo: 1, pageSize: 20 })).data).toEqual({
      total: 0,
      list: [],
      totals: { successFen: 0, processingFen: 0, failFen: 0, reversedFen: 0 },
    });
    const xlsx = await raw('/api/b2/funds/aliLedger/export', seller, {});
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect((await raw('/api/b2/funds/aliLedger/auth', purchaser)).statusCode).toBe(403);
    expect((await raw('/api/b2/funds/aliLedger/page', purchaser, { pageNo: 1, pageSize: 20 })).statusCode).toBe(403);
  });
});

describe('Alipay refusals', () => {
  it('a name that does not match the account: Alipay says why, in Chinese, and nothing is stored', async () => {
    const before = await snapshotCounts(db(), { royaltyRelations });
    const e = await bindRoyalty(db(), provider, otherOrg, { account: '13900001111', name: '李四' }).catch((x: unknown) => x);
    expect(e).toMatchObject({ errorCode: ErrorCode.ALIPAY_ROYALTY_FAILED, message: '支付宝分账关系处理失败：分账接收方支付宝账号与真实姓名不匹配' });
    expect(await snapshotCounts(db(), { royaltyRelations })).toEqual(before);
    expect(emu.royaltyRelations()).toEqual([]);
  });

  it('verify reports a relation Alipay no longer has', async () => {
    await bindRoyalty(db(), provider, otherOrg, { account: '13900001111', name: '王小二' });
    expect((await verifyRoyalty(db(), provider, otherOrg)).onAlipay).toBe(true);
    // Removed on Alipay's side (e.g. by the merchant in Alipay's own console).
    await (await provider()).unbind({ outRequestNo: 'CONSOLE1', receivers: [{ type: 'loginName', account: '13900001111' }] });
    expect((await verifyRoyalty(db(), provider, otherOrg)).onAlipay).toBe(false);
  });

  it('an unreachable Alipay is a Chinese error, not a 500', async () => {
    emu.setFailure('service_unavailable');
    const e = await verifyRoyalty(db(), provider, otherOrg).catch((x: unknown) => x);
    emu.setFailure(null);
    expect(e).toMatchObject({ errorCode: ErrorCode.ALIPAY_ROYALTY_FAILED, message: expect.stringContaining('支付宝服务暂不可用') });
  });
});
