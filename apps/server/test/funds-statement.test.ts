/**
 * 对账单: monthly statements computed from ledger_entries agree with the ledger. Over a randomized
 * history spread across fourteen months, every month's opening + movements = closing, each opening
 * is the previous closing, the last closing is the balance, and each type's sums match a model.
 */
import { ErrorCode, type StatementResult } from '@dropship/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, createUser } from '../src/modules/auth/accounts.js';
import { balanceOf, type Movement, moveMoney } from '../src/modules/funds/ledger/ledger.service.js';
import { ledgerEntries } from '../src/modules/funds/ledger/ledger.table.js';
import { overview, statement } from '../src/modules/funds/statements/statements.service.js';
import { callers, expectBadRequest, readWorkbook } from './funds-records-support.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { createSecondSeller, PASSWORD } from './support.js';

let t: TestApp;
let owner: Session;
let other: Session;
let seller: Session;
let org: number;
const { get, raw } = callers(() => t);
const db = () => t.database.db;

/** Months 2024-11 … 2025-12; every entry gets a created_at that grows with its id. */
const MONTHS = Array.from({ length: 14 }, (_, i) => {
  const m = 10 + i;
  return `${2024 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
});
const model = new Map<string, Map<string, { count: number; income: number; expense: number; frozen: number }>>();

function beijingMonth(d: Date) {
  return new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 7);
}

/** 00:00 Beijing on the first day of the month after the one `ms` falls in. */
function nextMonthStart(ms: number) {
  const [y, m] = beijingMonth(new Date(ms)).split('-').map(Number) as [number, number];
  return Date.parse(`${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, '0')}-01T00:00:00+08:00`);
}

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrganisation(db(), { type: 'seller', name: '对账随机' });
  await createUser(db(), { orgId: org, username: 'statement_owner', password: PASSWORD, isMain: true });
  owner = await login(t.app, 'statement_owner', PASSWORD);
  other = await login(t.app, (await createSecondSeller(db(), 'st')).username, PASSWORD);
  seller = await login(t.app, 'demo_seller');

  let seed = 424_242;
  const rand = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  // From 2024-11-01 00:00 Beijing to 2025-12-31 23:59, with some entries exactly on month boundaries.
  const start = Date.parse('2024-10-31T16:00:00Z');
  const end = Date.parse('2025-12-31T15:59:00Z');
  let at = start;
  let frozen = 0;
  let available = 0;
  for (let i = 0; i < 400; i++) {
    const fen = 1 + Math.floor(rand() * 50_000);
    const p = rand();
    let m: Movement;
    if (p < 0.3 || available < fen) m = { orgId: org, transactionType: 'RECHARGE', purpose: 'OTHER', availableDeltaFen: fen, requestKey: `st-${i}` };
    else if (p < 0.55) m = { orgId: org, transactionType: 'ORDER', purpose: 'ORDER', availableDeltaFen: -fen, requestKey: `st-${i}` };
    else if (p < 0.65) m = { orgId: org, transactionType: 'REFUND', purpose: 'ORDER', availableDeltaFen: Math.ceil(fen / 3), requestKey: `st-${i}` };
    else if (p < 0.75) m = { orgId: org, transactionType: 'WITHDRAWAL', purpose: 'OTHER', availableDeltaFen: -fen, frozenDeltaFen: fen, requestKey: `st-${i}` };
    else if (p < 0.85 && frozen > 0)
      m = { orgId: org, transactionType: 'WITHDRAWAL', purpose: 'OTHER', availableDeltaFen: 0, frozenDeltaFen: -frozen, requestKey: `st-${i}` };
    else m = { orgId: org, transactionType: 'REPLENISH', purpose: 'UPDATE_PRICE', availableDeltaFen: -Math.min(fen, available), requestKey: `st-${i}` };
    if (m.availableDeltaFen === 0 && (m.frozenDeltaFen ?? 0) === 0) continue;
    const { entry } = await moveMoney(db(), m);
    available = entry.availableAfterFen;
    frozen = entry.frozenAfterFen;
    // Every 50th entry lands exactly on the start of a Beijing month; the rest spread evenly.
    at = i % 50 === 49 ? nextMonthStart(at) : at + Math.floor(((end - start) / 400) * rand() * 1.8);
    const when = new Date(Math.min(at, end));
    await db().update(ledgerEntries).set({ createdAt: when }).where(eq(ledgerEntries.id, entry.id));
    const month = beijingMonth(when);
    const byType = model.get(month) ?? new Map();
    const g = byType.get(m.transactionType) ?? { count: 0, income: 0, expense: 0, frozen: 0 };
    g.count++;
    if (m.availableDeltaFen > 0) g.income += m.availableDeltaFen;
    else g.expense -= m.availableDeltaFen;
    g.frozen += m.frozenDeltaFen ?? 0;
    byType.set(m.transactionType, g);
    model.set(month, byType);
  }
}, 120_000);
afterAll(() => t?.close());

describe('the statement agrees with the ledger', () => {
  it('opening + movements = closing in every month; each opening is the previous closing; the last closing is the balance', async () => {
    let previous: StatementResult | undefined;
    for (const month of ['2024-10', ...MONTHS]) {
      const s = await statement(db(), org, month);
      expect(s.opening.availableFen + s.totals.incomeFen - s.totals.expenseFen).toBe(s.closing.availableFen);
      expect(s.opening.frozenFen + s.totals.frozenChangeFen).toBe(s.closing.frozenFen);
      if (previous) expect(s.opening).toEqual(previous.closing);
      const want = [...(model.get(month) ?? new Map()).entries()]
        .map(([type, g]) => ({ transactionType: type, count: g.count, incomeFen: g.income, expenseFen: g.expense, frozenChangeFen: g.frozen }))
        .sort((a, b) => a.transactionType.localeCompare(b.transactionType));
      expect(s.groups).toEqual(want);
      previous = s;
    }
    const b = await balanceOf(db(), org);
    expect(previous?.closing).toEqual({ availableFen: b.available, frozenFen: b.frozen });
    expect(model.size).toBeGreaterThanOrEqual(12);
  });

  it('the 12-month overview matches the monthly statements', async () => {
    const rows = await overview(db(), org, '2025-12');
    expect(rows.map((r) => r.month)).toEqual(MONTHS.slice(2).reverse());
    for (const r of rows) {
      const s = await statement(db(), org, r.month);
      expect(r).toEqual({
        month: r.month,
        openingFen: s.opening.availableFen,
        incomeFen: s.totals.incomeFen,
        expenseFen: s.totals.expenseFen,
        closingFen: s.closing.availableFen,
        count: s.totals.count,
      });
    }
  });
});

describe('GET /api/b2/funds/statement', () => {
  it("answers the caller's month; another seller's is empty", async () => {
    const mine = await get<StatementResult>('/api/b2/funds/statement?month=2025-03', owner);
    expect(mine.errorCode).toBe(0);
    expect(mine.data).toEqual(await statement(db(), org, '2025-03'));
    const theirs = await get<StatementResult>('/api/b2/funds/statement?month=2025-03', other);
    expect(theirs.data).toMatchObject({ opening: { availableFen: 0, frozenFen: 0 }, closing: { availableFen: 0, frozenFen: 0 }, groups: [] });
    const ov = await get<{ month: string }[]>('/api/b2/funds/statement/overview', other);
    expect(ov.data).toHaveLength(12);
  });

  it.each([
    ['month=2025-13', /月份格式应为 YYYY-MM/],
    ['month=abc', /月份格式应为 YYYY-MM/],
    ['month=202503', /月份格式应为 YYYY-MM/],
    ['', /请选择月份/],
    // +2: on 31 Dec after 16:00 UTC, next year by the machine's clock is already Beijing's year.
    [`month=${new Date().getFullYear() + 2}-01`, /还没有到/],
  ])('bad month %s answers a Chinese 400', async (q, message) => {
    expectBadRequest(await get(`/api/b2/funds/statement?${q}`, owner), message);
  });

  it('the overview refuses a bad end month', async () => {
    expectBadRequest(await get('/api/b2/funds/statement/overview?endMonth=25-1', owner), /截止月份格式应为 YYYY-MM/);
  });

  it('exports a month as the statement and every entry', async () => {
    const s = await statement(db(), org, '2025-03');
    const [summary, detail] = await readWorkbook(await raw('/api/b2/funds/statement/export?month=2025-03', owner));
    expect(summary?.name).toBe('对账单 2025-03');
    expect(summary?.rows[1]?.slice(0, 1)).toEqual(['期初余额']);
    expect(summary?.rows.at(-1)?.[0]).toBe('期末余额');
    expect(summary?.rows.at(-1)?.[2]).toBe((s.closing.availableFen / 100).toFixed(2));
    expect(detail?.rows[0]?.[1]).toBe('交易类型');
    expect(detail?.rows).toHaveLength(s.totals.count + 1);
    expect((await raw('/api/b2/funds/statement/export?month=2025-3', owner)).statusCode).toBe(400);
  });

  it('a purchaser reads its own (empty) statement; the code is the route table’s', async () => {
    const purchaser = await login(t.app, 'demo_purchaser');
    expect((await get<StatementResult>('/api/b2/funds/statement?month=2025-03', purchaser)).data.groups).toEqual([]);
    expect((await raw('/api/b2/funds/statement?month=2025-03', await login(t.app, 'demo_picker'))).statusCode).toBe(403);
    expect((await get('/api/b2/funds/statement?month=2025-03', seller)).errorCode).toBe(ErrorCode.OK);
  });
});
