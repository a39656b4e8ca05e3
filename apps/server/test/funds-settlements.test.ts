/**
 * 拿货结算 / 拿货员结算: recordSettlementLine (idempotent by the take item), aggregation per
 * Beijing day / week / month and stall, per picker, one picker's lines, the Excel exports, bad
 * input and tenant isolation.
 */
import { ErrorCode } from '@dropship/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error.js';
import { createOrganisation, createUser } from '../src/modules/auth/accounts.js';
import { type NewSettlementLine, recordSettlementLine } from '../src/modules/funds/settlements/settlements.service.js';
import { settlementLines } from '../src/modules/funds/settlements/settlements.table.js';
import { callers, expectBadRequest, orgOf, readWorkbook } from './funds-records-support.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { snapshotCounts } from './support.js';

let t: TestApp;
let purchaser: Session;
let picker: Session;
let seller: Session;
let otherPurchaser: Session;
let org: number;
let otherOrg: number;
let pickerId: number;
let otherPickerId: number;
const { post, raw } = callers(() => t);
const db = () => t.database.db;
const PASSWORD = 'Tenant@2026';

type Totals = { lines: number; goodsFen: number; commissionFen: number };
type Summary = { total: number; list: (Totals & { periodStart: string; supplierName: string })[]; totals: Totals };
type Pickers = { total: number; list: (Totals & { pickerUserId: number | null; pickerName: string })[]; totals: Totals };
type Lines = { total: number; pickerName: string; list: { businessId: string; goodsFen: number; kind: string }[]; totals: Totals };

const line = (v: Partial<NewSettlementLine> & { businessId: string; occurredAt: Date }): NewSettlementLine => ({
  orgId: org,
  pickerUserId: pickerId,
  supplierName: '测试档口甲',
  kind: 'TAKE',
  goodsFen: 1000,
  commissionFen: 100,
  ...v,
});

beforeAll(async () => {
  t = await createTestApp();
  purchaser = await login(t.app, 'demo_purchaser');
  picker = await login(t.app, 'demo_picker');
  seller = await login(t.app, 'demo_seller');
  pickerId = picker.userId;
  // A separate purchaser tenant with its own picker, and lines in a quiet year of its own.
  otherOrg = await createOrganisation(db(), { type: 'purchaser', name: '另一家拿货服务' });
  await createUser(db(), { orgId: otherOrg, username: 'other_purchaser_st', password: PASSWORD, isMain: true });
  otherPickerId = await createUser(db(), { orgId: otherOrg, username: 'other_picker_st', password: PASSWORD, isMain: false });
  otherPurchaser = await login(t.app, 'other_purchaser_st', PASSWORD);
  org = await orgOf(t, purchaser);
  const at = (s: string) => new Date(s);
  // 2025: a year the demo seed does not touch. Times are UTC; the comments give Beijing time.
  for (const l of [
    line({ businessId: 'S1', occurredAt: at('2025-03-02T15:59:00Z'), goodsFen: 1000 }), // Sun 2 Mar 23:59
    line({ businessId: 'S2', occurredAt: at('2025-03-02T16:00:00Z'), goodsFen: 2000 }), // Mon 3 Mar 00:00
    line({ businessId: 'S3', occurredAt: at('2025-03-03T03:00:00Z'), goodsFen: 3000, supplierName: '测试档口乙', pickerUserId: null, commissionFen: 0 }),
    line({ businessId: 'S4', occurredAt: at('2025-03-31T16:30:00Z'), goodsFen: 4000 }), // Tue 1 Apr 00:30
    line({ businessId: 'S1', kind: 'RETURN', occurredAt: at('2025-03-04T02:00:00Z'), goodsFen: -1000, commissionFen: 50 }),
  ])
    await recordSettlementLine(db(), l);
  await recordSettlementLine(db(), {
    ...line({ businessId: 'X1', occurredAt: at('2025-03-03T03:00:00Z'), goodsFen: 7777 }),
    orgId: otherOrg,
    pickerUserId: otherPickerId,
  });
});
afterAll(() => t?.close());

const MARCH = { dateFrom: '2025-03-01', dateTo: '2025-04-30' };

describe('recordSettlementLine', () => {
  it('is idempotent by (org, business id, kind)', async () => {
    const again = await recordSettlementLine(db(), line({ businessId: 'S2', occurredAt: new Date('2025-03-02T16:00:00Z'), goodsFen: 2000 }));
    expect(again.created).toBe(false);
    const rows = await db().select().from(settlementLines).where(eq(settlementLines.businessId, 'S2'));
    expect(rows).toHaveLength(1);
  });

  it('refuses the same take item with other amounts (13051)', async () => {
    const e = await recordSettlementLine(db(), line({ businessId: 'S2', occurredAt: new Date(), goodsFen: 2001 })).catch((x: AppError) => x);
    expect(e).toMatchObject({ errorCode: ErrorCode.SETTLEMENT_LINE_CONFLICT });
  });

  it("refuses another tenant's picker as not found", async () => {
    const e = await recordSettlementLine(db(), line({ businessId: 'S9', occurredAt: new Date(), pickerUserId: otherPickerId })).catch((x: AppError) => x);
    expect(e).toMatchObject({ errorCode: ErrorCode.NOT_FOUND, message: '拿货员不存在' });
  });

  it('refuses fractional, huge or wrongly signed money and empty names, writing nothing', async () => {
    const before = await snapshotCounts(db(), { settlementLines });
    const now = new Date();
    for (const bad of [
      line({ businessId: 'B1', occurredAt: now, goodsFen: 10.5 }),
      line({ businessId: 'B2', occurredAt: now, goodsFen: 2e9 }),
      line({ businessId: 'B3', occurredAt: now, goodsFen: -1 }),
      line({ businessId: 'B4', occurredAt: now, kind: 'RETURN', goodsFen: 100 }),
      line({ businessId: 'B5', occurredAt: now, commissionFen: -1 }),
      line({ businessId: 'B6', occurredAt: now, supplierName: ' ' }),
      line({ businessId: '', occurredAt: now }),
      line({ businessId: 'B8', occurredAt: new Date('nope') }),
    ]) {
      const e = await recordSettlementLine(db(), bad).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).errorCode).toBe(400);
    }
    expect(await snapshotCounts(db(), { settlementLines })).toEqual(before);
  });
});

describe('POST /api/b2/funds/settlement/summary', () => {
  const summary = (body: Record<string, unknown>, s = purchaser) => post<Summary>('/api/b2/funds/settlement/summary', s, { pageNo: 1, pageSize: 50, ...body });

  it('per Beijing day and stall', async () => {
    const r = await summary({ ...MARCH, period: 'day' });
    expect(r.data.list.map((x) => [x.periodStart, x.supplierName, x.lines, x.goodsFen, x.commissionFen])).toEqual([
      ['2025-04-01', '测试档口甲', 1, 4000, 100],
      ['2025-03-04', '测试档口甲', 1, -1000, 50],
      ['2025-03-03', '测试档口乙', 1, 3000, 0],
      ['2025-03-03', '测试档口甲', 1, 2000, 100],
      ['2025-03-02', '测试档口甲', 1, 1000, 100],
    ]);
    expect(r.data.totals).toEqual({ lines: 5, goodsFen: 9000, commissionFen: 350 });
    expect(r.data.total).toBe(5);
  });

  it('per week (from Monday) and per month', async () => {
    const weeks = await summary({ ...MARCH, period: 'week', supplierName: '甲' });
    expect(weeks.data.list.map((x) => [x.periodStart, x.goodsFen])).toEqual([
      ['2025-03-31', 4000],
      ['2025-03-03', 1000],
      ['2025-02-24', 1000],
    ]);
    const months = await summary({ ...MARCH, period: 'month' });
    expect(months.data.list.map((x) => [x.periodStart, x.supplierName, x.goodsFen])).toEqual([
      ['2025-04-01', '测试档口甲', 4000],
      ['2025-03-01', '测试档口乙', 3000],
      ['2025-03-01', '测试档口甲', 2000],
    ]);
  });

  it('pages the groups; totals cover every group', async () => {
    const r = await summary({ ...MARCH, period: 'day', pageNo: 2, pageSize: 2 });
    expect(r.data.list.map((x) => x.periodStart)).toEqual(['2025-03-03', '2025-03-03']);
    expect(r.data).toMatchObject({ total: 5, totals: { lines: 5 } });
  });

  it('another purchaser sees only its own; a seller sees none of it', async () => {
    expect((await summary({ ...MARCH }, otherPurchaser)).data.list.map((x) => x.goodsFen)).toEqual([7777]);
    expect((await summary({ ...MARCH }, seller)).data).toEqual({ total: 0, list: [], totals: { lines: 0, goodsFen: 0, commissionFen: 0 } });
  });

  it('exports the aggregation with totals', async () => {
    const [sheet] = await readWorkbook(await raw('/api/b2/funds/settlement/summary/export', purchaser, { ...MARCH, period: 'month' }));
    expect(sheet?.rows[0]).toEqual(['月份', '档口', '件数', '货款（元）', '拿货佣金（元）']);
    expect(sheet?.rows[1]).toEqual(['2025-04', '测试档口甲', '1', '40.00', '1.00']);
    expect(sheet?.rows.at(-1)).toEqual(['合计', '5 件', '货款 90.00 元', '佣金 3.50 元']);
  });

  it.each([
    [{ period: 'year', ...MARCH }, /结算周期/],
    [{ dateFrom: '2025-03-01' }, /请选择结束日期/],
    [{ dateFrom: '2025-03-10', dateTo: '2025-03-01' }, /开始日期不能晚于结束日期/],
    [{ dateFrom: '2024-01-01', dateTo: '2025-03-01' }, /查询范围不能超过366天/],
    [{ dateFrom: '2025-13-01', dateTo: '2025-03-01' }, /开始日期格式/],
    [{ ...MARCH, supplierName: 'x'.repeat(61) }, /档口名称不能超过60个字符/],
    [{ ...MARCH, pageSize: 0 }, /每页条数/],
  ])('bad input %j answers a Chinese 400', async (body, message) => {
    expectBadRequest(await post('/api/b2/funds/settlement/summary', purchaser, body), message);
  });
});

describe('拿货员结算: per picker and one picker’s lines', () => {
  it('per picker, the unassigned line on its own row', async () => {
    const r = await post<Pickers>('/api/b2/funds/settlement/pickers', purchaser, { ...MARCH, pageNo: 1, pageSize: 20 });
    expect(r.data.list).toEqual([
      { pickerUserId: pickerId, pickerName: 'demo_picker', lines: 4, goodsFen: 6000, commissionFen: 350 },
      { pickerUserId: null, pickerName: '未分配拿货员', lines: 1, goodsFen: 3000, commissionFen: 0 },
    ]);
  });

  it("one picker's lines newest first, and another tenant's picker is not found", async () => {
    const r = await post<Lines>('/api/b2/funds/settlement/picker/lines', purchaser, { ...MARCH, pickerUserId: pickerId, pageNo: 1, pageSize: 20 });
    expect(r.data.pickerName).toBe('demo_picker');
    expect(r.data.list.map((x) => [x.businessId, x.kind, x.goodsFen])).toEqual([
      ['S4', 'TAKE', 4000],
      ['S1', 'RETURN', -1000],
      ['S2', 'TAKE', 2000],
      ['S1', 'TAKE', 1000],
    ]);
    expect(r.data.totals).toEqual({ lines: 4, goodsFen: 6000, commissionFen: 350 });
    const foreign = await post('/api/b2/funds/settlement/picker/lines', purchaser, { ...MARCH, pickerUserId: otherPickerId, pageNo: 1, pageSize: 20 });
    expect(foreign).toEqual({ errorCode: 12001, errorMsg: '拿货员不存在', data: null });
    const mine = await post('/api/b2/funds/settlement/picker/lines', otherPurchaser, { ...MARCH, pickerUserId: pickerId, pageNo: 1, pageSize: 20 });
    expect(mine.errorCode).toBe(12001);
  });

  it('exports per picker and one picker', async () => {
    const [p] = await readWorkbook(await raw('/api/b2/funds/settlement/pickers/export', purchaser, MARCH));
    expect(p?.rows.slice(0, 2)).toEqual([
      ['拿货员', '件数', '货款（元）', '佣金（元）'],
      ['demo_picker', '4', '60.00', '3.50'],
    ]);
    const [l] = await readWorkbook(await raw('/api/b2/funds/settlement/picker/lines/export', purchaser, { ...MARCH, pickerUserId: pickerId }));
    expect(l?.rows[2]).toEqual(['2025-03-04 10:00:00', '退货回档口', '测试档口甲', 'S1', '-10.00', '0.50']);
  });

  it('a picker without the settlement code may not read it; bad picker ids answer 400', async () => {
    expect((await raw('/api/b2/funds/settlement/pickers', picker, { ...MARCH })).statusCode).toBe(403);
    expectBadRequest(await post('/api/b2/funds/settlement/picker/lines', purchaser, { ...MARCH, pickerUserId: 'me' }), /拿货员必须是数字/);
    expectBadRequest(await post('/api/b2/funds/settlement/picker/lines', purchaser, { ...MARCH, pickerUserId: -3 }), /拿货员必须大于0/);
  });
});
