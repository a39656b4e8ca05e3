/**
 * Work orders in a real browser: the seller opens one about one of its orders with an image on
 * 我的工单; the operator finds it in the console's 工单处理, accepts it and answers; the seller sees
 * the answer counted in the header's 消息, opens the conversation (the count drops), confirms it is
 * solved and rates it.
 */
import { crc32, deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/rows';
import { DEMO_PASSWORD, type Harness, settleOverlays, shot, signIn, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** A 2×2 red PNG, built here so the test needs no fixture file. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = [0, 255, 0, 0, 255, 0, 0];
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([...row, ...row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The number on the header's 消息 badge (0 when none is shown). */
async function unreadBadge(page: Page): Promise<number> {
  const badge = page.getByRole('button', { name: '消息' }).locator('.ant-badge-count');
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.getAttribute('title')) ?? 0);
}

const ANSWER = '已联系仓库，今天下午发出';

it('a seller opens a work order with an image, the operator answers in the console, the seller sees the reply counted and rates it', async () => {
  // Unique per try: a retried test runs again on the same server.
  const TITLE = `订单三天未发货${Date.now() % 100000}`;
  const [order] = await queryRows<{ no: string }>(
    h.serving.database.db,
    sql`select d.order_no as no from dropship_orders d join users u on u.org_id = d.org_id where u.username = 'demo_seller' order by d.id limit 1`,
  );
  expect(order).toBeTruthy();

  // The seller: 我的工单 → 新建工单 about its order, with an image.
  const { page: seller } = await h.newPage();
  // Signed in on 工作台, where the tours have their menu to point at (this page hides the left bar).
  await signIn(seller, h.url('www'), 'demo_seller', 'seller');
  await settleOverlays(seller);
  await seller.goto(h.url('www', '/workorder/myworkorder'));
  await seller.getByRole('heading', { name: '我的工单' }).waitFor();
  await seller.getByRole('button', { name: '新建工单' }).click();
  const dialog = seller.locator('.ant-modal', { hasText: '新建工单' });
  await dialog.getByLabel('关联单号').fill(order?.no ?? '');
  await dialog.getByLabel('标题').fill(TITLE);
  await dialog.getByLabel('问题描述').fill('下单三天了还没有发货，请帮忙催一下仓库');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: tinyPng() });
  await dialog.getByRole('img', { name: '图片1' }).waitFor();
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  const drawer = seller.locator('.ant-drawer', { hasText: `工单：${TITLE}` });
  await expect.poll(() => drawer.getByTestId('work-order-status').textContent()).toBe('待处理');
  await drawer.getByRole('img', { name: '工单图片' }).waitFor();
  await expect.poll(() => drawer.getByRole('img', { name: '工单图片' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  await shot(seller, 'work-orders-01-opened');
  // The seller's messages as the server has them: jobs (the shop reminders) may add others meanwhile,
  // so the header is compared with the server's count, and the answer's message is looked for by title.
  const api = await h.apiSession('demo_seller', 'seller');
  const serverUnread = async () => (await api.post<{ count: number }>('/api/b2/message/unread/count', {})).count;
  const unreadTitles = async () =>
    (await api.post<{ list: { title: string }[] }>('/api/b2/message/list', { pageNo: 1, pageSize: 100, unreadOnly: true })).list.map((m) => m.title);
  const headerMatchesServer = async () => (await unreadBadge(seller)) === (await serverUnread());
  expect(await unreadTitles()).not.toContain('工单有新回复');

  // The operator: 工单处理 → 处理 → 受理, then answers.
  const { page: op } = await h.newPage();
  await op.goto(h.url('www', '/login'));
  const pane = op.getByRole('tabpanel');
  await pane.getByLabel('账号').fill('demo_operator');
  await pane.getByLabel('密码').fill(DEMO_PASSWORD);
  await pane.getByRole('button', { name: /登\s*录/ }).click();
  await op.waitForURL('**/operator/**');
  await op.goto(h.url('www', '/operator/workOrders'));
  await op.getByRole('heading', { name: '工单处理' }).waitFor();
  await op
    .getByRole('row', { name: new RegExp(TITLE) })
    .getByRole('button', { name: /处\s*理/ })
    .click();
  const opDrawer = op.locator('.ant-drawer', { hasText: `工单：${TITLE}` });
  await opDrawer.getByRole('img', { name: '工单图片' }).waitFor();
  await opDrawer.getByRole('button', { name: /受\s*理/ }).click();
  await expect.poll(() => opDrawer.getByTestId('work-order-status').textContent()).toBe('处理中');
  await opDrawer.getByLabel('回复').fill(ANSWER);
  await opDrawer.getByRole('button', { name: '发送回复' }).click();
  await expect.poll(() => opDrawer.getByTestId('work-order-status').textContent()).toBe('待回复');
  await shot(op, 'work-orders-02-answered');

  // The seller: the answer is counted in the header until the conversation is opened.
  await seller.goto(h.url('www', '/workorder/myworkorder'));
  await seller.getByRole('heading', { name: '我的工单' }).waitFor();
  expect(await unreadTitles()).toContain('工单有新回复');
  await expect.poll(headerMatchesServer).toBe(true);
  expect(await unreadBadge(seller)).toBeGreaterThan(0);
  const row = seller.getByRole('row', { name: new RegExp(TITLE) });
  expect(await row.locator('.ant-badge-count').getAttribute('title')).toBe('1 条新回复');
  await row.getByRole('button', { name: /查\s*看/ }).click();
  const again = seller.locator('.ant-drawer', { hasText: `工单：${TITLE}` });
  await again.getByTestId('work-order-conversation').getByText(ANSWER).waitFor();
  // Opening the conversation read the answer: its message no longer counts, in the server or the header.
  await expect.poll(unreadTitles).not.toContain('工单有新回复');
  await expect.poll(headerMatchesServer).toBe(true);

  // Solved, then rated.
  await again.getByRole('button', { name: '确认已解决' }).click();
  await seller
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect.poll(() => again.getByTestId('work-order-status').textContent()).toBe('已解决');
  await again.getByRole('radio').nth(4).click();
  await again.getByRole('button', { name: '提交评价' }).click();
  await seller.getByText('感谢您的评价').waitFor();
  await again.getByText('满意度').first().waitFor();
  await expect.poll(() => again.getByRole('button', { name: '提交评价' }).count()).toBe(0);
  await shot(seller, 'work-orders-03-rated');
});
