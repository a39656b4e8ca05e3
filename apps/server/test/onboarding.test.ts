/**
 * Purchaser onboarding and the operator's organisations console: invite codes (made, listed,
 * revoked, used up, expired, guessed: refused, rate-limited and audited), binding and unbinding
 * (one purchaser per seller, nothing in flight), the operator's purchaser creation, disable /
 * enable (sessions end at once), main password reset, support sign-in, the audit log, bad input
 * in Chinese with nothing changed, and tenant isolation.
 */
import { ErrorCode } from '@dropship/contract';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, createUser } from '../src/modules/auth/accounts.js';
import { organisations, sessions, users } from '../src/modules/auth/auth.table.js';
import { auditLogs, inviteCodes } from '../src/modules/onboarding/onboarding.table.js';
import { sellerPurchasers } from '../src/modules/take-assignment/take-items.table.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, envelope, isChinese, PASSWORD, snapshotCounts } from './support.js';

let t: TestApp;
let purchaser: Session;
let seller: Session;
let operator: Session;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  purchaser = await login(t.app, 'demo_purchaser');
  seller = await login(t.app, 'demo_seller');
  operator = await login(t.app, 'demo_operator');
});
afterAll(() => t?.close());

async function req<T = unknown>(method: 'GET' | 'POST', url: string, session: Session | undefined, payload?: unknown, remoteAddress = '127.0.0.1') {
  const res = (await t.app.inject({
    method,
    url,
    payload: payload as Record<string, unknown>,
    headers: session?.headers() ?? {},
    remoteAddress,
  })) as LightMyRequestResponse;
  return envelope<T>(res);
}
const post = <T = unknown>(url: string, s: Session | undefined, payload: unknown = {}, ip?: string) => req<T>('POST', url, s, payload, ip);
const get = <T = unknown>(url: string, s: Session | undefined) => req<T>('GET', url, s);

let sellerSeq = 0;
async function newSeller() {
  const n = ++sellerSeq;
  const orgId = await createOrganisation(db(), { type: 'seller', name: `新卖家${n}`, source: 'MAIN_WEB' });
  const username = `onboard_seller_${n}`;
  await createUser(db(), { orgId, username, password: PASSWORD, isMain: true });
  return { orgId, session: await login(t.app, username, PASSWORD) };
}

async function invite(maxUses = 1, validDays = 7) {
  const r = await post<{ id: number; code: string; hint: string; status: string }>('/api/b2/purchaser/invite/create', purchaser, { maxUses, validDays });
  expect(r.errorCode, r.errorMsg).toBe(0);
  return r.data;
}

const state = () => snapshotCounts(db(), { organisations, users, inviteCodes, sellerPurchasers, auditLogs });

describe('invite codes', () => {
  it('makes an unguessable code shown once, lists it by its last four characters, and revokes it', async () => {
    const made = await invite(3, 2);
    expect(made.code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
    expect(made).toMatchObject({ hint: made.code.slice(-4), status: 'ACTIVE', maxUses: 3, usedCount: 0 });
    const [row] = await db().select().from(inviteCodes).where(eq(inviteCodes.id, made.id));
    expect(JSON.stringify(row)).not.toContain(made.code);
    const list = await get<{ id: number; hint: string }[]>('/api/b2/purchaser/invite/list', purchaser);
    expect(list.data.find((r) => r.id === made.id)).toMatchObject({ hint: made.code.slice(-4) });
    expect(JSON.stringify(list.data)).not.toContain(made.code);
    const revoked = await post('/api/b2/purchaser/invite/revoke', purchaser, { id: made.id });
    expect(revoked).toMatchObject({ errorCode: 0, data: { status: 'REVOKED' } });
    const { session } = await newSeller();
    expect((await post('/api/b2/purchaserBinding/bind', session, { code: made.code })).errorCode).toBe(ErrorCode.INVITE_CODE_INVALID);
  });

  it('refuses bad input in Chinese and changes nothing', async () => {
    const before = await state();
    const cases: [string, unknown, RegExp][] = [
      ['/api/b2/purchaser/invite/create', { maxUses: 0 }, /可用次数至少1次/],
      ['/api/b2/purchaser/invite/create', { maxUses: 101 }, /可用次数最多100次/],
      ['/api/b2/purchaser/invite/create', { validDays: 31 }, /有效天数最多30天/],
      ['/api/b2/purchaser/invite/create', { maxUses: 1.5 }, /可用次数必须是整数/],
      ['/api/b2/purchaser/invite/revoke', { id: 'x' }, /邀请码编号/],
    ];
    for (const [url, payload, msg] of cases) {
      const r = await post(url, purchaser, payload);
      expect(r.errorCode, JSON.stringify(payload)).toBe(400);
      expect(r.errorMsg).toMatch(msg);
    }
    const bind = await post('/api/b2/purchaserBinding/bind', seller, { code: '' });
    expect(bind).toMatchObject({ errorCode: 400 });
    expect(bind.errorMsg).toMatch(/请输入邀请码/);
    expect(await state()).toEqual(before);
  });

  it('keeps codes to their purchaser: another tenant cannot revoke them, and sellers cannot make them', async () => {
    const made = await invite();
    const otherOrg = await createOrganisation(db(), { type: 'purchaser', name: '另一采购商' });
    await createUser(db(), { orgId: otherOrg, username: 'other_purchaser_inv', password: PASSWORD, isMain: true });
    const other = await login(t.app, 'other_purchaser_inv', PASSWORD);
    const r = await post('/api/b2/purchaser/invite/revoke', other, { id: made.id });
    expect(r.errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await get<{ id: number }[]>('/api/b2/purchaser/invite/list', other)).data).toEqual([]);
    const bySeller = await post('/api/b2/purchaser/invite/create', seller, {});
    expect(bySeller.errorCode).not.toBe(0);
    expect(isChinese(bySeller.errorMsg)).toBe(true);
    const byPurchaser = await post('/api/b2/purchaserBinding/bind', purchaser, { code: made.code });
    expect(byPurchaser.errorCode).not.toBe(0);
    const [row] = await db().select().from(inviteCodes).where(eq(inviteCodes.id, made.id));
    expect(row).toMatchObject({ revokedAt: null, usedCount: 0 });
  });
});

describe('binding a seller to a purchaser', () => {
  it('binds with a code, answers the binding, and counts the use', async () => {
    const made = await invite(2);
    const { orgId, session } = await newSeller();
    expect(await get('/api/b2/purchaserBinding', session)).toMatchObject({ errorCode: 0, data: { bound: false } });
    const r = await post('/api/b2/purchaserBinding/bind', session, { code: made.code.toLowerCase().replace(/(.{4})/g, '$1-') });
    expect(r).toMatchObject({ errorCode: 0, data: { bound: true, purchaserName: '广州白马拿货服务' } });
    const [row] = await db().select().from(sellerPurchasers).where(eq(sellerPurchasers.sellerOrgId, orgId));
    expect(row).toBeDefined();
    const [inv] = await db().select().from(inviteCodes).where(eq(inviteCodes.id, made.id));
    expect(inv?.usedCount).toBe(1);
    const [log] = await db().select().from(auditLogs).where(eq(auditLogs.action, 'invite.bind')).orderBy(sql`id desc`).limit(1);
    expect(log).toMatchObject({ targetOrgId: orgId });
    // One purchaser per seller: a second bind is refused and changes nothing.
    const again = await invite();
    const second = await post('/api/b2/purchaserBinding/bind', session, { code: again.code });
    expect(second.errorCode).toBe(ErrorCode.ALREADY_BOUND);
    expect(second.errorMsg).toMatch(/已绑定采购商「广州白马拿货服务」/);
    const [unused] = await db().select().from(inviteCodes).where(eq(inviteCodes.id, again.id));
    expect(unused?.usedCount).toBe(0);
  });

  it('refuses a used-up, expired or guessed code in Chinese, audits it, and rate-limits guessing', async () => {
    const once = await invite(1);
    const first = await newSeller();
    expect((await post('/api/b2/purchaserBinding/bind', first.session, { code: once.code })).errorCode).toBe(0);
    const { orgId, session } = await newSeller();
    const reused = await post('/api/b2/purchaserBinding/bind', session, { code: once.code }, '10.1.0.1');
    expect(reused).toMatchObject({ errorCode: ErrorCode.INVITE_CODE_INVALID, errorMsg: '邀请码无效、已过期或已用完，请向采购商索取新的邀请码' });

    const old = await invite(5);
    await db().update(inviteCodes).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(inviteCodes.id, old.id));
    expect((await post('/api/b2/purchaserBinding/bind', session, { code: old.code }, '10.1.0.1')).errorCode).toBe(ErrorCode.INVITE_CODE_INVALID);

    for (let i = 0; i < 3; i++) {
      expect((await post('/api/b2/purchaserBinding/bind', session, { code: `GUESS${i}ABCDEFGHJK` }, '10.1.0.1')).errorCode).toBe(ErrorCode.INVITE_CODE_INVALID);
    }
    // Five wrong codes in the hour: even a good code is refused now.
    const good = await invite();
    const locked = await post('/api/b2/purchaserBinding/bind', session, { code: good.code }, '10.1.0.2');
    expect(locked).toMatchObject({ errorCode: ErrorCode.INVITE_TOO_MANY_TRIES, errorMsg: '邀请码错误次数过多，请1小时后再试' });
    expect(await db().select().from(sellerPurchasers).where(eq(sellerPurchasers.sellerOrgId, orgId))).toHaveLength(0);
    const refused = await db().select().from(auditLogs).where(eq(auditLogs.targetOrgId, orgId));
    expect(refused.filter((r) => r.action === 'invite.refused')).toHaveLength(5);
    expect(JSON.stringify(refused)).not.toContain(once.code);
  });

  it('lets one of two racing binds of one single-use code through', async () => {
    const made = await invite(1);
    const a = await newSeller();
    const b = await newSeller();
    const [ra, rb] = await Promise.all([
      post('/api/b2/purchaserBinding/bind', a.session, { code: made.code }),
      post('/api/b2/purchaserBinding/bind', b.session, { code: made.code }),
    ]);
    expect([ra.errorCode, rb.errorCode].sort()).toEqual([0, ErrorCode.INVITE_CODE_INVALID].sort());
    const [inv] = await db().select().from(inviteCodes).where(eq(inviteCodes.id, made.id));
    expect(inv?.usedCount).toBe(1);
  });

  it('unbinds only with nothing in flight, saying what is', async () => {
    // The demo seller has an order waiting for payment.
    const busy = await post('/api/b2/purchaserBinding/unbind', seller);
    expect(busy).toMatchObject({ errorCode: ErrorCode.UNBIND_IN_FLIGHT });
    expect(busy.errorMsg).toMatch(/还有\d+个未完成的代发订单，完成后才能解除绑定/);
    expect(await get('/api/b2/purchaserBinding', seller)).toMatchObject({ data: { bound: true } });

    const made = await invite();
    const { orgId, session } = await newSeller();
    expect((await post('/api/b2/purchaserBinding/unbind', session)).errorCode).toBe(ErrorCode.NOT_BOUND);
    await post('/api/b2/purchaserBinding/bind', session, { code: made.code });
    const r = await post('/api/b2/purchaserBinding/unbind', session);
    expect(r).toMatchObject({ errorCode: 0, data: { bound: false } });
    expect(await db().select().from(sellerPurchasers).where(eq(sellerPurchasers.sellerOrgId, orgId))).toHaveLength(0);
  });
});

describe('the operator console', () => {
  it('creates a purchaser with its main account and a password shown once', async () => {
    const r = await post<{ orgId: number; username: string; initialPassword: string }>('/api/operator/orgs/createPurchaser', operator, {
      name: '杭州四季青拿货',
      warehouseAddress: '浙江省杭州市上城区四季青服装市场仓库',
      marketAreas: ['四季青', '九堡'],
      username: 'sjq_purchaser',
      phone: '13600001111',
    });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.initialPassword).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{12}$/);
    const p = await t.app.inject({
      method: 'POST',
      url: '/api/b2/purchaser/auth/login',
      payload: { username: 'sjq_purchaser', password: r.data.initialPassword },
    });
    expect(p.json().errorCode).toBe(0);
    const detail = await post('/api/operator/orgs/detail', operator, { orgId: r.data.orgId });
    expect(detail).toMatchObject({
      errorCode: 0,
      data: { type: 'purchaser', state: 'ENABLED', mainUsername: 'sjq_purchaser', mainPhone: '136****1111', marketAreas: ['四季青', '九堡'] },
    });
    const [log] = await db().select().from(auditLogs).where(eq(auditLogs.targetOrgId, r.data.orgId));
    expect(log).toMatchObject({ action: 'org.createPurchaser' });
    expect(JSON.stringify(log)).not.toContain(r.data.initialPassword);

    const dup = await post('/api/operator/orgs/createPurchaser', operator, {
      name: '重复',
      warehouseAddress: '某地',
      marketAreas: ['白马'],
      username: 'SJQ_purchaser',
    });
    expect(dup.errorCode).toBe(ErrorCode.STATE_CONFLICT);
    expect(dup.errorMsg).toMatch(/已被使用/);
  });

  it('refuses bad input in Chinese and changes nothing', async () => {
    const before = await state();
    const ok = { name: '某采购商', warehouseAddress: '某地', marketAreas: ['白马'], username: 'some_purchaser' };
    const cases: [string, unknown, RegExp][] = [
      ['/api/operator/orgs/createPurchaser', { ...ok, name: '' }, /请输入采购商名称/],
      ['/api/operator/orgs/createPurchaser', { ...ok, marketAreas: [] }, /请至少填写一个市场区域/],
      ['/api/operator/orgs/createPurchaser', { ...ok, username: 'a b' }, /主账号为4到32位/],
      ['/api/operator/orgs/createPurchaser', { ...ok, password: 'short' }, /密码至少8位/],
      ['/api/operator/orgs/createPurchaser', { ...ok, phone: '123' }, /手机号必须是11位手机号码/],
      ['/api/operator/orgs/state', { orgId: 1, state: 'PAUSED', reason: 'x' }, /状态只能是/],
      ['/api/operator/orgs/state', { orgId: 1, state: 'DISABLED' }, /请输入原因/],
      ['/api/operator/orgs/supportSignIn', { orgId: 1 }, /请输入原因/],
      ['/api/operator/orgs/page', { type: 'operator' }, /组织类型只能是/],
    ];
    for (const [url, payload, msg] of cases) {
      const r = await post(url, operator, payload);
      expect(r.errorCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(r.errorMsg).toMatch(msg);
    }
    // The operator's own organisation is not a tenant here.
    const [op] = await db().select({ id: organisations.id }).from(organisations).where(eq(organisations.type, 'operator'));
    expect((await post('/api/operator/orgs/state', operator, { orgId: op?.id, state: 'DISABLED', reason: '测试' })).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect(await state()).toEqual(before);
  });

  it('refuses every operator call to sellers and purchasers, changing nothing', async () => {
    const before = await state();
    const calls: [string, unknown][] = [
      ['/api/operator/orgs/page', {}],
      ['/api/operator/orgs/detail', { orgId: 1 }],
      ['/api/operator/orgs/createPurchaser', { name: 'x', warehouseAddress: 'x', marketAreas: ['x'], username: 'hack_purchaser' }],
      ['/api/operator/orgs/state', { orgId: 1, state: 'DISABLED', reason: 'x' }],
      ['/api/operator/orgs/resetMainPassword', { orgId: 1 }],
      ['/api/operator/orgs/supportSignIn', { orgId: 1, reason: 'x' }],
      ['/api/operator/auditLog/page', {}],
    ];
    for (const s of [seller, purchaser]) {
      for (const [url, payload] of calls) {
        const r = await post(url, s, payload);
        expect(r.errorCode, url).toBe(ErrorCode.FORBIDDEN);
        expect(isChinese(r.errorMsg)).toBe(true);
      }
    }
    expect(await state()).toEqual(before);
  });

  it('searches organisations by name, main account and phone', async () => {
    const byName = await post<{ total: number; list: { name: string; type: string; mainPhone: string }[] }>('/api/operator/orgs/page', operator, {
      keyword: '小美',
    });
    expect(byName.data.list.map((r) => r.name)).toContain('杭州小美服饰');
    const byPhone = await post<{ list: { name: string; mainPhone: string }[] }>('/api/operator/orgs/page', operator, { keyword: '13812345678' });
    expect(byPhone.data.list).toEqual([expect.objectContaining({ name: '杭州小美服饰', mainPhone: '138****5678' })]);
    const purchasers = await post<{ list: { type: string }[] }>('/api/operator/orgs/page', operator, { type: 'purchaser' });
    expect(purchasers.data.list.every((r) => r.type === 'purchaser')).toBe(true);
    const all = await post<{ list: { type: string }[] }>('/api/operator/orgs/page', operator, {});
    expect(all.data.list.some((r) => r.type === 'operator')).toBe(false);
  });

  it('disables an organisation: its sessions end at once and its sign-in is refused in Chinese; enabling restores it', async () => {
    const { orgId, session } = await newSeller();
    const sub = await createUser(db(), { orgId, username: `sub_of_${orgId}`, password: PASSWORD, isMain: false });
    expect(sub).toBeGreaterThan(0);
    const r = await post('/api/operator/orgs/state', operator, { orgId, state: 'DISABLED', reason: '违规经营' });
    expect(r).toMatchObject({ errorCode: 0, data: { state: 'DISABLED' } });
    const stale = await call(t.app, { url: '/api/b2/user', session });
    expect(stale.json().errorCode).toBe(ErrorCode.SESSION_INVALID);
    const open = await db().select().from(sessions).where(sql`${sessions.orgId} = ${orgId} and ${sessions.revokedAt} is null`);
    expect(open).toHaveLength(0);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: `onboard_seller_${sellerSeq}`, password: PASSWORD } });
    expect(signIn.json()).toMatchObject({ errorCode: ErrorCode.ORG_DISABLED, errorMsg: '该组织已被平台停用，请联系平台客服' });
    expect((await post('/api/operator/orgs/state', operator, { orgId, state: 'DISABLED', reason: '再次' })).errorCode).toBe(ErrorCode.STATE_CONFLICT);
    const support = await post('/api/operator/orgs/supportSignIn', operator, { orgId, reason: '协助' });
    expect(support.errorCode).toBe(ErrorCode.ORG_DISABLED);

    expect((await post('/api/operator/orgs/state', operator, { orgId, state: 'ENABLED', reason: '整改完成' })).errorCode).toBe(0);
    await login(t.app, `onboard_seller_${sellerSeq}`, PASSWORD);
    const logs = await db().select().from(auditLogs).where(eq(auditLogs.targetOrgId, orgId)).orderBy(auditLogs.id);
    expect(logs.map((l) => l.action)).toEqual(['org.disable', 'org.enable']);
    expect(logs[0]?.summary).toMatchObject({ before: { state: 'ENABLED' }, after: { state: 'DISABLED' }, reason: '违规经营' });
  });

  it('resets a main account password, shown once, ending its sessions', async () => {
    const { orgId, session } = await newSeller();
    const r = await post<{ username: string; password: string }>('/api/operator/orgs/resetMainPassword', operator, { orgId });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect((await call(t.app, { url: '/api/b2/user', session })).json().errorCode).toBe(ErrorCode.SESSION_INVALID);
    await login(t.app, r.data.username, r.data.password);
    const [log] = await db().select().from(auditLogs).where(eq(auditLogs.targetOrgId, orgId));
    expect(log).toMatchObject({ action: 'org.resetMainPassword' });
    expect(JSON.stringify(log)).not.toContain(r.data.password);
  });

  it('signs in as support: a session marked with the operator, audited, shown as 支持模式', async () => {
    const { orgId } = await newSeller();
    const r = await post<{ userId: number; userHash: string }>('/api/operator/orgs/supportSignIn', operator, { orgId, reason: '客户来电，协助查看订单' });
    expect(r.errorCode, r.errorMsg).toBe(0);
    const [s] = await db().select().from(sessions).where(eq(sessions.userId, r.data.userId)).orderBy(sql`id desc`).limit(1);
    expect(s?.supportOperatorId).toBe(operator.userId);
    const info = await t.app.inject({ method: 'GET', url: '/api/b2/user', headers: { 'x-token': r.data.userHash, 'x-user-id': String(r.data.userId) } });
    expect(info.json()).toMatchObject({ errorCode: 0, data: { supportMode: true, orgName: `新卖家${sellerSeq}` } });
    const own = await call(t.app, { url: '/api/b2/user', session: seller });
    expect(own.json().data.supportMode).toBeUndefined();

    const page = await post<{ list: { action: string; actionName: string; actor: string; targetOrgName: string; summary: string }[] }>(
      '/api/operator/auditLog/page',
      operator,
      {
        orgId,
      },
    );
    expect(page.data.list[0]).toMatchObject({
      action: 'org.supportSignIn',
      actionName: '支持登录',
      actor: 'demo_operator',
      targetOrgName: `新卖家${sellerSeq}`,
    });
    expect(page.data.list[0]?.summary).toContain('客户来电');
  });
});
