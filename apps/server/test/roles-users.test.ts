/**
 * Sub-accounts (SPEC.md section 7 "Roles and users"): page with filters and masking, add, edit,
 * enable/disable, reset password, soft delete and export; bad input changes nothing; another
 * organisation's user or role is "not found"; a disabled, re-passworded or deleted sub-account is
 * signed out and refused.
 */
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
let pickerRoleId: number;
let sellerRoleId: number;

const B = '/api/b2/purchaser';
const post = async <T = unknown>(url: string, s: Session, payload: unknown = {}) =>
  envelope<T>(await call(t.app, { method: 'POST', url, session: s, payload: payload as Record<string, unknown> }));
const counts = () => snapshotCounts(t.database.db, { roles, rolePermissions, userRoles, users, sessions });
type Page = { total: number; list: { id: number; username: string; name: string; phone: string; state: string; roles: { name: string }[] }[] };

beforeAll(async () => {
  t = await createTestApp();
  const second = await createSecondSeller(t.database.db, 'us');
  seller = await login(t.app, 'demo_seller');
  other = await login(t.app, second.username, PASSWORD);
  purchaser = await login(t.app, 'demo_purchaser');
  const list = await post<{ id: number; name: string }[]>(`${B}/role/list`, purchaser, {});
  pickerRoleId = list.data.find((r) => r.name === '拿货员')?.id ?? 0;
  sellerRoleId = (await post<{ id: number }>(`${B}/role/add`, seller, { name: '运营' })).data.id;
});
afterAll(async () => {
  await t?.close();
});

async function addUser(s: Session, username: string, roleId: number, extra: Record<string, unknown> = {}) {
  const res = await post<{ id: number }>(`${B}/user/add`, s, {
    username,
    name: '王小明',
    phone: '13912345678',
    password: 'Picker2026',
    roleIds: [roleId],
    ...extra,
  });
  expect(res.errorCode, res.errorMsg).toBe(0);
  return res.data.id;
}

describe('sub-account list and changes', () => {
  it('adds a sub-account that signs in, lists it masked and filters', async () => {
    const id = await addUser(purchaser, 'picker_wang', pickerRoleId);
    const s = await login(t.app, 'picker_wang', 'Picker2026');
    expect(s.userId).toBe(id);
    const page = await post<Page>(`${B}/user/page`, purchaser, { pageNo: 1, pageSize: 20, name: '小明' });
    expect(page.data.total).toBe(1);
    expect(page.data.list[0]).toMatchObject({
      id,
      username: 'picker_wang',
      name: '王*明',
      phone: '139****5678',
      state: 'ENABLED',
      roles: [{ name: '拿货员' }],
    });
    expect((await post<Page>(`${B}/user/page`, purchaser, { pageNo: 1, pageSize: 20, phone: '5678', state: 'DISABLED' })).data.total).toBe(0);
    // The main account is never in the list.
    const all = await post<Page>(`${B}/user/page`, purchaser, { pageNo: 1, pageSize: 20 });
    expect(all.data.list.map((u) => u.username)).not.toContain('demo_purchaser');
    expect(all.data.list.map((u) => u.username)).toContain('demo_picker');
  });

  it('edits name, phone and roles; empty name and phone keep the stored ones', async () => {
    const id = await addUser(seller, 'seller_zhao', sellerRoleId);
    const second = (await post<{ id: number }>(`${B}/role/add`, seller, { name: '财务' })).data.id;
    expect((await post(`${B}/user/edit`, seller, { id, name: '', phone: '', roleIds: [sellerRoleId, second] })).errorCode).toBe(0);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ name: '王小明', phone: '13912345678' });
    expect((await post(`${B}/user/edit`, seller, { id, name: '赵六', phone: '13700001111', roleIds: [second] })).errorCode).toBe(0);
    const page = await post<Page>(`${B}/user/page`, seller, { pageNo: 1, pageSize: 20, username: 'seller_zhao' });
    expect(page.data.list[0]).toMatchObject({ name: '赵*', phone: '137****1111', roles: [{ name: '财务' }] });
  });

  it('disabling ends the sessions and refuses sign-in; enabling lets it in again', async () => {
    const id = await addUser(purchaser, 'picker_li', pickerRoleId);
    const s = await login(t.app, 'picker_li', 'Picker2026');
    expect((await post(`${B}/user/updateState`, purchaser, { id, state: 'DISABLED' })).errorCode).toBe(0);
    expect((await call(t.app, { url: '/api/b2/user', session: s })).statusCode).toBe(401);
    await expect(login(t.app, 'picker_li', 'Picker2026')).rejects.toThrow('账号已停用');
    expect((await post(`${B}/user/updateState`, purchaser, { id, state: 'ENABLED' })).errorCode).toBe(0);
    expect((await login(t.app, 'picker_li', 'Picker2026')).userId).toBe(id);
  });

  it('a new password ends the sessions; only the new one signs in', async () => {
    const id = await addUser(purchaser, 'picker_zhou', pickerRoleId);
    const s = await login(t.app, 'picker_zhou', 'Picker2026');
    expect((await post(`${B}/user/password`, purchaser, { id, password: 'NewPass2026' })).errorCode).toBe(0);
    expect((await call(t.app, { url: '/api/b2/user', session: s })).statusCode).toBe(401);
    await expect(login(t.app, 'picker_zhou', 'Picker2026')).rejects.toThrow();
    expect((await login(t.app, 'picker_zhou', 'NewPass2026')).userId).toBe(id);
  });

  it('delete is soft: signed out, refused, gone from the list, the role no longer held, the username kept', async () => {
    const roleId = (await post<{ id: number }>(`${B}/role/add`, purchaser, { name: '临时工' })).data.id;
    const id = await addUser(purchaser, 'picker_temp', roleId);
    const s = await login(t.app, 'picker_temp', 'Picker2026');
    expect((await post(`${B}/role/remove/${roleId}`, purchaser)).errorCode).toBe(17001);
    expect((await post(`${B}/user/delete/${id}`, purchaser)).errorCode).toBe(0);
    expect((await call(t.app, { url: '/api/b2/user', session: s })).statusCode).toBe(401);
    // Gone for its holder: the answer of a wrong password, not 账号已停用.
    await expect(login(t.app, 'picker_temp', 'Picker2026')).rejects.toThrow('账号或密码错误');
    expect((await post<Page>(`${B}/user/page`, purchaser, { pageNo: 1, pageSize: 50 })).data.list.map((u) => u.id)).not.toContain(id);
    const [row] = await t.database.db.select({ state: users.state, deletedAt: users.deletedAt }).from(users).where(eq(users.id, id));
    expect(row?.state).toBe('DELETED');
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await post(`${B}/user/delete/${id}`, purchaser)).errorCode).toBe(12001);
    expect((await post(`${B}/role/remove/${roleId}`, purchaser)).errorCode).toBe(0);
    expect((await post(`${B}/user/add`, purchaser, { username: 'picker_temp', name: '新人', password: 'Picker2026', roleIds: [pickerRoleId] })).errorCode).toBe(
      17004,
    );
  });

  it('exports the filtered list as an Excel file', async () => {
    const res = await call(t.app, { url: `${B}/user/export?username=picker`, session: purchaser });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});

describe('bad input changes nothing', () => {
  const body = (over: Record<string, unknown>) => ({ username: 'bad_input_user', name: '张三', password: 'Good2026x', roleIds: [1], ...over });
  const cases: [string, string, () => unknown, number, RegExp][] = [
    ['short password', '/user/add', () => body({ password: 'abc1', roleIds: [pickerRoleId] }), 400, /密码至少8位/],
    ['password without digits', '/user/add', () => body({ password: 'abcdefghij', roleIds: [pickerRoleId] }), 400, /字母和数字/],
    ['bad username', '/user/add', () => body({ username: '中文账号', roleIds: [pickerRoleId] }), 400, /账号为4到32位/],
    ['bad phone', '/user/add', () => body({ phone: '12345', roleIds: [pickerRoleId] }), 400, /手机号/],
    ['no role', '/user/add', () => body({ roleIds: [] }), 400, /请至少选择一个角色/],
    ['taken username (any organisation)', '/user/add', () => body({ username: 'DEMO_seller', roleIds: [pickerRoleId] }), 17004, /账号已被使用/],
    ['bad state', '/user/updateState', () => ({ id: 1, state: 'LOCKED' }), 400, /状态/],
    ['missing id', '/user/password', () => ({ password: 'Good2026x' }), 400, /子账号编号/],
  ];
  for (const [what, path, payload, code, msg] of cases) {
    it(what, async () => {
      const before = await counts();
      const res = await post(`${B}${path}`, purchaser, payload());
      expect(res.errorCode, res.errorMsg).toBe(code);
      expect(res.errorMsg).toMatch(msg);
      expect(isChinese(res.errorMsg)).toBe(true);
      expect(await counts()).toEqual(before);
    });
  }
});

describe('tenant isolation', () => {
  it("another organisation's sub-account, its roles and the main account are not found", async () => {
    const id = await addUser(seller, 'seller_sun', sellerRoleId);
    const before = await counts();
    for (const s of [other, purchaser]) {
      expect((await post(`${B}/user/edit`, s, { id, name: '改', roleIds: [pickerRoleId] })).errorCode).toBe(12001);
      expect((await post(`${B}/user/updateState`, s, { id, state: 'DISABLED' })).errorCode).toBe(12001);
      expect((await post(`${B}/user/password`, s, { id, password: 'Hacked2026' })).errorCode).toBe(12001);
      expect((await post(`${B}/user/delete/${id}`, s)).errorCode).toBe(12001);
      expect((await post<Page>(`${B}/user/page`, s, { pageNo: 1, pageSize: 50 })).data.list.map((u) => u.id)).not.toContain(id);
    }
    // Another organisation's role cannot be given to one's own sub-account.
    const res = await post(`${B}/user/add`, purchaser, { username: 'picker_x', name: '某', password: 'Picker2026', roleIds: [sellerRoleId] });
    expect(res).toMatchObject({ errorCode: 12001, errorMsg: '角色不存在' });
    // The main account is not a sub-account: it cannot be disabled or deleted here.
    expect((await post(`${B}/user/updateState`, seller, { id: seller.userId, state: 'DISABLED' })).errorCode).toBe(12001);
    expect((await post(`${B}/user/delete/${seller.userId}`, seller)).errorCode).toBe(12001);
    expect(await counts()).toEqual(before);
  });
});

describe('sub-accounts cannot manage users', () => {
  it('a sub-account is refused every user call', async () => {
    const picker = await login(t.app, 'demo_picker');
    const before = await counts();
    for (const [url, payload] of [
      ['/user/page', { pageNo: 1, pageSize: 10 }],
      ['/user/add', { username: 'picker_self', name: '我', password: 'Picker2026', roleIds: [pickerRoleId] }],
      ['/user/updateState', { id: picker.userId, state: 'ENABLED' }],
      ['/user/password', { id: picker.userId, password: 'Picker2026' }],
    ] as const) {
      const res = await call(t.app, { method: 'POST', url: `${B}${url}`, session: picker, payload });
      expect(res.statusCode, url).toBe(403);
    }
    expect(await counts()).toEqual(before);
  });
});
