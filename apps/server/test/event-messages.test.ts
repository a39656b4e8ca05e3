/**
 * Messages from real events: a picking refund (缺货) and a 补款, a shipped order, a withdrawal's
 * result, a shop authorization expiring or expired. Each reaches only its own seller, raises the
 * unread count, and is written once however often the event repeats (a retried job, a re-run).
 */
import type { WarehouseScanResult } from '@dropship/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../src/db/transaction.js';
import { messageOnDelivery } from '../src/modules/messages/index.js';
import { messages } from '../src/modules/messages/messages.table.js';
import { markExpired, remindExpiringShops } from '../src/modules/shops/index.js';
import { shops } from '../src/modules/shops/shops.table.js';
import { callers, PAY_PASSWORD } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { type PickingWorld, paidAssigned, startPickingWorld } from './picking-support.js';
import { createSecondSeller, PASSWORD } from './support.js';
import { setStrategy, WAREHOUSE } from './warehouse-support.js';

let w: PickingWorld;
let other: Session;
let operator: Session;
const db = () => w.t.database.db;
const { post } = callers(() => w.t);

beforeAll(async () => {
  w = await startPickingWorld();
  other = await login(w.t.app, (await createSecondSeller(db(), 'events')).username, PASSWORD);
  operator = await login(w.t.app, 'demo_operator');
});
afterAll(() => w?.t.close());

const unread = async (s: Session) => (await post<{ count: number }>('/api/b2/message/unread/count', s, {})).data.count;
const ofKind = (orgId: number, kind: string) =>
  db()
    .select()
    .from(messages)
    .where(and(eq(messages.orgId, orgId), eq(messages.kind, kind)));

describe('messages from events', () => {
  it('缺货 refunds the seller and a dearer stall asks 补款: one message each, the unread count rises, no one else sees them', async () => {
    const before = await unread(w.seller);
    const otherBefore = await unread(other);
    const { items, orderNo } = await paidAssigned(w, [{ costFen: 1500 }, { costFen: 2000 }], w.pickerA);
    const lack = await post('/api/b2/purchaser/picking/mark', w.pickerA, { takeItemIds: [items[0]?.id], result: 'E_STOP_PRODUCTION' });
    expect(lack.errorCode, lack.errorMsg).toBe(0);
    const dearer = await post('/api/b2/purchaser/picking/mark', w.pickerA, { takeItemIds: [items[1]?.id], result: 'TOOK', priceFen: 2600 });
    expect(dearer.errorCode, dearer.errorMsg).toBe(0);

    const refund = (await ofKind(w.sellerOrg, 'STOCK_OUT')).filter((m) => m.content.includes(orderNo));
    expect(refund).toHaveLength(1);
    expect(refund[0]?.content).toContain('¥15.00');
    const replenish = (await ofKind(w.sellerOrg, 'REPLENISH')).filter((m) => m.content.includes(orderNo));
    expect(replenish).toHaveLength(1);
    expect(replenish[0]?.content).toContain('¥6.00');
    expect(await unread(w.seller)).toBe(before + 2);
    expect(await unread(other)).toBe(otherBefore);
  });

  it('shipping an order tells the seller the tracking number, once even if the delivery is reported again', async () => {
    expect((await post('/api/b2/purchaser/warehouse/setting', w.main, WAREHOUSE)).errorCode).toBe(0);
    // One order, one parcel: the scan ships it instead of waiting for more to the same receiver.
    await setStrategy({ post }, w.seller, { mergeSameReceiver: false });
    const { items, orderId, orderNo } = await paidAssigned(w, [{ costFen: 1800 }], w.pickerA);
    const took = await post('/api/b2/purchaser/picking/mark', w.pickerA, { takeItemIds: [items[0]?.id], result: 'TOOK' });
    expect(took.errorCode, took.errorMsg).toBe(0);
    const scan = await post<WarehouseScanResult>('/api/b2/purchaser/warehouse/scan', w.main, { takeCode: items[0]?.takeCode });
    expect(scan.errorCode, scan.errorMsg).toBe(0);
    const shipped = (await ofKind(w.sellerOrg, 'SHIPPED')).filter((m) => m.content.includes(orderNo));
    expect(shipped).toHaveLength(1);
    // The same delivery handled again (a retried job) writes nothing new.
    await inTransaction(db(), (t) => messageOnDelivery(t, { order: { id: orderId, orgId: w.sellerOrg, orderNo, courierCode: 'ZTO', trackingNo: 'X' } }));
    expect((await ofKind(w.sellerOrg, 'SHIPPED')).filter((m) => m.content.includes(orderNo))).toHaveLength(1);
  });

  it("a withdrawal's rejection (with the reason) and its transfer each tell the seller", async () => {
    const bind = await post('/api/b2/funds/withdrawAccount/bind', w.seller, { alipayAccount: '13812345678', realName: '王小美', payPassword: PAY_PASSWORD });
    expect(bind.errorCode, bind.errorMsg).toBe(0);
    const ask = (key: string) =>
      post<{ id: number; withdrawNo: string }>('/api/b2/funds/withdraw', w.seller, { amount: 10_000, payPassword: PAY_PASSWORD, requestKey: key });
    const first = await ask('events-wd-1');
    expect(first.errorCode, first.errorMsg).toBe(0);
    expect((await post(`/api/operator/funds/withdrawals/${first.data.id}/reject`, operator, { reason: '收款人信息有误' })).errorCode).toBe(0);
    const second = await ask('events-wd-2');
    const paid = await post(`/api/operator/funds/withdrawals/${second.data.id}/approve`, operator, {});
    expect(paid.errorCode, paid.errorMsg).toBe(0);

    const wd = await ofKind(w.sellerOrg, 'WITHDRAWAL');
    const rejected = wd.find((m) => m.content.includes(first.data.withdrawNo));
    expect(rejected).toMatchObject({ title: '提现被驳回' });
    expect(rejected?.content).toContain('收款人信息有误');
    expect(wd.find((m) => m.content.includes(second.data.withdrawNo))).toMatchObject({ title: '提现已到账' });
    // Approving again (a retried review) is refused and writes nothing more.
    expect((await post(`/api/operator/funds/withdrawals/${second.data.id}/approve`, operator, {})).errorCode).not.toBe(0);
    expect(await ofKind(w.sellerOrg, 'WITHDRAWAL')).toHaveLength(wd.length);
  });

  it('a shop ending soon is reminded once per expiry date; an ended one once per authorization', async () => {
    const [expiring] = await db()
      .select()
      .from(shops)
      .where(and(eq(shops.orgId, w.sellerOrg), eq(shops.name, '小美女装旗舰店')));
    if (!expiring) throw new Error('demo shop missing');
    await remindExpiringShops(db());
    await remindExpiringShops(db());
    const reminders = (await ofKind(w.sellerOrg, 'SHOP_AUTH')).filter((m) => m.title === '店铺授权即将到期' && m.content.includes('小美女装旗舰店'));
    expect(reminders).toHaveLength(1);

    await markExpired(db(), expiring);
    await markExpired(db(), expiring);
    const ended = (await ofKind(w.sellerOrg, 'SHOP_AUTH')).filter((m) => m.title === '店铺授权已过期' && m.content.includes('小美女装旗舰店'));
    expect(ended).toHaveLength(1);
    // The other seller's expiring shop is reminded to them, not to the demo seller.
    const theirs = await db().select().from(messages).where(eq(messages.kind, 'SHOP_AUTH'));
    expect(theirs.filter((m) => m.content.includes('对方即将到期店铺')).every((m) => m.orgId !== w.sellerOrg)).toBe(true);
  });

  it('marking read lowers the count again', async () => {
    expect(await unread(w.seller)).toBeGreaterThan(0);
    expect((await post('/api/b2/message/marking/read', w.seller, { all: true })).errorCode).toBe(0);
    expect(await unread(w.seller)).toBe(0);
  });
});
