/**
 * The seller's answer to a platform after-sale and the automatic after-sale rules, end to end through
 * the shop sync, the job queue and the marketplace emulator: a rule intercepts, refunds once and agrees
 * on the platform a refund before picking (with the auto-intercept off, and on: then the rule only
 * answers); an amount limit skips a larger refund and logs why; a shop without a rule on does nothing;
 * 同意 / 拒绝 by hand; a platform refusing our answer leaves ours unchanged; another seller's ids are
 * not found and its log holds nothing of ours; an expired token answers to re-authorize, nothing changed;
 * a return waybill the platform gives (at once or later) reaches the return after-sale.
 */
import type { MarketplaceEmulator, NormalizedOrder } from '@dropship/channels';
import type { ActiveAutoSaleTag, AfterSaleDetail, AutoAfterSaleLogPage, AutoAfterSaleSettings } from '@dropship/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterSaleEvents, afterSales } from '../src/modules/after-sale/after-sale.table.js';
import { autoAfterSaleLogs } from '../src/modules/after-sale/auto-after-sale.table.js';
import { checkLedger } from '../src/modules/funds/ledger/ledger.service.js';
import { ledgerEntries } from '../src/modules/funds/ledger/ledger.table.js';
import { shops } from '../src/modules/shops/shops.table.js';
import { login, type Session, type TestApp } from './helpers.js';
import { type PlatformRefundWorld, startPlatformRefundWorld } from './platform-refund-world.js';
import { call, createSecondSeller, envelope, PASSWORD, snapshotCounts } from './support.js';

let w: PlatformRefundWorld;
let t: TestApp;
let seller: Session;
let orgId: number;
let emu: MarketplaceEmulator;
let shopId: number;
let platformShopId: string;
const db = () => t.database.db;
const BASE = '/api/b2/aftersale/orders';
const post = <T>(url: string, payload: Record<string, unknown>) => w.post<T>(url, payload);
const sync = () => w.sync();
const available = () => w.available();
const waitingOrder = () => w.waitingOrder();
const placeAndPay = (order: NormalizedOrder) => w.placeAndPay(order);
const deliver = (orderId: number) => w.deliver(orderId);
const state = async () => ({
  ...(await snapshotCounts(db(), { afterSales, afterSaleEvents, ledgerEntries, autoAfterSaleLogs })),
  statuses: (await db().select({ s: afterSales.status }).from(afterSales)).map((r) => r.s).join(','),
  available: await available(),
});

beforeAll(async () => {
  w = await startPlatformRefundWorld('自动售后测试', '7823');
  ({ t, seller, orgId, emu, shopId, platformShopId } = w);
});
afterAll(() => w?.close());
/** The buyer asks a refund of one line on the platform, through the emulator's own command. */
function platformRefund(order: NormalizedOrder, line = 0, reason = '不想要了'): string {
  const item = order.items[line] as NormalizedOrder['items'][number];
  return emu.openRefund('TAOBAO', order.platformOrderId, { platformItemId: item.platformItemId, reason }).platformRefundId;
}

const platformStatusOf = (id: string) => emu.refunds('TAOBAO', platformShopId).find((r) => r.platformRefundId === id)?.platformStatus;
const ofOrder = (orderId: number) => db().select().from(afterSales).where(eq(afterSales.orderId, orderId)).orderBy(afterSales.id);
const detail = async (id: number, s = seller) => envelope<AfterSaleDetail>(await call(t.app, { url: `${BASE}/detail?id=${id}`, session: s }));
const logOf = async (afterSaleId: number) => db().select().from(autoAfterSaleLogs).where(eq(autoAfterSaleLogs.afterSaleId, afterSaleId));
const setAutoIntercept = (enabled: boolean) => post('/api/b2/fulfilment/settings/autoIntercept', { enabled, scope: 'LINES' });
const saveRule = async (rule: Record<string, unknown>) => {
  const r = await post('/api/b2/aftersale/autoRules/save', { shopIds: [shopId], unshippedRefundAgree: false, shippedReturnCreate: false, ...rule });
  expect(r.errorCode, r.errorMsg).toBe(0);
};

/** A paid order of the emulator's shop with a refund asked on its first line, synced: its after-sale and the refund's id. */
async function refundedBeforePicking(reason?: string) {
  const order = waitingOrder();
  const { id, lines } = await placeAndPay(order);
  // The balance once paid: what a refund of the line adds to.
  const paid = await available();
  const refundId = platformRefund(order, 0, reason);
  await sync();
  const [a] = await ofOrder(id);
  return { a: a as NonNullable<typeof a>, line: lines[0] as (typeof lines)[number], refundId, orderId: id, paid };
}

describe('automatic after-sale rules', () => {
  it('a rule intercepts a refund before picking, refunds it once and agrees on the platform; a second sync changes nothing', async () => {
    expect((await setAutoIntercept(false)).errorCode).toBe(0);
    await saveRule({ unshippedRefundAgree: true });
    const tag = await envelope<ActiveAutoSaleTag>(await call(t.app, { url: `${BASE}/query/activeAutoSaleTag`, session: seller }));
    expect(tag.data).toEqual({ active: true, shops: 1 });
    const { a, line, refundId, paid } = await refundedBeforePicking();
    expect(a).toMatchObject({ status: 'COMPLETE', type: 'REFUND_UNDELIVERY', refundedFen: 2000 * line.quantity });
    expect(await available()).toBe(paid + 2000 * line.quantity);
    expect(platformStatusOf(refundId)).toBe('SUCCESS');
    expect(await logOf(a.id)).toEqual([expect.objectContaining({ rule: 'UNSHIPPED_REFUND_AGREE', result: 'APPLIED' })]);
    const d = await detail(a.id);
    expect(d.data.timeline.map((e) => e.operation)).toEqual(['PLATFORM_APPLY', 'AUTO_INTERCEPT_RULE']);
    expect(d.data.actions).toEqual([]);
    const page = await post<AutoAfterSaleLogPage>('/api/b2/aftersale/autoLog/page', { pageNo: 1, pageSize: 20, result: 'APPLIED' });
    expect(page.data.list[0]).toMatchObject({ afterSaleId: a.id, afterSaleNo: a.afterSaleNo, rule: 'UNSHIPPED_REFUND_AGREE', shopName: '自动售后测试店' });

    const s = await state();
    await sync();
    expect(await state()).toEqual(s);
    expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);
  });

  it('with the auto-intercept on, it stops and refunds the line; the rule only agrees on the platform (one refund)', async () => {
    expect((await setAutoIntercept(true)).errorCode).toBe(0);
    const { a, line, refundId, paid } = await refundedBeforePicking();
    expect(a).toMatchObject({ status: 'COMPLETE', refundedFen: 2000 * line.quantity });
    expect(await available()).toBe(paid + 2000 * line.quantity);
    expect(platformStatusOf(refundId)).toBe('SUCCESS');
    const [log] = await logOf(a.id);
    expect(log).toMatchObject({ rule: 'UNSHIPPED_REFUND_AGREE', result: 'APPLIED', message: expect.stringMatching(/自动拦截已停止拿货.*已在平台同意退款/) });
    expect((await detail(a.id)).data.timeline.map((e) => e.operation)).toEqual(['PLATFORM_APPLY', 'AUTO_INTERCEPT', 'AUTO_AGREE']);
    expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);
  });

  it('after shipping, a return is agreed on the platform and waits for the parcel by the platform waybill; a refund-only is left to the seller', async () => {
    await saveRule({ unshippedRefundAgree: true, shippedReturnCreate: true });
    const order = waitingOrder();
    const { id } = await placeAndPay(order);
    await deliver(id);
    const paid = await available();
    const item = order.items[0] as NormalizedOrder['items'][number];
    const refundId = emu.openRefund('TAOBAO', order.platformOrderId, {
      platformItemId: item.platformItemId,
      hasGoodReturn: true,
      reason: '尺码不合适',
      // The buyer already sent the parcel and gave its waybill on the platform: the after-sale carries it.
      returnCourierName: '中通快递',
      returnWaybillNo: 'ZT7788123456',
    }).platformRefundId;
    await sync();
    const [a] = await ofOrder(id);
    expect(a).toMatchObject({
      type: 'RETURN_GOODS_DELIVERY',
      status: 'GOODS_RETURNING',
      returnStatus: 'WAIT_SIGNED',
      refundedFen: 0,
      returnCourierName: '中通快递',
      returnWaybillNo: 'ZT7788123456',
    });
    expect(await available()).toBe(paid);
    expect(platformStatusOf(refundId)).toBe('WAIT_BUYER_RETURN_GOODS');
    expect(await logOf(a?.id as number)).toEqual([expect.objectContaining({ rule: 'SHIPPED_RETURN_CREATE', result: 'APPLIED' })]);
    expect((await detail(a?.id as number)).data.timeline.map((e) => e.operation)).toEqual(['PLATFORM_APPLY', 'AUTO_RETURN']);

    const other = waitingOrder();
    const placed = await placeAndPay(other);
    await deliver(placed.id);
    const onlyMoney = platformRefund(other);
    await sync();
    const [b] = await ofOrder(placed.id);
    expect(b).toMatchObject({ type: 'REFUND_DELIVERY', status: 'REFUNDING' });
    expect(await logOf(b?.id as number)).toEqual([
      expect.objectContaining({ rule: null, result: 'SKIPPED', message: expect.stringContaining('已发货仅退款') }),
    ]);
    expect(platformStatusOf(onlyMoney)).toBe('WAIT_SELLER_AGREE');
  });

  it('an amount limit skips a larger refund and logs why; nothing moves, the platform still waits', async () => {
    expect((await setAutoIntercept(false)).errorCode).toBe(0);
    await saveRule({ unshippedRefundAgree: true, maxRefundFen: 1 });
    const { a, refundId, paid } = await refundedBeforePicking();
    expect(a.status).toBe('REFUNDING');
    expect(await available()).toBe(paid);
    expect(platformStatusOf(refundId)).toBe('WAIT_SELLER_AGREE');
    expect(await logOf(a.id)).toEqual([
      expect.objectContaining({ rule: 'UNSHIPPED_REFUND_AGREE', result: 'SKIPPED', message: expect.stringMatching(/超过规则上限 ¥0\.01/) }),
    ]);
    expect((await detail(a.id)).data.actions).toEqual(['INTERCEPT', 'AGREE', 'REFUSE']);
  });

  it('a reason outside the list is skipped; a shop with no rule on does nothing and logs nothing', async () => {
    await saveRule({ unshippedRefundAgree: true, reasons: ['质量问题'] });
    const skipped = await refundedBeforePicking('不想要了');
    expect(skipped.a.status).toBe('REFUNDING');
    expect((await logOf(skipped.a.id))[0]).toMatchObject({ result: 'SKIPPED', message: expect.stringContaining('不在规则的原因列表') });

    await saveRule({});
    const tag = await envelope<ActiveAutoSaleTag>(await call(t.app, { url: `${BASE}/query/activeAutoSaleTag`, session: seller }));
    expect(tag.data.active).toBe(false);
    const { a, refundId } = await refundedBeforePicking();
    expect(a.status).toBe('REFUNDING');
    expect(await logOf(a.id)).toEqual([]);
    expect(platformStatusOf(refundId)).toBe('WAIT_SELLER_AGREE');
    const settings = await envelope<AutoAfterSaleSettings>(await call(t.app, { url: '/api/b2/aftersale/autoRules', session: seller }));
    expect(settings.data.shops.find((x) => x.shopId === shopId)).toMatchObject({ active: false, refundAnswerable: true });
  });
  it('a return waybill the buyer gives on the platform later reaches the open return after-sale, once', async () => {
    await saveRule({});
    const order = waitingOrder();
    const { id } = await placeAndPay(order);
    await deliver(id);
    const item = order.items[0] as NormalizedOrder['items'][number];
    const refundId = emu.openRefund('TAOBAO', order.platformOrderId, { platformItemId: item.platformItemId, hasGoodReturn: true }).platformRefundId;
    await sync();
    expect((await ofOrder(id))[0]).toMatchObject({ status: 'REFUNDING', returnStatus: 'WAIT_SIGNED', returnWaybillNo: '' });
    emu.changeRefund('TAOBAO', refundId, { returnCourierName: '圆通速递', returnWaybillNo: 'YT9900112233' });
    await sync();
    const [a] = await ofOrder(id);
    expect(a).toMatchObject({ status: 'REFUNDING', returnCourierName: '圆通速递', returnWaybillNo: 'YT9900112233' });
    const timeline = (await detail(a?.id as number)).data.timeline;
    expect(timeline.map((e) => e.operation)).toEqual(['PLATFORM_APPLY', 'FILL_WAYBILL']);
    expect(timeline[1]).toMatchObject({ actorName: '平台', note: expect.stringContaining('YT9900112233') });
    const s = await state();
    await sync();
    expect(await state()).toEqual(s);
  });
});

describe('同意 / 拒绝 by hand', () => {
  it('agree stops and refunds the line and tells the platform; refuse needs a reason and moves to REFUSE', async () => {
    const first = await refundedBeforePicking();
    const agreed = await post<{ status: string }>(`${BASE}/agree`, { id: first.a.id });
    expect(agreed.errorCode, agreed.errorMsg).toBe(0);
    expect(agreed.data.status).toBe('COMPLETE');
    expect(await available()).toBe(first.paid + 2000 * first.line.quantity);
    expect(platformStatusOf(first.refundId)).toBe('SUCCESS');

    const second = await refundedBeforePicking();
    const noReason = await call(t.app, { method: 'POST', url: `${BASE}/refuse`, session: seller, payload: { id: second.a.id } });
    expect(noReason.statusCode).toBe(400);
    const refused = await post<{ status: string }>(`${BASE}/refuse`, { id: second.a.id, reason: '商品已在途，请收货后申请退货' });
    expect(refused.errorCode, refused.errorMsg).toBe(0);
    expect(refused.data.status).toBe('REFUSE');
    expect(platformStatusOf(second.refundId)).toBe('SELLER_REFUSE_BUYER');
    const d = await detail(second.a.id);
    expect(d.data.timeline.at(-1)).toMatchObject({ operation: 'REFUSE', note: expect.stringContaining('商品已在途') });
    expect(d.data.actions).toEqual([]);
    expect((await post(`${BASE}/agree`, { id: second.a.id })).errorMsg).toMatch(/不能同意或拒绝退款/);
    expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);
  });

  it('a platform refusing our answer (the buyer withdrew meanwhile) leaves ours unchanged and says why', async () => {
    const { a, refundId } = await refundedBeforePicking();
    emu.cancelRefund('TAOBAO', refundId);
    const s = await state();
    const r = await post(`${BASE}/agree`, { id: a.id });
    expect(r.errorCode).not.toBe(0);
    expect(r.errorMsg).toMatch(/平台未接受同意退款，售后单未改变/);
    expect(await state()).toEqual(s);
  });

  it("another seller's ids are not found, and its log holds nothing of ours", async () => {
    const second = await createSecondSeller(db(), 'auto');
    const other = await login(t.app, second.username, PASSWORD);
    const [mine] = await db().select().from(afterSales).where(eq(afterSales.orgId, orgId)).limit(1);
    const as = (url: string, payload: Record<string, unknown>) => call(t.app, { method: 'POST', url, session: other, payload }).then((x) => envelope(x));
    expect((await as(`${BASE}/agree`, { id: mine?.id })).errorMsg).toBe('售后单不存在');
    expect((await as(`${BASE}/refuse`, { id: mine?.id, reason: '不同意' })).errorMsg).toBe('售后单不存在');
    expect((await as('/api/b2/aftersale/autoRules/save', { shopIds: [shopId], unshippedRefundAgree: true, shippedReturnCreate: false })).errorMsg).toBe(
      '店铺不存在',
    );
    const log = await call(t.app, { method: 'POST', url: '/api/b2/aftersale/autoLog/page', session: other, payload: { pageNo: 1, pageSize: 20 } });
    expect(envelope<AutoAfterSaleLogPage>(log).data).toEqual({ total: 0, list: [] });
    const mineLog = await post<AutoAfterSaleLogPage>('/api/b2/aftersale/autoLog/page', { pageNo: 1, pageSize: 20 });
    expect(mineLog.data.total).toBeGreaterThan(0);
  });

  it('an expired authorization answers to re-authorize the shop and changes nothing', async () => {
    const { a } = await refundedBeforePicking();
    emu.expireTokens('TAOBAO');
    const s = await state();
    for (const [url, payload] of [
      [`${BASE}/agree`, { id: a.id }],
      [`${BASE}/refuse`, { id: a.id, reason: '不同意' }],
    ] as const) {
      const r = await post(url, payload);
      expect(r.errorCode).not.toBe(0);
      expect(r.errorMsg).toMatch(/请重新授权店铺/);
    }
    expect(await state()).toEqual(s);
    const [shop] = await db().select().from(shops).where(eq(shops.id, shopId));
    expect(shop?.authState).toBe('EXPIRED');
  });
});
