/**
 * The operator console is its own audience: operators call only the console's calls (and who-am-I),
 * sellers and purchasers never reach the console, and an operator sub-account reaches only what its
 * role (管理员 / 财务 / 客服) grants. Every refusal is Chinese, changes nothing and is logged.
 */
import { OPERATOR_ROLES, permissionTree } from '@dropship/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRole, denialsOfUser } from '../src/modules/account-permission/index.js';
import { createUser } from '../src/modules/auth/accounts.js';
import { users } from '../src/modules/auth/auth.table.js';
import { announcements } from '../src/modules/notices/notices.table.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, envelope, isChinese, PASSWORD, rowCount } from './support.js';

let t: TestApp;
let seller: Session;
let purchaser: Session;
let operator: Session;
let finance: Session;
let support: Session;

const announcement = {
  title: '春节放假通知',
  content: '<p>2月1日至2月7日暂停拿货</p>',
  audience: 'ALL',
  publishAt: new Date(Date.now() - 60_000).toISOString(),
};

beforeAll(async () => {
  t = await createTestApp();
  seller = await login(t.app, 'demo_seller');
  purchaser = await login(t.app, 'demo_purchaser');
  operator = await login(t.app, 'demo_operator');
  const [op] = await t.database.db.select({ orgId: users.orgId }).from(users).where(eq(users.username, 'demo_operator'));
  const orgId = op?.orgId as number;
  const financeId = await createUser(t.database.db, { orgId, username: 'op_finance', password: PASSWORD, isMain: false });
  const supportId = await createUser(t.database.db, { orgId, username: 'op_support', password: PASSWORD, isMain: false });
  await createRole(t.database.db, orgId, '财务（测试）', OPERATOR_ROLES.finance.codes, [financeId]);
  await createRole(t.database.db, orgId, '客服（测试）', OPERATOR_ROLES.support.codes, [supportId]);
  finance = await login(t.app, 'op_finance', PASSWORD);
  support = await login(t.app, 'op_support', PASSWORD);
});
afterAll(() => t?.close());

const post = (url: string, session: Session, payload: object = { pageNo: 1, pageSize: 10 }) => call(t.app, { method: 'POST', url, session, payload });

describe('operator audience', () => {
  it("the operator's user info says operator and its menu tree holds only console pages", async () => {
    const info = envelope<{ orgType: string }>(await call(t.app, { url: '/api/b2/user', session: operator }));
    expect(info.data.orgType).toBe('operator');
    const tree = envelope<{ children: { code: string }[] }[]>(await call(t.app, { url: '/api/b2/purchaser/user/permissions', session: operator })).data;
    const codes = tree.flatMap((g) => g.children.map((c) => c.code));
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.every((c) => c.startsWith('operator/'))).toBe(true);
    expect(
      permissionTree('seller')
        .flatMap((g) => g.children.map((c) => c.code))
        .some((c) => c.startsWith('operator/')),
    ).toBe(false);
  });

  it("an operator on sellers' and purchasers' calls (pages and signed-in calls): refused in Chinese, logged", async () => {
    for (const url of ['/api/b2/orders/page', '/api/b2/message/unread/count', '/api/notice/list']) {
      const res = await post(url, operator);
      expect(res.statusCode).toBe(403);
      const env = envelope(res);
      expect(env.data).toBeNull();
      expect(isChinese(env.errorMsg)).toBe(true);
    }
    const denials = await denialsOfUser(t.database.db, operator.userId);
    expect(denials.map((d) => d.url)).toEqual(expect.arrayContaining(['/api/b2/orders/page', '/api/notice/list']));
  });

  it('a seller and a purchaser on console calls: refused in Chinese, nothing changed, logged', async () => {
    const before = await rowCount(t.database.db, announcements);
    for (const who of [seller, purchaser]) {
      const res = await post('/api/operator/announcements/save', who, announcement);
      expect(res.statusCode).toBe(403);
      expect(envelope(res)).toEqual({ errorCode: 403, errorMsg: '仅平台运营账号可以使用此功能', data: null });
      const list = await call(t.app, { url: '/api/operator/funds/withdrawals?pageNo=1&pageSize=10', session: who });
      expect(list.statusCode).toBe(403);
      const [latest] = await denialsOfUser(t.database.db, who.userId);
      expect(latest).toMatchObject({ method: 'GET', url: '/api/operator/funds/withdrawals', permission: '/operator/withdrawals' });
    }
    expect(await rowCount(t.database.db, announcements)).toBe(before);
  });

  it('the main operator account reaches every console call', async () => {
    expect(envelope(await post('/api/operator/announcements/page', operator)).errorCode).toBe(0);
    expect(envelope(await call(t.app, { url: '/api/operator/funds/withdrawals?pageNo=1&pageSize=10', session: operator })).errorCode).toBe(0);
    expect(envelope(await call(t.app, { url: '/api/operator/express/rules', session: operator })).errorCode).toBe(0);
  });

  it('财务 reviews withdrawals but may not publish announcements; 客服 the other way round; both logged', async () => {
    expect(envelope(await call(t.app, { url: '/api/operator/funds/withdrawals?pageNo=1&pageSize=10', session: finance })).errorCode).toBe(0);
    const before = await rowCount(t.database.db, announcements);
    const refused = await post('/api/operator/announcements/save', finance, announcement);
    expect(refused.statusCode).toBe(403);
    expect(isChinese(envelope(refused).errorMsg)).toBe(true);
    expect(await rowCount(t.database.db, announcements)).toBe(before);
    const [denial] = await denialsOfUser(t.database.db, finance.userId);
    expect(denial).toMatchObject({ url: '/api/operator/announcements/save', orgType: 'operator' });

    expect(envelope(await post('/api/operator/announcements/save', support, announcement)).errorCode).toBe(0);
    expect(await rowCount(t.database.db, announcements)).toBe(before + 1);
    const noMoney = await call(t.app, { url: '/api/operator/funds/withdrawals?pageNo=1&pageSize=10', session: support });
    expect(noMoney.statusCode).toBe(403);
    // The version file is the administrator's alone.
    const version = await post('/api/operator/version', support, { version: '9.9.9', desc: '测试' });
    expect(version.statusCode).toBe(403);
  });

  it("a sub-account's menu tree is its role's pages", async () => {
    const tree = envelope<{ children: { code: string }[] }[]>(await call(t.app, { url: '/api/b2/purchaser/user/permissions', session: finance })).data;
    expect(tree.flatMap((g) => g.children.map((c) => c.code)).sort()).toEqual([...OPERATOR_ROLES.finance.codes].sort());
  });

  it('sellers and purchasers keep their own calls; a seller is not logged for them', async () => {
    expect(envelope(await post('/api/b2/message/unread/count', seller, {})).errorCode).toBe(0);
    expect(envelope(await post('/api/notice/list', purchaser)).errorCode).toBe(0);
  });
});
