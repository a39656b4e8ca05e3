/**
 * Express companies and fees: the default companies and rules of a fresh installation, the three
 * list calls, the fee by province / item count / weight, the read-only rules page, and the
 * operator's rules and settings (permission, bad input, and that new rules price new orders).
 */
import { ErrorCode } from '@dropship/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeOf } from '../src/modules/express/express.service.js';
import { expressPriceRules } from '../src/modules/express/express.table.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, envelope, snapshotCounts } from './support.js';

let t: TestApp;
let seller: Session;
let purchaser: Session;
let operator: Session;

beforeAll(async () => {
  t = await createTestApp();
  seller = await login(t.app, 'demo_seller');
  purchaser = await login(t.app, 'demo_purchaser');
  operator = await login(t.app, 'demo_operator');
});
afterAll(() => t?.close());

const get = async <T = unknown>(url: string, s: Session) => envelope<T>(await call(t.app, { url, session: s }));
const post = async <T = unknown>(url: string, s: Session, payload: unknown) =>
  envelope<T>(await call(t.app, { method: 'POST', url, session: s, payload: payload as Record<string, unknown> }));
type Fee = { code: string; name: string; feeFen: number; weightGrams: number; ruleProvince: string };
const fees = (s: Session, body: unknown) => post<Fee[]>('/api/b2/post/orders/express/fee/v2', s, body);

describe('first weight and further steps', () => {
  it('charges the first weight, then every started step', () => {
    const rule = { firstWeightGrams: 1000, firstFen: 400, stepWeightGrams: 1000, stepFen: 200 };
    expect([feeOf(rule, 1), feeOf(rule, 1000), feeOf(rule, 1001), feeOf(rule, 2000), feeOf(rule, 3500)]).toEqual([400, 400, 600, 600, 1000]);
  });
});

describe('express lists', () => {
  it('the seven default companies, for placing with their first-weight price, enabled and all', async () => {
    const place = await get<{ code: string; name: string; firstFen: number }[]>('/api/b2/post/orders/express', seller);
    expect(place.data.map((c) => c.code)).toEqual(['ZTO', 'YTO', 'STO', 'YUNDA', 'JTSD', 'SF', 'EMS']);
    expect(place.data[0]).toEqual({ code: 'ZTO', name: '中通快递', firstWeightGrams: 1000, firstFen: 450 });
    expect((await get<unknown[]>('/api/b2/orders/express', purchaser)).data).toHaveLength(7);
    expect((await get<unknown[]>('/api/b2/orders/expressAll', seller)).data).toHaveLength(7);
    // Placing is the seller's; a purchaser may not.
    expect((await get('/api/b2/post/orders/express', purchaser)).errorCode).toBe(ErrorCode.FORBIDDEN);
  });

  it('the rules page shows every enabled company with its rules, read-only for sellers and purchasers', async () => {
    const r = await get<{ companies: { code: string; rules: { province: string }[] }[]; settings: { serviceFeePerItemFen: number; itemWeightGrams: number } }>(
      '/api/b2/express/rules',
      purchaser,
    );
    expect(r.errorCode).toBe(0);
    expect(r.data.settings).toEqual({ serviceFeePerItemFen: 100, itemWeightGrams: 500 });
    const zto = r.data.companies.find((c) => c.code === 'ZTO');
    expect(zto?.rules.map((x) => x.province)).toContain('');
    expect(zto?.rules.map((x) => x.province)).toContain('新疆维吾尔自治区');
    expect((await post('/api/operator/express/settings', seller, { serviceFeePerItemFen: 1, itemWeightGrams: 1 })).errorCode).toBe(ErrorCode.FORBIDDEN);
  });
});

describe('POST /api/b2/post/orders/express/fee/v2', () => {
  it('prices every company for a province and item count, the province’s own rule before the default', async () => {
    const near = await fees(seller, { province: '广东', itemCount: 1 });
    expect(near.data.find((f) => f.code === 'ZTO')).toEqual({ code: 'ZTO', name: '中通快递', feeFen: 350, weightGrams: 500, ruleProvince: '广东省' });
    const rest = await fees(seller, { province: '河南省', itemCount: 5 });
    // 5 × 500 g = 2.5 kg: 4.50 + 2 steps × 2.00.
    expect(rest.data.find((f) => f.code === 'ZTO')).toMatchObject({ feeFen: 850, weightGrams: 2500, ruleProvince: '' });
    const weighed = await fees(seller, { province: '河南省', itemCount: 5, weightGrams: 900, expressCode: 'SF' });
    expect(weighed.data).toEqual([{ code: 'SF', name: '顺丰速运', feeFen: 1200, weightGrams: 900, ruleProvince: '' }]);
    expect((await fees(seller, { province: '河南省', itemCount: 1, expressCode: 'NOPE' })).data).toEqual([]);
  });

  it('refuses bad input in Chinese', async () => {
    const cases: [unknown, RegExp][] = [
      [{ itemCount: 1 }, /请输入收货省份/],
      [{ province: '河南省' }, /请输入商品件数/],
      [{ province: '河南省', itemCount: 0 }, /商品件数至少1件/],
      [{ province: '河南省', itemCount: 1.5 }, /商品件数必须是整数/],
      [{ province: '河南省', itemCount: 1, weightGrams: 0 }, /包裹重量至少1克/],
      [{ province: '河南省', itemCount: 1, expressCode: 'a b' }, /快递公司编码格式不正确/],
    ];
    for (const [body, msg] of cases) {
      const r = await fees(seller, body);
      expect(r.errorCode).toBe(400);
      expect(r.errorMsg).toMatch(msg);
    }
  });
});

describe('the operator sets rules and fees', () => {
  const save = (s: Session, body: unknown) => post('/api/operator/express/rules/save', s, body);
  const rule = (province: string, firstFen: number) => ({ province, firstWeightGrams: 1000, firstFen, stepWeightGrams: 500, stepFen: 150 });

  it('refuses a seller and bad rules, changing nothing', async () => {
    const before = await snapshotCounts(t.database.db, { rules: expressPriceRules });
    expect((await save(seller, { code: 'DBKD', name: '德邦快递', rules: [rule('', 900)] })).errorCode).toBe(ErrorCode.FORBIDDEN);
    const cases: [unknown, RegExp][] = [
      [{ code: 'DBKD', name: '德邦快递', rules: [] }, /请至少填写一条默认运费规则/],
      [{ code: 'DBKD', name: '德邦快递', rules: [rule('广东省', 900)] }, /必须包含一条默认规则/],
      [{ code: 'DBKD', name: '德邦快递', rules: [rule('', 900), rule('', 800)] }, /同一省份只能有一条运费规则/],
      [{ code: 'DBKD', name: '', rules: [rule('', 900)] }, /请输入快递公司名称/],
      [{ code: 'DBKD', name: '德邦快递', rules: [{ ...rule('', 900), firstFen: -1 }] }, /首重价格不能为负数/],
      [{ code: 'DBKD', name: '德邦快递', rules: [{ ...rule('', 900), stepWeightGrams: 0 }] }, /续重单位至少1克/],
    ];
    for (const [body, msg] of cases) {
      const r = await save(operator, body);
      expect(r.errorCode).toBe(400);
      expect(r.errorMsg).toMatch(msg);
    }
    const dup = await save(operator, { code: 'DBKD', name: '德邦快递', rules: [rule('', 900), rule('广东', 800), rule('广东省', 700)] });
    expect(dup.errorCode).toBe(400);
    expect(dup.errorMsg).toContain('同一省份只能有一条');
    expect(await snapshotCounts(t.database.db, { rules: expressPriceRules })).toEqual(before);
  });

  it('a new company with its rules prices at once; disabling takes it off the lists', async () => {
    const r = await save(operator, { code: 'DBKD', name: '德邦快递', sort: 80, rules: [rule('', 900), rule('广东', 700)] });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect((await fees(seller, { province: '广东省', itemCount: 3 })).data.find((f) => f.code === 'DBKD')).toMatchObject({
      feeFen: 700 + 150,
      ruleProvince: '广东省',
    });
    await save(operator, { code: 'DBKD', name: '德邦快递', enabled: false, rules: [rule('', 900)] });
    expect((await get<{ code: string }[]>('/api/b2/orders/express', seller)).data.map((c) => c.code)).not.toContain('DBKD');
    expect((await get<{ code: string }[]>('/api/b2/orders/expressAll', seller)).data.map((c) => c.code)).toContain('DBKD');
    expect((await fees(seller, { province: '广东省', itemCount: 1, expressCode: 'DBKD' })).data).toEqual([]);
  });

  it('sets the service fee per item and the weight an item counts as', async () => {
    const before = (await get('/api/operator/express/settings', operator)).data;
    const bad = await post('/api/operator/express/settings', operator, { serviceFeePerItemFen: 1.5, itemWeightGrams: 400 });
    expect(bad.errorCode).toBe(400);
    expect(bad.errorMsg).toMatch(/每件服务费必须是整数/);
    expect((await get('/api/operator/express/settings', operator)).data).toEqual(before);
    const ok = await post('/api/operator/express/settings', operator, { serviceFeePerItemFen: 150, itemWeightGrams: 400 });
    expect(ok).toMatchObject({ errorCode: 0, data: { serviceFeePerItemFen: 150, itemWeightGrams: 400 } });
    expect(await get('/api/operator/express/settings', operator)).toMatchObject({ errorCode: 0, data: { serviceFeePerItemFen: 150, itemWeightGrams: 400 } });
    expect((await get('/api/operator/express/settings', seller)).errorCode).toBe(ErrorCode.FORBIDDEN);
    expect((await fees(seller, { province: '河南省', itemCount: 3, expressCode: 'ZTO' })).data[0]).toMatchObject({ weightGrams: 1200, feeFen: 450 + 200 });
  });
});

describe('GET /api/b2/express/rules/export', () => {
  it('one row per company and province, in yuan', async () => {
    const res = await call(t.app, { url: '/api/b2/express/rules/export', session: purchaser });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    wb.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows[0]?.slice(0, 4)).toEqual(['快递公司', '收货省份', '首重(克)', '首重价格(元)']);
    expect(rows).toContainEqual(expect.arrayContaining(['中通快递', '默认（其他省份）', '1000', '4.50']));
  });
});
