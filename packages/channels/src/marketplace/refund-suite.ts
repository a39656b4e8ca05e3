/**
 * Refunds on command and the seller's answers, run for each channel (channelContractSuite calls it;
 * channels without the contract suite run it from their own test file). The real client against the
 * real emulator over loopback HTTP: a refund the buyer opens, changes, withdraws or the platform
 * completes is read by the next incremental sync exactly as the platform shows it; the seller's agree
 * and refuse move it where the platform takes them; a second answer, an expired token and another
 * shop's refund each come back as a failed outcome with a Chinese reason, never as a throw.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toSecond } from './china-time.ts';
import { type MarketplaceEmulator, startMarketplaceEmulator } from './emulator.ts';
import { EMULATOR_HANDLERS } from './emulator-handlers.ts';
import { REFUND_UNANSWERABLE_MESSAGE } from './refund-answer.ts';
import { createMarketplaceClient } from './registry.ts';
import type { MarketplaceChannel, MarketplaceClient, NormalizedOrder, NormalizedRefund, ShopToken } from './types.ts';

const START = new Date('2026-03-02T02:00:00Z');
const HAN = /[\u4e00-\u9fa5]/;
const REDIRECT = 'http://127.0.0.1:8080/cb';
/** Channels whose platform takes an agree but offers no refusal through its API (PDD: waybills-aftersales.md §2). */
const AGREE_ONLY: MarketplaceChannel[] = ['PDD'];
/**
 * Where each platform's refund list carries the buyer's return waybill (waybills-aftersales.md; null: it does not,
 * so the seller fills it in). JD's refund applications are money-only; Kuaishou's list row names only a
 * logisticsId; Weidian's and KM's rows name none in our sources.
 */
export const RETURN_WAYBILL_FIELDS: Record<MarketplaceChannel, readonly [waybill: string, courier: string] | null> = {
  TAOBAO: ['sid', 'company_name'],
  PDD: ['tracking_number', 'shipping_name'],
  TIKTOK: ['aftersale_info.return_logistics_code', 'aftersale_info.return_logistics_company_name'],
  REDBOOK: ['returnExpressNo', 'returnExpressCompany'],
  WDT: ['logistics_no', 'logistics_name'],
  JD: null,
  KUAISHOU: null,
  WEIDIAN: null,
  KM: null,
};

async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const p of pages) out.push(...p);
  return out;
}

export function channelRefundSuite(channel: MarketplaceChannel) {
  describe(`${channel}: refunds on command and the seller's answers`, () => {
    let clock = START;
    let emu: MarketplaceEmulator;
    let token: ShopToken;
    let shopId: string;
    const used = new Set<string>();
    const client = (): MarketplaceClient =>
      createMarketplaceClient(channel, emu.endpointFor(channel), { now: () => clock, retry: { attempts: 3, baseDelayMs: 1 }, timeoutMs: 5000 });
    const core = () => emu.core(channel);
    /** Each step happens a minute after the one before, so every move has its own modified time. */
    const tick = () => {
      clock = new Date(clock.getTime() + 60_000);
    };
    /** A paid order of the shop nobody refunded yet (stored truth), waiting to ship unless `shipped`. */
    const fresh = (shop = shopId, shipped = false): NormalizedOrder => {
      const o = [...core().orders.values()].find(
        (s) =>
          s.shopId === shop &&
          !used.has(s.order.platformOrderId) &&
          s.order.paidAt !== undefined &&
          s.order.status === (shipped ? 'WAIT_BUYER_CONFIRM' : 'WAIT_SELLER_SEND') &&
          s.order.items.every((i) => i.refundState === 'NONE') &&
          ![...core().refunds.values()].some((r) => r.refund.platformOrderId === s.order.platformOrderId),
      )?.order;
      if (!o) throw new Error(`no fresh ${shipped ? 'shipped' : 'unshipped'} order left in shop ${shop}`);
      used.add(o.platformOrderId);
      return o;
    };
    const firstLine = (o: NormalizedOrder) => o.items[0] ?? (undefined as never);
    const open = (o: NormalizedOrder, hasGoodReturn = false) =>
      emu.openRefund(channel, o.platformOrderId, { platformItemId: firstLine(o).platformItemId, reason: '尺码不合适', hasGoodReturn });
    /** The stored state of the refunded line (the order's first). */
    const lineState = (r: { platformOrderId: string }) => core().orders.get(r.platformOrderId)?.order.items[0]?.refundState;
    const phase = (r: NormalizedRefund) => core().refunds.get(r.platformRefundId)?.refund.platformStatus;
    const view = (r: NormalizedRefund) => emu.refunds(channel).find((x) => x.platformRefundId === r.platformRefundId);
    /** What the next incremental sync (the last ten minutes) reads of the refund. */
    const listed = async (r: NormalizedRefund) => {
      const all = await collect(
        client().listRefunds({ token: token.accessToken, modifiedFrom: new Date(clock.getTime() - 10 * 60_000), modifiedTo: new Date(clock.getTime() + 1000) }),
      );
      return all.find((x) => x.platformRefundId === r.platformRefundId);
    };
    const answer = (r: NormalizedRefund, agree: boolean, reason?: string, t = token.accessToken) =>
      client().answerRefund({ token: t, platformRefundId: r.platformRefundId, platformOrderId: r.platformOrderId, agree, reason });

    beforeAll(async () => {
      emu = await startMarketplaceEmulator({
        handlers: EMULATOR_HANDLERS.filter((h) => h.channel === channel),
        now: () => clock,
        ordersPerShop: 120,
        historyMs: 2 * 86400_000,
        seed: 31,
      });
      const { code, platformShopId } = emu.authorizeShop(channel, undefined, REDIRECT);
      shopId = platformShopId;
      token = await client().exchangeCode({ code, redirectUri: REDIRECT });
    });
    afterAll(() => emu.close());

    it('a refund the buyer opens is read by the next sync, waiting for the seller, with its amount; the line is refunding and the order modified', async () => {
      tick();
      const order = fresh();
      const line = firstLine(order);
      const fen = Math.max(1, line.paymentFen - 37);
      const opened = emu.openRefund(channel, order.platformOrderId, { platformItemId: line.platformItemId, refundFen: fen, reason: '不想要了' });
      expect(opened).toMatchObject({ platformOrderId: order.platformOrderId, state: 'REFUNDING', refundFen: fen, createdAt: toSecond(clock) });
      expect(await listed(opened)).toEqual(opened);
      expect(lineState(order)).toBe('REFUNDING');
      const synced = await client().getOrder({ token: token.accessToken, platformOrderId: order.platformOrderId });
      expect(synced.modifiedAt).toEqual(toSecond(clock));
    });

    it('refuses a refund above what was paid, on an unknown order, or on a line already refunding', () => {
      const order = fresh();
      const line = firstLine(order);
      expect(() => emu.openRefund(channel, order.platformOrderId, { platformItemId: line.platformItemId, refundFen: line.paymentFen + 1 })).toThrow(/超过实付/);
      expect(() => emu.openRefund(channel, '1000000000000000001')).toThrow(/没有订单/);
      open(order);
      expect(() => open(order)).toThrow(/进行中的退款/);
    });

    it('the buyer changes and withdraws a refund, the platform completes another: the sync reads every move', async () => {
      tick();
      const order = fresh();
      const r = open(order);
      tick();
      const changed = emu.changeRefund(channel, r.platformRefundId, { refundFen: r.refundFen > 1 ? r.refundFen - 1 : 1, reason: '商品有瑕疵' });
      expect(changed).toMatchObject({ refundFen: r.refundFen > 1 ? r.refundFen - 1 : 1, reason: '商品有瑕疵', state: 'REFUNDING' });
      expect(await listed(r)).toEqual(changed);
      tick();
      const cancelled = emu.cancelRefund(channel, r.platformRefundId);
      expect(cancelled.state).toBe('CLOSED');
      expect(await listed(r)).toEqual(cancelled);
      expect(lineState(order)).toBe('NONE');

      const other = fresh();
      const r2 = open(other);
      tick();
      const done = emu.completeRefund(channel, r2.platformRefundId);
      expect(done.state).toBe('REFUNDED');
      expect(await listed(r2)).toEqual(done);
      expect(lineState(other)).toBe('REFUNDED');
      expect(() => emu.cancelRefund(channel, r2.platformRefundId)).toThrow(/已结束/);
    });

    it("the seller's agree pays a money-only refund and waits for the goods of a return; refuse closes one; a second answer is refused", async () => {
      const c = client();
      tick();
      const money = open(fresh());
      if (!c.refundAnswerable) {
        expect(await answer(money, true)).toEqual({ ok: false, message: REFUND_UNANSWERABLE_MESSAGE, retryable: false });
        expect(phase(money)).toBe('WAIT_SELLER_AGREE');
        return;
      }
      tick();
      expect(await answer(money, true)).toEqual({ ok: true });
      const paid = await listed(money);
      expect(paid).toEqual(view(money));
      expect(paid?.state).toBe('REFUNDED');
      expect(lineState(money)).toBe('REFUNDED');

      const goods = open(fresh(shopId, true), true);
      tick();
      expect(await answer(goods, true)).toEqual({ ok: true });
      const back = await listed(goods);
      expect(back).toEqual(view(goods));
      if (back?.hasGoodReturn) {
        expect(back.state).toBe('REFUNDING');
        expect(back.platformStatus).not.toBe(goods.platformStatus);
        expect(phase(goods)).toBe('WAIT_BUYER_RETURN_GOODS');
      } else expect(back?.state).toBe('REFUNDED');

      const again = await answer(money, false, '已经处理过');
      expect(again).toMatchObject({ ok: false, retryable: false });
      expect(again.ok === false && again.message).toMatch(HAN);

      const refused = open(fresh());
      expect(await answer(refused, false)).toMatchObject({ ok: false, message: expect.stringMatching(/拒绝原因/) });
      tick();
      const out = await answer(refused, false, '商品已发出，请收到后申请退货');
      if (AGREE_ONLY.includes(channel)) {
        expect(out).toMatchObject({ ok: false, retryable: false });
        expect(phase(refused)).toBe('WAIT_SELLER_AGREE');
        return;
      }
      expect(out).toEqual({ ok: true });
      const closed = await listed(refused);
      expect(closed).toEqual(view(refused));
      expect(closed?.state).toBe('CLOSED');
      expect(phase(refused)).toBe('SELLER_REFUSE_BUYER');
      expect(lineState(refused)).toBe('NONE');
    });

    it("the buyer's return waybill is read where the platform's refund gives it, at opening and when the buyer adds it later", async () => {
      tick();
      const given = RETURN_WAYBILL_FIELDS[channel] !== null;
      const order = fresh(shopId, true);
      const r = emu.openRefund(channel, order.platformOrderId, {
        platformItemId: firstLine(order).platformItemId,
        hasGoodReturn: true,
        returnCourierName: '中通快递',
        returnWaybillNo: `ZT${channel.length}7788123456`,
      });
      const read = await listed(r);
      expect(read?.platformRefundId).toBe(r.platformRefundId);
      if (given) expect(read).toMatchObject({ returnCourierName: '中通快递', returnWaybillNo: `ZT${channel.length}7788123456` });
      else expect(read?.returnWaybillNo).toBeUndefined();

      tick();
      const later = open(fresh(shopId, true), true);
      expect((await listed(later))?.returnWaybillNo).toBeUndefined();
      tick();
      emu.changeRefund(channel, later.platformRefundId, { returnCourierName: '圆通速递', returnWaybillNo: 'YT9900112233' });
      const filled = await listed(later);
      if (given) expect(filled).toMatchObject({ returnCourierName: '圆通速递', returnWaybillNo: 'YT9900112233' });
      else expect(filled?.returnWaybillNo).toBeUndefined();
    });

    it("an expired token answers TOKEN_EXPIRED without a throw; another shop's refund is not found; neither moves the refund", async () => {
      if (!client().refundAnswerable) return;
      tick();
      const r = open(fresh());
      emu.failNext(channel, 'TOKEN_EXPIRED');
      const expired = await answer(r, true);
      expect(expired).toMatchObject({ ok: false, kind: 'TOKEN_EXPIRED', retryable: false });
      expect(expired.ok === false && expired.message).toMatch(HAN);
      expect(phase(r)).toBe('WAIT_SELLER_AGREE');

      const other = emu.authorizeShop(channel, '隔壁女装店', REDIRECT).platformShopId;
      const theirs = open(fresh(other));
      const stranger = await answer(theirs, true);
      expect(stranger).toMatchObject({ ok: false, kind: 'NOT_FOUND' });
      expect(stranger.ok === false && stranger.message).toMatch(HAN);
      expect(phase(theirs)).toBe('WAIT_SELLER_AGREE');
    });
  });
}
