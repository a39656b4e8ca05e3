/**
 * Membership (decision 0033): the operator's plans (save, publish, withdraw, audited), a seller buying
 * with the balance (pay password) and by Alipay (payCallback=member, through the emulator's notify),
 * renewals extending from the current end, the same request key twice at once buying once, a withdrawn
 * plan refused, the member's lower service fee on the next order (kept on the order), the expiry
 * reminders, bad input and another tenant; the ledger check holds throughout.
 */
import { ErrorCode } from '@dropship/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { dropshipOrders } from '../src/modules/dropship-orders/dropship-orders.table.js';
import { checkLedger } from '../src/modules/funds/ledger/ledger.service.js';
import { suppliers } from '../src/modules/goods/index.js';
import { remindExpiringMembers } from '../src/modules/membership/membership.service.js';
import { memberships } from '../src/modules/membership/membership.table.js';
import { messages } from '../src/modules/messages/messages.table.js';
import { auditLogs } from '../src/modules/onboarding/index.js';
import { draftOf, linkedShopOrder } from './dropship-orders-support.js';
import {
  balance,
  callers,
  expectBadRequest,
  type FundsTestApp,
  fund,
  notifyFields,
  orgOf,
  PAY_PASSWORD,
  postNotify,
  setPayPassword,
  startFundsApp,
} from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { createSecondSeller, PASSWORD } from './support.js';

let t: FundsTestApp;
let seller: Session;
let other: Session;
let operator: Session;
let orgId: number;
let otherOrgId: number;
const { get, post } = callers(() => t);
const db = () => t.database.db;
let keySeq = 0;
const key = () => `member-test-${Date.now()}-${++keySeq}`;
const DAY = 86_400_000;

type Plan = { id: number; name: string; termDays: number; priceFen: number; status: string };
type Bought = {
  purchaseId: number;
  status: string;
  paid: boolean;
  amountFen: number;
  expiresAt: string | null;
  alipay: { outTradeNo: string; payUrl: string } | null;
};
type Status = { active: boolean; planName: string | null; expiresAt: string | null };

beforeAll(async () => {
  t = await startFundsApp();
  seller = await login(t.app, 'demo_seller');
  operator = await login(t.app, 'demo_operator');
  const second = await createSecondSeller(db(), 'mb');
  other = await login(t.app, second.username, PASSWORD);
  orgId = await orgOf(db(), seller);
  otherOrgId = second.orgId;
  await setPayPassword(t, seller, DEMO_PASSWORD);
  await setPayPassword(t, other, PASSWORD);
  await fund(db(), orgId, 1_000_000);
  await fund(db(), otherOrgId, 100_000);
});
afterAll(() => t?.close());

const PLAN = { name: '测试月卡', termDays: 30, priceFen: 9900, serviceFeePercent: 80, serviceFeeOffPerItemFen: 0 };
async function publishedPlan(extra: Partial<typeof PLAN> = {}) {
  const saved = await post<Plan>('/api/operator/memberPlans/save', operator, { ...PLAN, ...extra });
  expect(saved.errorCode, saved.errorMsg).toBe(0);
  const pub = await post<Plan>(`/api/operator/memberPlans/${saved.data.id}/publish`, operator);
  expect(pub.data.status).toBe('PUBLISHED');
  return pub.data;
}
const buy = (s: Session, planId: number, requestKey = key(), payPassword = PAY_PASSWORD) =>
  post<Bought>('/api/b2/member/buy', s, { planId, payMethod: 'BALANCE', payPassword, requestKey });
const status = (s: Session) => get<Status>('/api/b2/member/status', s);
const membershipOf = async (org: number) => (await db().select().from(memberships).where(eq(memberships.orgId, org)))[0];
const ledgerOk = async () => expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);
const state = async () => {
  const [r] = await queryRows<Record<string, string>>(
    db(),
    sql`select (select count(*) from ledger_entries) as entries, (select count(*) from member_purchases) as purchases,
               (select count(*) from member_plans) as plans, (select string_agg(org_id || ':' || coalesce(expires_at::text, '-'), ',' order by org_id) from memberships) as ends`,
  );
  return r as Record<string, string>;
};

describe('the operator plans', () => {
  it('saves a plan unpublished, publishes it for sellers, refuses editing it while on sale, and audits each change', async () => {
    const before = (await db().select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0]?.id ?? 0;
    const saved = await post<Plan>('/api/operator/memberPlans/save', operator, { ...PLAN, name: '草稿套餐' });
    expect(saved.data.status).toBe('DRAFT');
    const offers = async () => (await get<{ id: number }[]>('/api/b2/member/plans', seller)).data.map((p) => p.id);
    expect(await offers()).not.toContain(saved.data.id);
    await post(`/api/operator/memberPlans/${saved.data.id}/publish`, operator);
    expect(await offers()).toContain(saved.data.id);
    const edit = await post('/api/operator/memberPlans/save', operator, { ...PLAN, id: saved.data.id, priceFen: 1 });
    expect(edit.errorCode).toBe(ErrorCode.MEMBER_PLAN_NOT_EDITABLE);
    expect(edit.errorMsg).toMatch(/下架/);
    await post(`/api/operator/memberPlans/${saved.data.id}/withdraw`, operator);
    expect(await offers()).not.toContain(saved.data.id);
    expect((await post(`/api/operator/memberPlans/${saved.data.id}/withdraw`, operator)).errorCode).toBe(ErrorCode.MEMBER_PLAN_STATUS);
    const actions = (await db().select().from(auditLogs).where(sql`${auditLogs.id} > ${before}`)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['memberPlan.save', 'memberPlan.publish', 'memberPlan.withdraw']));
  });

  it('refuses bad input in Chinese and sellers on the console calls, changing nothing', async () => {
    const before = await state();
    expectBadRequest(await post('/api/operator/memberPlans/save', operator, { ...PLAN, name: '' }), /套餐名称/);
    expectBadRequest(await post('/api/operator/memberPlans/save', operator, { ...PLAN, termDays: 0 }), /有效天数/);
    expectBadRequest(await post('/api/operator/memberPlans/save', operator, { ...PLAN, priceFen: 0 }), /价格/);
    expectBadRequest(await post('/api/operator/memberPlans/save', operator, { ...PLAN, serviceFeePercent: 101 }), /服务费折扣/);
    expect((await post('/api/operator/memberPlans/save', operator, { ...PLAN, id: 999_999 })).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await post('/api/operator/memberPlans/save', seller, PLAN)).errorCode).not.toBe(0);
    expect(await state()).toEqual(before);
  });
});

describe('buying with the balance', () => {
  it('buys once per request key, renews from the current end, and shows the level and expiry', async () => {
    const plan = await publishedPlan();
    const wrong = await buy(seller, plan.id, key(), '000000');
    expect(wrong.errorCode).toBe(ErrorCode.PAY_PASSWORD_WRONG);
    const was = await balance(db(), orgId);
    const k = key();
    const first = await buy(seller, plan.id, k);
    expect(first.errorCode, first.errorMsg).toBe(0);
    expect(first.data).toMatchObject({ status: 'PAID', paid: true, amountFen: 9900 });
    const end = Date.parse(first.data.expiresAt as string);
    expect(Math.abs(end - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    expect((await balance(db(), orgId)).available).toBe(was.available - 9900);
    const again = await buy(seller, plan.id, k);
    expect(again.data).toEqual(first.data);
    expect((await balance(db(), orgId)).available).toBe(was.available - 9900);
    const renewed = await buy(seller, plan.id);
    expect(Date.parse(renewed.data.expiresAt as string)).toBe(end + 30 * DAY);
    expect((await status(seller)).data).toMatchObject({ active: true, planName: '测试月卡', expiresAt: renewed.data.expiresAt });
    expect((await status(other)).data).toMatchObject({ active: false, planName: null, expiresAt: null });
    await ledgerOk();
  });

  it('the same request key twice at once: one purchase, the money moves once', async () => {
    const plan = await publishedPlan({ name: '并发套餐' });
    const before = await state();
    const was = await balance(db(), orgId);
    const k = key();
    const [a, b] = await Promise.all([buy(seller, plan.id, k), buy(seller, plan.id, k)]);
    expect([a.errorCode, b.errorCode]).toEqual([0, 0]);
    expect(a.data.purchaseId).toBe(b.data.purchaseId);
    expect((await balance(db(), orgId)).available).toBe(was.available - 9900);
    const after = await state();
    expect(Number(after.purchases)).toBe(Number(before.purchases) + 1);
    expect(Number(after.entries)).toBe(Number(before.entries) + 1);
    await ledgerOk();
  });

  it('a withdrawn plan, bad input and not enough money are refused in Chinese, changing nothing', async () => {
    const plan = await publishedPlan({ name: '将下架' });
    await post(`/api/operator/memberPlans/${plan.id}/withdraw`, operator);
    const before = await state();
    const gone = await buy(seller, plan.id);
    expect(gone.errorCode).toBe(ErrorCode.MEMBER_PLAN_UNAVAILABLE);
    expect(gone.errorMsg).toMatch(/已下架/);
    expectBadRequest(await post('/api/b2/member/buy', seller, { planId: plan.id, payMethod: 'BALANCE', requestKey: key() }), /支付密码/);
    expectBadRequest(await post('/api/b2/member/buy', seller, { planId: 'x', payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey: key() }), /套餐/);
    expectBadRequest(await post('/api/b2/member/buy', seller, { planId: plan.id, payMethod: 'CASH', requestKey: key() }), /支付方式/);
    const dear = await publishedPlan({ name: '太贵', priceFen: 9_999_999 });
    const poor = await buy(other, dear.id);
    expect(poor.errorCode).toBe(ErrorCode.INSUFFICIENT_BALANCE);
    expect(await state()).toMatchObject({ entries: before.entries, purchases: before.purchases, ends: before.ends });
    await ledgerOk();
  });
});

describe('buying by Alipay (payCallback=member)', () => {
  it('the notify pays the plan once: the membership extends, the balance nets to zero; another tenant gets not found', async () => {
    const plan = await publishedPlan({ name: '支付宝季卡', termDays: 90, priceFen: 25_800 });
    const r = await post<Bought>('/api/b2/member/buy', other, { planId: plan.id, payMethod: 'ALIPAY_WEB', requestKey: key() });
    expect(r.errorCode, r.errorMsg).toBe(0);
    const trade = r.data.alipay as { outTradeNo: string; payUrl: string };
    expect(trade.outTradeNo).toMatch(/^MB\d{24}$/);
    expect(new URL(trade.payUrl).searchParams.get('return_url')).toContain('payCallback=member');
    const payment = (s: Session) => get<{ status: string; expiresAt: string | null }>(`/api/b2/member/payment?outTradeNo=${trade.outTradeNo}`, s);
    expect((await payment(other)).data.status).toBe('WAITING_PAYMENT');
    expect((await payment(seller)).errorCode).toBe(ErrorCode.NOT_FOUND);
    const was = await balance(db(), otherOrgId);
    const fields = t.signAsAlipay(notifyFields(trade.outTradeNo, '258.00'));
    for (let i = 0; i < 3; i++) expect((await postNotify(t, fields)).body).toBe('success');
    expect((await balance(db(), otherOrgId)).available).toBe(was.available);
    const paid = (await payment(other)).data;
    expect(paid.status).toBe('PAID');
    expect(Math.abs(Date.parse(paid.expiresAt as string) - (Date.now() + 90 * DAY))).toBeLessThan(60_000);
    expect((await status(other)).data).toMatchObject({ active: true, planName: '支付宝季卡' });
    expect((await checkLedger(db(), otherOrgId)).mismatches).toEqual([]);
  });

  it('a plan withdrawn while the seller pays leaves the money on the balance, the membership unchanged', async () => {
    const plan = await publishedPlan({ name: '支付中下架', priceFen: 1000 });
    const r = await post<Bought>('/api/b2/member/buy', other, { planId: plan.id, payMethod: 'ALIPAY_WAP', requestKey: key() });
    const trade = r.data.alipay as { outTradeNo: string };
    await post(`/api/operator/memberPlans/${plan.id}/withdraw`, operator);
    const was = await balance(db(), otherOrgId);
    const end = (await membershipOf(otherOrgId))?.expiresAt;
    expect((await postNotify(t, t.signAsAlipay(notifyFields(trade.outTradeNo, '10.00')))).body).toBe('success');
    expect((await balance(db(), otherOrgId)).available).toBe(was.available + 1000);
    expect((await membershipOf(otherOrgId))?.expiresAt).toEqual(end);
    expect((await checkLedger(db(), otherOrgId)).mismatches).toEqual([]);
  });
});

describe('the member service fee', () => {
  it('the next order of a member is charged the lower service fee, and the order keeps what membership took off', async () => {
    // Half the fee, then 0.10 yuan off per item: 2 items at ¥1 → ¥2 base → ¥1 → ¥0.80.
    const plan = await publishedPlan({ name: '半价服务费', serviceFeePercent: 50, serviceFeeOffPerItemFen: 10 });
    const so = await linkedShopOrder(db(), orgId, [{ costFen: 4500, quantity: 2 }]);
    const cost = async () =>
      (
        await post<{ orders: { cost: { serviceFeeFen: number; memberFeeOffFen: number; totalFen: number } | null }[] }>(
          '/api/b2/post/orders/calculate/express/cost',
          seller,
          { orders: [{ shopOrderId: so.id, province: '浙江省', expressCode: 'ZTO' }] },
        )
      ).data.orders[0]?.cost;
    await db()
      .update(memberships)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberships.orgId, orgId));
    expect(await cost()).toMatchObject({ serviceFeeFen: 200, memberFeeOffFen: 0 });
    expect((await buy(seller, plan.id)).errorCode).toBe(0);
    const member = await cost();
    expect(member).toMatchObject({ serviceFeeFen: 80, memberFeeOffFen: 120 });
    const created = await post<{ orders: { id: number; totalFen: number }[] }>('/api/b2/post/orders/create', seller, { orders: [draftOf(so.id)] });
    expect(created.errorCode, created.errorMsg).toBe(0);
    const id = created.data.orders[0]?.id as number;
    const [row] = await db()
      .select()
      .from(dropshipOrders)
      .where(and(eq(dropshipOrders.orgId, orgId), eq(dropshipOrders.id, id)));
    expect(row).toMatchObject({ serviceFeeFen: 80, memberFeeOffFen: 120, totalFen: member?.totalFen });
    // An offline pickup order prices its service fee the same way.
    const [stall] = await db().select().from(suppliers).where(eq(suppliers.orgId, orgId)).limit(1);
    const line = { supplierId: stall?.id, artNo: 'K2031', color: '黑色', size: 'M', quantity: 2, unitPriceFen: 3500 };
    const pickup = await post<{ id: number; totalFen: number }>('/api/b2/offline/pickup/create', seller, {
      contactName: '周小芳',
      contactPhone: '13800138009',
      remark: '',
      lines: [line],
    });
    expect(pickup.errorCode, pickup.errorMsg).toBe(0);
    expect(pickup.data.totalFen).toBe(7000 + 80);
    const [offline] = await db().select().from(dropshipOrders).where(eq(dropshipOrders.id, pickup.data.id));
    expect(offline).toMatchObject({ serviceFeeFen: 80, memberFeeOffFen: 120 });
  });
});

describe('expiry reminders', () => {
  it('reminds 7 days and 1 day before, each once per membership end', async () => {
    const mine = () =>
      db()
        .select()
        .from(messages)
        .where(and(eq(messages.orgId, orgId), eq(messages.kind, 'MEMBER')));
    const before = (await mine()).length;
    await db()
      .update(memberships)
      .set({ expiresAt: new Date(Date.now() + 5 * DAY) })
      .where(eq(memberships.orgId, orgId));
    await remindExpiringMembers(db());
    await remindExpiringMembers(db());
    expect((await mine()).length).toBe(before + 1);
    await db()
      .update(memberships)
      .set({ expiresAt: new Date(Date.now() + 12 * 3_600_000) })
      .where(eq(memberships.orgId, orgId));
    await remindExpiringMembers(db());
    await remindExpiringMembers(db());
    const all = await mine();
    expect(all.length).toBe(before + 2);
    expect(all.map((m) => m.title)).toEqual(expect.arrayContaining(['会员即将到期', '会员明天到期']));
    await ledgerOk();
  });
});
