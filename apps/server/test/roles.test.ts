/**
 * Roles (SPEC.md section 7 "Roles and users"): add, edit, list, authorize, permissions, remove;
 * bad input changes nothing; another organisation's role is "not found"; sub-accounts cannot
 * manage; the server enforces a role's codes on another feature's call and the menu tree follows.
 */
import { findRoute, grantableCodes, permissionTree, roleGrantTree, SUB_PAGES } from '@dropship/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions, roles, userRoles } from '../src/modules/account-permission/roles.table.js';
import { sessions, users } from '../src/modules/auth/auth.table.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, createSecondSeller, envelope, isChinese, PASSWORD, snapshotCounts } from './support.js';

let t: TestApp;
let seller: Session;
let other: Session;
let purchaser: Session;
let picker: Session;

beforeAll(async () => {
  t = await createTestApp();
  const second = await createSecondSeller(t.database.db, 'rl');
  seller = await login(t.app, 'demo_seller');
  other = await login(t.app, second.username, PASSWORD);
  purchaser = await login(t.app, 'demo_purchaser');
  picker = await login(t.app, 'demo_picker');
});
afterAll(async () => {
  await t?.close();
});

const post = async <T = unknown>(url: string, s: Session, payload: unknown = {}) =>
  envelope<T>(await call(t.app, { method: 'POST', url, session: s, payload: payload as Record<string, unknown> }));
const get = async <T = unknown>(url: string, s: Session) => envelope<T>(await call(t.app, { url, session: s }));
const counts = () => snapshotCounts(t.database.db, { roles, rolePermissions, userRoles, users, sessions });
const B = '/api/b2/purchaser';
type Row = { id: number; name: string; remark: string; userCount: number; permissionCount: number };
type Node = { code: string; children: Node[] };
const menuCodes = (nodes: Node[]) => nodes.flatMap((g) => g.children.map((c) => c.code));

async function addRole(s: Session, name: string, codes: string[] = []) {
  const res = await post<{ id: number }>(`${B}/role/add`, s, { name });
  expect(res.errorCode, res.errorMsg).toBe(0);
  if (codes.length) expect((await post(`${B}/role/permissions/authorization`, s, { roleId: res.data.id, codes })).errorCode).toBe(0);
  return res.data.id;
}

describe('roles of the main account', () => {
  it('add, list, edit, authorize, read back, remove', async () => {
    const id = await addRole(seller, '客服');
    expect((await post(`${B}/role/edit`, seller, { id, name: '售后客服', remark: '处理售后' })).errorCode).toBe(0);
    const codes = ['order/daifaOrderList', 'order/placeOrder', 'afterSale/afterSaleList', 'order/placeOrder'];
    expect((await post(`${B}/role/permissions/authorization`, seller, { roleId: id, codes })).errorCode).toBe(0);
    expect((await get<{ codes: string[] }>(`${B}/role/permissions/${id}`, seller)).data).toEqual({
      roleId: id,
      codes: ['afterSale/afterSaleList', 'order/daifaOrderList', 'order/placeOrder'],
    });
    const list = await post<Row[]>(`${B}/role/list`, seller, {});
    expect(list.data.find((r) => r.id === id)).toMatchObject({ name: '售后客服', remark: '处理售后', userCount: 0, permissionCount: 3 });
    expect((await post<Row[]>(`${B}/role/list`, seller, { name: '售后' })).data.map((r) => r.id)).toEqual([id]);
    expect((await post(`${B}/role/remove/${id}`, seller)).errorCode).toBe(0);
    expect((await post<Row[]>(`${B}/role/list`, seller, {})).data.find((r) => r.id === id)).toBeUndefined();
  });

  it('the purchaser lists its own 拿货员 role with one holder', async () => {
    const list = await post<Row[]>(`${B}/role/list`, purchaser, {});
    expect(list.data.map((r) => r.name)).toContain('拿货员');
    expect(list.data.find((r) => r.name === '拿货员')?.userCount).toBe(1);
  });

  it('refuses to remove a role a sub-account holds, and says how many', async () => {
    const role = (await post<Row[]>(`${B}/role/list`, purchaser, {})).data.find((r) => r.name === '拿货员');
    const before = await counts();
    const res = await post(`${B}/role/remove/${role?.id}`, purchaser);
    expect(res).toMatchObject({ errorCode: 17001, data: null });
    expect(res.errorMsg).toContain('1个子账号');
    expect(await counts()).toEqual(before);
  });

  it('grantable codes follow the audience and never include account management', () => {
    const sellerCodes = grantableCodes('seller');
    const purchaserCodes = grantableCodes('purchaser');
    expect(sellerCodes.has('order/placeOrder')).toBe(true);
    expect(purchaserCodes.has('order/orderList')).toBe(false);
    expect(purchaserCodes.has('offlineReturnOrder/returnRegistration')).toBe(true);
    expect(sellerCodes.has('accountPermission/accountManagement')).toBe(false);
    expect(purchaserCodes.has('funds/resetPayPass')).toBe(true);
  });

  it('every in-page route listed under a menu route is a real, menu-less route of the table', () => {
    for (const [parent, children] of Object.entries(SUB_PAGES)) {
      expect(findRoute(parent)?.group, parent).toBeDefined();
      for (const c of children) expect(findRoute(c)?.group, c).toBeUndefined();
    }
    const tree = roleGrantTree('purchaser', 'second');
    expect(tree.map((g) => g.name)).not.toContain('工作台');
    expect(JSON.stringify(tree)).not.toContain('accountPermission');
  });
});

describe('bad input changes nothing', () => {
  const cases: [string, string, unknown, number, RegExp][] = [
    ['empty role name', '/role/add', { name: '  ' }, 400, /角色名称/],
    ['role name too long', '/role/add', { name: '一二三四五六七八九十一二三四五六七八九十一' }, 400, /角色名称不能超过20个字符/],
    ['duplicate role name', '/role/add', { name: '拿货员' }, 17000, /角色名称已存在/],
    ['edit without id', '/role/edit', { name: '新名' }, 400, /角色编号/],
    ['codes not a list', '/role/permissions/authorization', { roleId: 1, codes: 'home' }, 400, /权限/],
  ];
  for (const [what, path, body, code, msg] of cases) {
    it(what, async () => {
      const before = await counts();
      const res = await post(`${B}${path}`, purchaser, body);
      expect(res.errorCode).toBe(code);
      expect(res.errorMsg).toMatch(msg);
      expect(isChinese(res.errorMsg)).toBe(true);
      expect(await counts()).toEqual(before);
    });
  }

  it('a code of the other audience, an unknown code or account management is refused and the role keeps its codes', async () => {
    const id = await addRole(purchaser, '打包员', ['print/scanPrint']);
    for (const bad of ['order/orderList', 'no/such', 'accountPermission/accountManagement']) {
      const res = await post(`${B}/role/permissions/authorization`, purchaser, { roleId: id, codes: ['home', bad] });
      expect(res.errorCode).toBe(17003);
      expect(res.errorMsg).toContain(bad);
    }
    expect((await get<{ codes: string[] }>(`${B}/role/permissions/${id}`, purchaser)).data.codes).toEqual(['print/scanPrint']);
  });
});

describe('tenant isolation', () => {
  it("another organisation's role is not found for every role call", async () => {
    const id = await addRole(seller, '仅卖家可见', ['home']);
    const before = await counts();
    for (const s of [other, purchaser]) {
      expect(await get(`${B}/role/permissions/${id}`, s)).toMatchObject({ errorCode: 12001, errorMsg: '角色不存在' });
      expect((await post(`${B}/role/edit`, s, { id, name: '改名' })).errorCode).toBe(12001);
      expect((await post(`${B}/role/permissions/authorization`, s, { roleId: id, codes: [] })).errorCode).toBe(12001);
      expect((await post(`${B}/role/remove/${id}`, s)).errorCode).toBe(12001);
      expect((await post<Row[]>(`${B}/role/list`, s, {})).data.map((r) => r.id)).not.toContain(id);
    }
    expect(await counts()).toEqual(before);
    expect((await get<{ codes: string[] }>(`${B}/role/permissions/${id}`, seller)).data.codes).toEqual(['home']);
  });
});

describe('sub-accounts cannot manage roles', () => {
  it('without the code: 403 from the permission check', async () => {
    const res = await call(t.app, { method: 'POST', url: `${B}/role/list`, session: picker, payload: {} });
    expect(res.statusCode).toBe(403);
    expect(envelope(res).errorCode).toBe(403);
    expect((await post(`${B}/role/add`, picker, { name: '自封管理员' })).errorCode).toBe(403);
  });

  it('even with the code stored by hand: only the main account manages (17006)', async () => {
    const [pickerRole] = await t.database.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, picker.userId));
    if (!pickerRole) throw new Error('picker has no role');
    await t.database.db.insert(rolePermissions).values({ roleId: pickerRole.roleId, code: 'accountPermission/accountManagement' });
    try {
      const before = await counts();
      const res = await call(t.app, {
        method: 'POST',
        url: `${B}/role/permissions/authorization`,
        session: picker,
        payload: { roleId: pickerRole.roleId, codes: ['home'] },
      });
      expect(res.statusCode).toBe(403);
      expect(envelope(res)).toMatchObject({ errorCode: 17006, errorMsg: expect.stringContaining('只有主账号') });
      expect((await post(`${B}/user/page`, picker, { pageNo: 1, pageSize: 10 })).errorCode).toBe(17006);
      expect(await counts()).toEqual(before);
    } finally {
      await t.database.db.delete(rolePermissions).where(eq(rolePermissions.code, 'accountPermission/accountManagement'));
    }
  });
});

describe('the server enforces role codes on other features', () => {
  it('a seller sub-account gets 403 from the dropship order list until its role grants it; the menu follows', async () => {
    const roleId = await addRole(seller, '查单员', ['home']);
    const added = await post<{ id: number }>(`${B}/user/add`, seller, { username: 'seller_sub_rl', name: '李查单', password: 'Check2026', roleIds: [roleId] });
    expect(added.errorCode, added.errorMsg).toBe(0);
    const sub = await login(t.app, 'seller_sub_rl', 'Check2026');
    const page = () => call(t.app, { method: 'POST', url: '/api/b2/post/orders/page', session: sub, payload: { pageNo: 1, pageSize: 10 } });
    const menu = async () => menuCodes((await get<Node[]>(`${B}/user/permissions`, sub)).data);

    const refused = await page();
    expect(refused.statusCode).toBe(403);
    expect(envelope(refused).errorMsg).toBe('没有权限，请联系主账号管理员开通权限');
    expect(await menu()).toEqual(['home']);

    expect((await post(`${B}/role/permissions/authorization`, seller, { roleId, codes: ['home', 'order/daifaOrderList'] })).errorCode).toBe(0);
    const allowed = await page();
    expect(allowed.statusCode).toBe(200);
    expect(envelope(allowed).errorCode).toBe(0);
    expect(await menu()).toEqual(['home', 'order/daifaOrderList']);
    // The main account's tree is still the whole seller tree.
    expect(menuCodes((await get<Node[]>(`${B}/user/permissions`, seller)).data)).toEqual(menuCodes(permissionTree('seller')));
  });
});
