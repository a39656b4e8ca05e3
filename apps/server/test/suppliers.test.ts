/**
 * Supplier management: list, add, edit, disable, search, Excel export and import, the shared stall
 * directory, the manual-delivery gate of the second variant, bad input and tenant isolation.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, createUser } from '../src/modules/auth/accounts.js';
import { users } from '../src/modules/auth/auth.table.js';
import { suppliers } from '../src/modules/goods/goods.table.js';
import { api, goodsDigest, isChineseMsg, readXlsx, xlsxBase64 } from './goods-support.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, createSecondSeller, envelope, PASSWORD } from './support.js';

let t: TestApp;
let seller: Session;
let other: Session;
let purchaser: Session;
let operator: Session;
let noManual: Session;
let a: ReturnType<typeof api>;
let sellerOrg: number;

interface Row {
  id: number;
  name: string;
  code: string;
  status: string;
  stallNo: string;
  remark: string;
  directoryId: number | null;
}
type Page = { total: number; list: Row[] };

beforeAll(async () => {
  t = await createTestApp();
  a = api(t.app);
  const db = t.database.db;
  const second = await createSecondSeller(db, 'sup');
  seller = await login(t.app, 'demo_seller');
  other = await login(t.app, second.username, PASSWORD);
  purchaser = await login(t.app, 'demo_purchaser');
  operator = await login(t.app, 'demo_operator');
  // A purchaser main account whose manual-delivery permission is '0' (SPEC.md section 6).
  const org = await createOrganisation(db, { type: 'purchaser', name: '无手动发货权限的采购商' });
  await createUser(db, { orgId: org, username: 'purchaser_nomanual', password: PASSWORD, isMain: true, manualDeliveryPermission: '0' });
  noManual = await login(t.app, 'purchaser_nomanual', PASSWORD);
  const [u] = await db.select({ orgId: users.orgId }).from(users).where(eq(users.id, seller.userId));
  sellerOrg = u?.orgId ?? 0;
});
afterAll(() => t?.close());

const STALL = {
  market: '广州十三行',
  building: '新中国大厦',
  floor: '6楼',
  stallNo: '6018',
  name: '测试档口',
  code: 'XZG6018',
  phone: '13900001111',
  marketArea: '十三行',
};

describe('the seller’s supplier list', () => {
  it('lists the seeded suppliers and searches by code, stall number or name', async () => {
    const all = await a.post<Page>('/api/b2/goods/supplier/page', seller, {});
    expect(all.data.total).toBe(5);
    expect(all.data.list.map((r) => r.code).sort()).toEqual(['A312', 'BM1F08', 'HM4B12', 'SH2021', 'XZG3312']);
    expect((await a.post<Page>('/api/b2/goods/supplier/page', seller, { keyword: 'f08' })).data.list.map((r) => r.code)).toEqual(['BM1F08']);
    expect((await a.post<Page>('/api/b2/goods/supplier/page', seller, { status: 'DISABLED' })).data.list.map((r) => r.code)).toEqual(['HM4B12']);
    expect((await a.post<Page>('/api/b2/goods/supplier/page', seller, { marketArea: '四季青' })).data.total).toBe(1);
  });

  it('adds, reads, edits; a second identical stall or a taken code is refused with what to do', async () => {
    const created = await a.post<{ id: number }>('/api/b2/goods/supplier/save', seller, STALL);
    expect(created.errorCode).toBe(0);
    const id = created.data.id;
    expect((await a.get<Row>(`/api/b2/goods/supplier/detail?id=${id}`, seller)).data).toMatchObject({ name: '测试档口', code: 'XZG6018', status: 'ENABLED' });
    expect(await a.post('/api/b2/goods/supplier/save', seller, { ...STALL, code: 'OTHER1' })).toMatchObject({ errorCode: 15000 });
    const codeTaken = await a.post('/api/b2/goods/supplier/save', seller, { ...STALL, stallNo: '6019', code: 'a312' });
    expect(codeTaken).toMatchObject({ errorCode: 15001, errorMsg: '档口编码已被其他供应商使用，请换一个编码' });
    expect(await a.post('/api/b2/goods/supplier/save', seller, { ...STALL, id, remark: '周一不开门' })).toMatchObject({ errorCode: 0, data: { id } });
    expect((await a.get<Row>(`/api/b2/goods/supplier/detail?id=${id}`, seller)).data.remark).toBe('周一不开门');
  });

  it('disables and enables; options list every supplier with its status', async () => {
    const [row] = (await a.post<Page>('/api/b2/goods/supplier/page', seller, { keyword: 'XZG6018' })).data.list;
    expect(await a.post('/api/b2/goods/supplier/updateStatus', seller, { ids: [row?.id], status: 'DISABLED' })).toMatchObject({ errorCode: 0 });
    const opts = await a.get<{ id: number; status: string }[]>('/api/b2/goods/supplier/options', seller);
    expect(opts.data.find((o) => o.id === row?.id)?.status).toBe('DISABLED');
    await a.post('/api/b2/goods/supplier/updateStatus', seller, { ids: [row?.id], status: 'ENABLED' });
    expect((await a.get<Row>(`/api/b2/goods/supplier/detail?id=${row?.id}`, seller)).data.status).toBe('ENABLED');
  });

  it('a purchaser keeps its own list (supplier management is for both)', async () => {
    expect((await a.post<Page>('/api/b2/goods/supplier/page', purchaser, {})).data.total).toBe(0);
    const r = await a.post<{ id: number }>(
      '/api/b2/goods/supplier/save',
      purchaser,
      { name: '采购商自己的档口', marketArea: '沙河' },
      { 'x-request-source': 'purchase' },
    );
    expect(r.errorCode).toBe(0);
    expect((await a.post<Page>('/api/b2/goods/supplier/page', purchaser, {})).data.total).toBe(1);
    expect((await a.get(`/api/b2/goods/supplier/detail?id=${r.data.id}`, seller)).errorCode).toBe(12001);
  });
});

describe('Excel export and import', () => {
  it('exports the filtered list with Chinese headers', async () => {
    const res = await a.raw('/api/b2/goods/supplier/export?status=ENABLED', seller);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('供应商.xlsx'));
    const rows = await readXlsx(res.rawPayload);
    expect(rows.every((r) => r.状态 === '启用')).toBe(true);
    expect(rows.find((r) => r.档口编码 === 'BM1F08')).toMatchObject({ 市场: '白马服装市场', 档口号: 'F08', 档口名称: '素言女装', 拿货区域: '站西/白马' });
  });

  it('re-importing the export changes nothing; new rows are added and changed rows updated', async () => {
    const exported = (await a.raw('/api/b2/goods/supplier/export', seller)).rawPayload.toString('base64');
    const before = await goodsDigest(t.database.db);
    const again = await a.post('/api/b2/goods/supplier/import', seller, { fileName: '供应商.xlsx', contentBase64: exported });
    expect(again).toMatchObject({ errorCode: 0, data: { created: 0, updated: 0, unchanged: 6 } });
    expect((await goodsDigest(t.database.db)).suppliers).toBe(before.suppliers);

    const file = await xlsxBase64(
      ['市场', '楼层', '档口号', '档口名称', '档口编码', '联系电话', '备注', '状态'],
      [
        ['杭州四季青', '2楼', 'B201', '新来的档口', 'SJQB201', '13800000000', '', '启用'],
        ['白马服装市场', '1楼', 'F08', '素言女装', 'BM1F08', '020-83331208', '换了新联系人', ''],
      ],
    );
    const res = await a.post('/api/b2/goods/supplier/import', seller, { fileName: 'x.xlsx', contentBase64: file });
    expect(res).toMatchObject({ errorCode: 0, data: { created: 1, updated: 1, unchanged: 0 } });
    const [bm] = await t.database.db.select().from(suppliers).where(eq(suppliers.code, 'BM1F08'));
    expect(bm?.remark).toBe('换了新联系人');
  });

  it('a file with bad rows imports nothing and names the rows', async () => {
    const before = await goodsDigest(t.database.db);
    const file = await xlsxBase64(
      ['档口名称', '档口编码', '联系电话', '状态'],
      [
        ['好档口', 'OK1', '13800000001', ''],
        ['', 'X2', '', ''],
        ['坏电话', 'X3', 'call me', ''],
        ['坏状态', 'X4', '', '暂停'],
      ],
    );
    const res = await a.post<null>('/api/b2/goods/supplier/import', seller, { fileName: 'x.xlsx', contentBase64: file });
    expect(res.errorCode).toBe(15006);
    expect(res.errorMsg).toContain('第3行：请输入档口名称');
    expect(res.errorMsg).toContain('第4行：联系电话只能包含数字');
    expect(res.errorMsg).toContain('第5行：状态只能填写“启用”或“停用”');
    expect(await goodsDigest(t.database.db)).toEqual(before);
  });

  it('refuses a file that is not an .xlsx, or lacks the name column', async () => {
    const notXlsx = await a.post('/api/b2/goods/supplier/import', seller, { fileName: 'a.xlsx', contentBase64: Buffer.from('名称,电话\n').toString('base64') });
    expect(notXlsx).toMatchObject({ errorCode: 15005 });
    const noHeader = await a.post<null>('/api/b2/goods/supplier/import', seller, { fileName: 'a.xlsx', contentBase64: await xlsxBase64(['电话'], [['1']]) });
    expect(noHeader.errorCode).toBe(15005);
    expect(noHeader.errorMsg).toContain('表头缺少“档口名称”列');
  });
});

describe('the shared stall directory', () => {
  it('is searched by sellers and copied into their own list with their own code', async () => {
    const found = await a.get<{ id: number; name: string; stallNo: string }[]>(
      `/api/b2/goods/stallDirectory/search?keyword=${encodeURIComponent('中洲')}`,
      seller,
    );
    expect(found.data.map((d) => d.stallNo)).toEqual(['2-218']);
    const added = await a.post<{ id: number }>('/api/b2/goods/supplier/addFromDirectory', seller, {
      directoryId: found.data[0]?.id,
      code: 'ZZ218',
      remark: '新开',
    });
    expect(added.errorCode).toBe(0);
    expect((await a.get<Row>(`/api/b2/goods/supplier/detail?id=${added.data.id}`, seller)).data).toMatchObject({
      name: '中洲·简约',
      code: 'ZZ218',
      directoryId: found.data[0]?.id,
    });
    expect(await a.post('/api/b2/goods/supplier/addFromDirectory', seller, { directoryId: found.data[0]?.id, code: 'ZZ219' })).toMatchObject({
      errorCode: 15000,
    });
    expect(await a.post('/api/b2/goods/supplier/addFromDirectory', seller, { directoryId: 999999 })).toMatchObject({ errorCode: 12001 });
  });

  it('is maintained by the operator only', async () => {
    const body = { market: '杭州四季青', building: '新杭派', floor: '1楼', stallNo: '1-101', name: '新杭派女装' };
    expect(await a.post('/api/operator/stallDirectory/save', operator, body)).toMatchObject({ errorCode: 0 });
    expect(await a.post('/api/operator/stallDirectory/save', operator, body)).toMatchObject({ errorCode: 15011 });
    expect((await call(t.app, { method: 'POST', url: '/api/operator/stallDirectory/save', session: seller, payload: body })).statusCode).toBe(403);
  });

  it('is listed for the operator with disabled stalls, filtered by keyword and status; a seller is refused', async () => {
    type DirPage = { total: number; list: { id: number; name: string; status: string; updatedAt: string }[] };
    const saved = await a.post<{ id: number }>('/api/operator/stallDirectory/save', operator, {
      market: '杭州四季青',
      name: '停用的档口库档口',
      status: 'DISABLED',
    });
    expect(saved.errorCode, saved.errorMsg).toBe(0);
    const all = await a.get<DirPage>('/api/operator/stallDirectory/page?pageSize=500', operator);
    expect(all.errorCode, all.errorMsg).toBe(0);
    expect(all.data.list.find((r) => r.id === saved.data.id)).toMatchObject({ name: '停用的档口库档口', status: 'DISABLED' });
    expect(all.data.total).toBe(all.data.list.length);
    const disabled = await a.get<DirPage>(`/api/operator/stallDirectory/page?status=DISABLED&keyword=${encodeURIComponent('停用的档口库')}`, operator);
    expect(disabled.data).toMatchObject({ total: 1, list: [{ id: saved.data.id }] });
    expect((await a.get<DirPage>('/api/operator/stallDirectory/page?status=ENABLED', operator)).data.list.every((r) => r.status === 'ENABLED')).toBe(true);
    // The sellers' search still offers enabled stalls only.
    const search = await a.get<{ id: number }[]>(`/api/b2/goods/stallDirectory/search?keyword=${encodeURIComponent('停用的档口库')}`, seller);
    expect(search.data).toEqual([]);
    const refused = await call(t.app, { url: '/api/operator/stallDirectory/page', session: seller });
    expect(refused.statusCode).toBe(403);
    expect(envelope(refused).errorMsg).toBe('仅平台运营账号可以使用此功能');
  });
});

describe('the manual-delivery permission (second variant)', () => {
  it("'0' on the second variant refuses supplier management; other variants and '1' are not gated", async () => {
    const second = { host: 'second.daifa.test' };
    const refused = await a.post('/api/b2/goods/supplier/page', noManual, {}, { ...second, 'x-request-source': 'purchase' });
    expect(refused).toMatchObject({ errorCode: 403 });
    expect(await a.post('/api/b2/goods/supplier/page', noManual, {}, { host: 'www.daifa.test', 'x-request-source': 'purchase' })).toMatchObject({
      errorCode: 0,
    });
    expect(await a.post('/api/b2/goods/supplier/page', purchaser, {}, { ...second, 'x-request-source': 'purchase' })).toMatchObject({ errorCode: 0 });
    // The gate speaks before validation: a refused caller learns nothing about the body.
    expect(await a.post('/api/b2/goods/supplier/save', noManual, {}, { ...second, 'x-request-source': 'purchase' })).toMatchObject({ errorCode: 403 });
  });
});

describe('bad input: a Chinese message naming the field, nothing written', () => {
  const cases: [string, string, unknown, string][] = [
    ['POST', '/api/b2/goods/supplier/page', { pageSize: 9999 }, '每页条数'],
    ['POST', '/api/b2/goods/supplier/save', { market: '白马' }, '请输入档口名称'],
    ['POST', '/api/b2/goods/supplier/save', { name: '甲', phone: 'abc' }, '联系电话只能包含数字'],
    ['POST', '/api/b2/goods/supplier/save', { name: '甲', code: 'A#1' }, '档口编码不能包含空格和分隔符'],
    ['POST', '/api/b2/goods/supplier/save', { name: 'x'.repeat(61) }, '档口名称不能超过60个字符'],
    ['POST', '/api/b2/goods/supplier/updateStatus', { ids: [], status: 'DISABLED' }, '请选择供应商'],
    ['POST', '/api/b2/goods/supplier/updateStatus', { ids: [1], status: 'GONE' }, '状态'],
    ['POST', '/api/b2/goods/supplier/import', { fileName: 'a.xls', contentBase64: 'AAAA' }, '请上传 .xlsx 格式的 Excel 文件'],
    ['POST', '/api/b2/goods/supplier/import', { fileName: 'a.xlsx', contentBase64: '不是base64' }, '文件内容不正确'],
    ['POST', '/api/b2/goods/supplier/addFromDirectory', { directoryId: 'x' }, '档口库编号'],
    ['GET', '/api/b2/goods/supplier/detail?id=abc', undefined, '供应商编号'],
    ['GET', `/api/b2/goods/stallDirectory/search?keyword=${'字'.repeat(61)}`, undefined, '关键词不能超过60个字符'],
    ['GET', '/api/b2/goods/supplier/export?status=X', undefined, '状态'],
  ];
  for (const [method, url, payload, words] of cases) {
    it(`${method} ${url.slice(0, 60)} → 400 “…${words}…”`, async () => {
      const before = await goodsDigest(t.database.db);
      const res = await call(t.app, { method: method as 'GET' | 'POST', url, session: seller, payload: payload as Record<string, unknown> });
      const body = envelope(res);
      expect(res.statusCode).toBe(400);
      expect(body.errorCode).toBe(400);
      expect(isChineseMsg(body.errorMsg)).toBe(true);
      expect(body.errorMsg).toContain(words);
      expect(await goodsDigest(t.database.db)).toEqual(before);
    });
  }

  it('operator directory list with a bad page size or status', async () => {
    const before = await goodsDigest(t.database.db);
    expect(await a.get('/api/operator/stallDirectory/page?pageSize=9999', operator)).toMatchObject({
      errorCode: 400,
      errorMsg: expect.stringContaining('每页条数'),
    });
    const bad = await a.get('/api/operator/stallDirectory/page?status=GONE', operator);
    expect(bad.errorCode).toBe(400);
    expect(isChineseMsg(bad.errorMsg)).toBe(true);
    expect(await goodsDigest(t.database.db)).toEqual(before);
  });

  it('operator directory save without a name', async () => {
    const res = await a.post('/api/operator/stallDirectory/save', operator, { market: '白马' });
    expect(res).toMatchObject({ errorCode: 400, errorMsg: '请输入档口名称' });
  });
});

describe("another seller's suppliers are 'not found' and unchanged", () => {
  it('detail, save, status, directory copy and lists', async () => {
    const own = (await a.post<Page>('/api/b2/goods/supplier/page', seller, { keyword: 'A312' })).data.list[0] as Row;
    const before = await goodsDigest(t.database.db);
    expect(await a.get(`/api/b2/goods/supplier/detail?id=${own.id}`, other)).toMatchObject({ errorCode: 12001, errorMsg: '供应商不存在' });
    expect(await a.post('/api/b2/goods/supplier/save', other, { id: own.id, name: '改名' })).toMatchObject({ errorCode: 12001 });
    expect(await a.post('/api/b2/goods/supplier/updateStatus', other, { ids: [own.id], status: 'DISABLED' })).toMatchObject({ errorCode: 12001 });
    expect((await a.post<Page>('/api/b2/goods/supplier/page', other, {})).data).toEqual({ total: 0, list: [] });
    expect((await a.get<unknown[]>('/api/b2/goods/supplier/options', other)).data).toEqual([]);
    expect(await readXlsx((await a.raw('/api/b2/goods/supplier/export', other)).rawPayload)).toEqual([]);
    expect(await goodsDigest(t.database.db)).toEqual(before);
    // Its own code may equal demo_seller's: codes are unique per organisation only.
    expect(await a.post('/api/b2/goods/supplier/save', other, { name: '对方的档口', code: 'A312' })).toMatchObject({ errorCode: 0 });
  });

  it('without a session: 10000', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/b2/goods/supplier/page', payload: {} });
    expect(envelope(res)).toMatchObject({ errorCode: 10000 });
    expect(sellerOrg).toBeGreaterThan(0);
  });
});
