/**
 * Work orders: a seller opens one about its own order with an image, the support role answers in the
 * console, the state machine's named operations (and the refusals from every other status), the
 * header's unread count, rating, reopening within the window, isolation between tenants, bad images
 * refused in Chinese with nothing changed (rows or files), the console's audit rows and the export.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OPERATOR_ROLES, type WorkOrderDetail, type WorkOrderPage } from '@dropship/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { createRole } from '../src/modules/account-permission/index.js';
import { createUser } from '../src/modules/auth/accounts.js';
import { users } from '../src/modules/auth/auth.table.js';
import { auditLogs } from '../src/modules/onboarding/onboarding.table.js';
import { workOrderImages, workOrderReplies, workOrders } from '../src/modules/work-orders/work-orders.table.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { dataUrl, gif, png } from './image-fixtures.js';
import { call, createSecondSeller, envelope, isChinese, PASSWORD, snapshotCounts } from './support.js';

let t: TestApp;
let dir: string;
let seller: Session;
let other: Session;
let purchaser: Session;
let support: Session;
let orderNo: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'work-orders-'));
  t = await createTestApp({ env: { DATA_DIR: dir } });
  const db = t.database.db;
  seller = await login(t.app, 'demo_seller');
  purchaser = await login(t.app, 'demo_purchaser');
  const second = await createSecondSeller(db, 'wo');
  other = await login(t.app, second.username, PASSWORD);
  const [op] = await db.select({ orgId: users.orgId }).from(users).where(eq(users.username, 'demo_operator'));
  const supportId = await createUser(db, { orgId: op?.orgId as number, username: 'wo_support', password: PASSWORD, isMain: false });
  await createRole(db, op?.orgId as number, '客服（工单测试）', OPERATOR_ROLES.support.codes, [supportId]);
  support = await login(t.app, 'wo_support', PASSWORD);
  const [o] = await queryRows<{ no: string }>(
    db,
    sql`select d.order_no as no from dropship_orders d join users u on u.org_id = d.org_id where u.username = 'demo_seller' order by d.id limit 1`,
  );
  if (!o) throw new Error('the demo seller has no dropship order');
  orderNo = o.no;
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function api<T = unknown>(url: string, session: Session, payload: object) {
  return envelope<T>(await call(t.app, { method: 'POST', url, session, payload }));
}
const tables = { workOrders, workOrderReplies, workOrderImages };
async function files(): Promise<number> {
  const root = path.join(dir, 'storage');
  const all = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return all.filter((e) => e.isFile()).length;
}
const unreadCount = async (s: Session) => (await api<{ count: number }>('/api/b2/message/unread/count', s, {})).data.count;
const detail = async (s: Session, id: number, console = false) =>
  (await api<WorkOrderDetail>(console ? '/api/operator/workOrders/detail' : '/api/b2/workorder/detail', s, { id })).data;

async function open(s: Session, body: object = {}) {
  const res = await api<{ id: number; workOrderNo: string }>('/api/b2/workorder/create', s, {
    type: 'ORDER',
    title: '订单一直没发货',
    content: '下单三天了还没有发货，请帮忙看看',
    ...body,
  });
  expect(res.errorCode, res.errorMsg).toBe(0);
  return res.data;
}

describe('work orders', () => {
  let id: number;

  it('a seller opens one about its own order with an image; the list and the image read back', async () => {
    const made = await open(seller, { linkNo: orderNo, images: [dataUrl(png(4, 3))] });
    id = made.id;
    expect(made.workOrderNo).toMatch(/^GD\d{12}$/);
    const list = (await api<WorkOrderPage>('/api/b2/workorder/list', seller, { pageNo: 1, pageSize: 20, status: 'PENDING' })).data;
    expect(list.list.find((r) => r.id === id)).toMatchObject({ status: 'PENDING', linkKind: 'ORDER', linkNo: orderNo, type: 'ORDER' });
    const d = await detail(seller, id);
    expect(d.images).toHaveLength(1);
    expect(d.images[0]).toMatchObject({ width: 4, height: 3 });
    const img = await call(t.app, { url: d.images[0]?.url ?? '', session: seller });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png(4, 3))).toBe(true);
    expect(await files()).toBe(1);
  });

  it('another tenant: its order number, the detail, a reply and the image are all "not found", nothing changed', async () => {
    const before = { ...(await snapshotCounts(t.database.db, tables)), files: await files() };
    const linked = await api('/api/b2/workorder/create', other, { type: 'ORDER', title: '别人的订单', content: '试试', linkNo: orderNo });
    expect(linked.errorCode).toBe(12001);
    expect(isChinese(linked.errorMsg)).toBe(true);
    expect((await api('/api/b2/workorder/detail', other, { id })).errorCode).toBe(12001);
    expect((await api('/api/b2/workorder/reply', other, { id, content: '插一句', images: [dataUrl(png())] })).errorCode).toBe(12001);
    expect((await api('/api/b2/workorder/close', other, { id })).errorCode).toBe(12001);
    expect((await api('/api/b2/workorder/detail', purchaser, { id })).errorCode).toBe(12001);
    const d = await detail(seller, id);
    const img = await call(t.app, { url: d.images[0]?.url ?? '', session: other });
    expect(envelope(img).errorCode).toBe(12001);
    expect((await api<WorkOrderPage>('/api/b2/workorder/list', other, { pageNo: 1, pageSize: 20 })).data.total).toBe(0);
    expect({ ...(await snapshotCounts(t.database.db, tables)), files: await files() }).toEqual(before);
    // Customers never reach the console.
    expect((await api('/api/operator/workOrders/list', seller, { pageNo: 1, pageSize: 20 })).errorCode).toBe(403);
  });

  it('bad images are refused in Chinese before anything is stored', async () => {
    const before = { ...(await snapshotCounts(t.database.db, tables)), files: await files() };
    const cut = png(3, 3);
    const cases: [unknown[], number][] = [
      [[dataUrl(Buffer.from('这不是图片'), 'image/png')], 20100],
      [[dataUrl(png()), 'not base64 at all!'], 20100],
      [[dataUrl(cut.subarray(0, cut.length - 5))], 20102],
      [[dataUrl(Buffer.concat([png(), Buffer.alloc(2 * 1024 * 1024)]))], 20101],
      [Array.from({ length: 6 }, () => dataUrl(gif(), 'image/gif')), 400],
    ];
    for (const [images, code] of cases) {
      const res = await api('/api/b2/workorder/create', seller, { type: 'OTHER', title: '图片', content: '看图', images });
      expect(res.errorCode, res.errorMsg).toBe(code);
      expect(isChinese(res.errorMsg)).toBe(true);
      const r = await api('/api/b2/workorder/reply', seller, { id, content: '补充图片', images });
      expect(r.errorCode).toBe(code);
    }
    expect({ ...(await snapshotCounts(t.database.db, tables)), files: await files() }).toEqual(before);
  });

  it('the state machine: accept, answer (counted in the header until opened), reply, resolve, rate, close, refusals, reopen', async () => {
    const refuse = async (url: string, s: Session, body: object, code: number) => {
      const before = await snapshotCounts(t.database.db, tables);
      const [row] = await t.database.db.select().from(workOrders).where(eq(workOrders.id, id));
      const res = await api(url, s, body);
      expect(res.errorCode, `${url}: ${res.errorMsg}`).toBe(code);
      expect(isChinese(res.errorMsg)).toBe(true);
      expect(await snapshotCounts(t.database.db, tables)).toEqual(before);
      const [after] = await t.database.db.select().from(workOrders).where(eq(workOrders.id, id));
      expect(after).toEqual(row);
    };
    const status = async () => (await t.database.db.select({ s: workOrders.status }).from(workOrders).where(eq(workOrders.id, id)))[0]?.s;

    const console = (await api<WorkOrderPage>('/api/operator/workOrders/list', support, { pageNo: 1, pageSize: 20, orgName: '' })).data;
    expect(console.list.find((r) => r.id === id)).toMatchObject({ unread: 1, status: 'PENDING' });
    expect(console.list.find((r) => r.id === id)?.orgName).toBeTruthy();
    expect((await detail(support, id, true)).images[0]?.url).toMatch(/^\/api\/operator\/workOrders\/image\//);

    expect((await api('/api/operator/workOrders/accept', support, { id })).errorCode).toBe(0);
    expect(await status()).toBe('PROCESSING');
    await refuse('/api/operator/workOrders/accept', support, { id }, 20111);
    await refuse('/api/b2/workorder/rate', seller, { id, score: 5 }, 20114);

    const unread0 = await unreadCount(seller);
    expect((await api('/api/operator/workOrders/reply', support, { id, content: '已联系仓库，今天发出', images: [dataUrl(png(2, 2))] })).errorCode).toBe(0);
    expect(await status()).toBe('WAITING_REPLY');
    expect(await unreadCount(seller)).toBe(unread0 + 1);
    expect((await api<WorkOrderPage>('/api/b2/workorder/list', seller, { pageNo: 1, pageSize: 20 })).data.list.find((r) => r.id === id)?.unread).toBe(1);
    const d = await detail(seller, id);
    expect(d.replies.map((r) => [r.side, r.author, r.images.length])).toEqual([['OPERATOR', '平台客服', 1]]);
    expect(await unreadCount(seller)).toBe(unread0);

    expect((await api('/api/b2/workorder/reply', seller, { id, content: '好的，谢谢' })).errorCode).toBe(0);
    expect(await status()).toBe('PROCESSING');
    expect((await api('/api/operator/workOrders/resolve', support, { id })).errorCode).toBe(0);
    expect(await status()).toBe('RESOLVED');
    await refuse('/api/b2/workorder/reply', seller, { id, content: '还有问题', images: [dataUrl(png())] }, 20111);
    await refuse('/api/b2/workorder/rate', seller, { id, score: 6 }, 400);
    expect((await api('/api/b2/workorder/rate', seller, { id, score: 5, comment: '很快' })).errorCode).toBe(0);
    await refuse('/api/b2/workorder/rate', seller, { id, score: 4 }, 20114);

    expect((await api('/api/b2/workorder/close', seller, { id })).errorCode).toBe(0);
    expect(await status()).toBe('CLOSED');
    const filesBefore = await files();
    await refuse('/api/b2/workorder/reply', seller, { id, content: '再问一下', images: [dataUrl(png())] }, 20110);
    await refuse('/api/operator/workOrders/reply', support, { id, content: '补充' }, 20110);
    await refuse('/api/operator/workOrders/resolve', support, { id }, 20111);
    await refuse('/api/b2/workorder/close', seller, { id }, 20111);
    expect(await files()).toBe(filesBefore);

    expect((await detail(seller, id)).canReopen).toBe(true);
    expect((await api('/api/b2/workorder/reopen', seller, { id })).errorCode).toBe(0);
    expect(await t.database.db.select({ s: workOrders.status, score: workOrders.score }).from(workOrders).where(eq(workOrders.id, id))).toEqual([
      { s: 'PENDING', score: null },
    ]);
    await refuse('/api/b2/workorder/reopen', seller, { id }, 20111);

    // Closed more than WORK_ORDER_REOPEN_DAYS ago: too late to reopen.
    expect((await api('/api/operator/workOrders/close', support, { id })).errorCode).toBe(0);
    await t.database.db
      .update(workOrders)
      .set({ closedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(workOrders.id, id));
    await refuse('/api/b2/workorder/reopen', seller, { id }, 20112);

    const audited = await t.database.db.select({ action: auditLogs.action }).from(auditLogs).where(sql`${auditLogs.action} like 'workOrder.%'`);
    expect(audited.map((a) => a.action).sort()).toEqual(['workOrder.accept', 'workOrder.close', 'workOrder.reply', 'workOrder.resolve']);
  });

  it('a purchaser opens its own; a filtered Excel export', async () => {
    const p = await open(purchaser, { type: 'FUNDS', title: '结算金额不对', content: '本月拿货结算少了' });
    expect((await api<WorkOrderPage>('/api/b2/workorder/list', purchaser, { pageNo: 1, pageSize: 20 })).data.list.map((r) => r.id)).toEqual([p.id]);
    const res = await call(t.app, { url: '/api/b2/workorder/export?pageNo=1&pageSize=20&type=ORDER', session: seller });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const all = await call(t.app, { url: '/api/operator/workOrders/export?pageNo=1&pageSize=20', session: support });
    expect(all.statusCode).toBe(200);
  });
});
