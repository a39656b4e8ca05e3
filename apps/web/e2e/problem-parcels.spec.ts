/**
 * Problem parcels in Chromium against the real server. A parcel the warehouse made (openProblemParcel,
 * as an inspection would) is due within hours: the seller sees it counted in the menu badge, opens
 * 问题件, asks for it back on 问题件寄回 (typed address, the courier's quoted freight), pays the freight
 * from the balance; the purchaser scans its number on 扫描打印 and ships it with a waybill; the seller
 * then sees 已寄回 with that waybill. Another parcel is re-shipped (重发) from 问题件 as a new paid
 * dropship order: it shows under 已重发 and the order on 代发订单.
 */
import { ErrorCode } from '@dropship/contract';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openProblemParcel } from '../../server/src/modules/problem-parcel/index';
import { problemParcels } from '../../server/src/modules/problem-parcel/problem-parcel.table';
import { callers, fund, orgOf } from '../../server/test/funds-payments-support';
import { login } from '../../server/test/helpers';
import { DEMO_PASSWORD, type Harness, settleOverlays, shot, signIn, startHarness } from './harness';
import { PAY_PASSWORD } from './money';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

async function pageOf(username: 'demo_seller' | 'demo_purchaser'): Promise<Page> {
  const { page } = await h.newPage();
  await signIn(page, h.url('www'), username, username === 'demo_seller' ? 'seller' : 'purchaser');
  await settleOverlays(page);
  return page;
}

it('a parcel near its deadline shows in the badge, its freight is paid and the warehouse sends it back with a waybill', { timeout: 240_000 }, async () => {
  const app = h.serving.app;
  const db = h.serving.database.db;
  const t = { app, database: h.serving.database, config: app.initialConfig as never, close: async () => {} };
  const { get, post } = callers(() => t);
  const seller = await login(app, 'demo_seller');
  const purchaser = await login(app, 'demo_purchaser');
  const sellerOrg = await orgOf(db, seller);
  // A retried test finds the pay password already set (13006): both are fine.
  const set = await post('/api/b2/funds/payPassword/set', seller, { loginPassword: DEMO_PASSWORD, payPassword: PAY_PASSWORD });
  expect([0, ErrorCode.PAY_PASSWORD_ALREADY_SET]).toContain(set.errorCode);
  const near = async () => (await get<{ count: number }>('/api/b2/afterSales/post/problemGood/nearTime/num', seller)).data.count;
  const before = await near();
  await fund(db, sellerOrg, 100_000);
  const parcel = await openProblemParcel(db, {
    orgId: sellerOrg,
    purchaserOrgId: await orgOf(db, purchaser),
    source: 'INSPECTION',
    reason: '错发：颜色不符',
    trackingNo: 'YT8800099887766',
    goods: [{ title: '法式碎花连衣裙', itemNo: 'A8821', color: '黑色', size: 'M', quantity: 1 }],
  });
  await db
    .update(problemParcels)
    .set({ deadlineAt: new Date(Date.now() + 5 * 3_600_000) })
    .where(eq(problemParcels.id, parcel.id));
  const no = parcel.barcodeNo ?? '';

  expect(await near()).toBe(before + 1);
  const page = await pageOf('demo_seller');
  // The seed's parcels due within a day, and this one: the badge counts what the server counts.
  await page.getByText('代发管理').click();
  await expect.poll(() => page.locator('a[href="/afterSale/problemList"] .ant-badge').textContent(), { timeout: 20_000 }).toBe(String(before + 1));
  await page.goto(h.url('www', '/afterSale/problemList'));
  const row = page.locator('tr', { hasText: no });
  await row.getByText(/剩余[45]小时/).waitFor();
  await shot(page, 'problem-list');
  await row.getByRole('button', { name: '寄回' }).click();
  await page.waitForURL(/\/afterSale\/problemSendBack\?ids=\d+$/);
  await page.getByLabel('收货人').fill('张小美');
  await page.getByLabel('手机号').fill('13800138000');
  await page.getByLabel('省市区').click();
  for (const name of ['浙江省', '杭州市', '西湖区']) await page.locator('.ant-cascader-menu-item', { hasText: new RegExp(`^${name}$`) }).click();
  await page.getByLabel('详细地址').fill('文三路 100 号 3 单元 501');
  const zto = page.getByRole('radio', { name: /中通快递 运费 ¥/ });
  await zto.check();
  const freight = /¥(\d+\.\d{2})/.exec((await page.locator('label', { has: zto }).textContent()) ?? '')?.[1] ?? '';
  expect(freight).toMatch(/^\d+\.\d{2}$/);
  await shot(page, 'problem-send-back');
  await page.getByRole('button', { name: /确认寄回/ }).click();
  await page.getByText('已申请寄回，请支付运费').waitFor();
  await page.getByRole('button', { name: '支付运费' }).click();
  await page.getByLabel('支付密码').fill(PAY_PASSWORD);
  await page.getByRole('button', { name: `确认支付 ¥${freight}` }).click();
  await page.getByText(`运费 ¥${freight} 已支付，仓库将尽快寄回`).waitFor();

  const warehouse = await pageOf('demo_purchaser');
  await warehouse.goto(h.url('www', '/print/scanPrint'));
  await warehouse.getByLabel('问题件编号').fill(no);
  await warehouse.getByLabel('问题件编号').press('Enter');
  await warehouse.getByLabel('寄回快递单号').fill('ZT7700011122233');
  await warehouse.getByRole('button', { name: '确认寄回' }).click();
  await warehouse.getByText(`问题件 ${no} 已寄回`).waitFor();
  await shot(warehouse, 'problem-ship-send-back');

  await page.goto(h.url('www', `/afterSale/problemList?trackingNo=${no}`));
  const shipped = page.locator('tr', { hasText: no });
  await shipped.getByText('已寄回').waitFor();
  await shipped.getByText('中通快递 ZT7700011122233').waitFor();
});

it('re-ships a parcel as a new dropship order: 已重发 on 问题件, the order on 代发订单', { timeout: 180_000 }, async () => {
  const app = h.serving.app;
  const db = h.serving.database.db;
  const t = { app, database: h.serving.database, config: app.initialConfig as never, close: async () => {} };
  const { post } = callers(() => t);
  const seller = await login(app, 'demo_seller');
  const set = await post('/api/b2/funds/payPassword/set', seller, { loginPassword: DEMO_PASSWORD, payPassword: PAY_PASSWORD });
  expect([0, ErrorCode.PAY_PASSWORD_ALREADY_SET]).toContain(set.errorCode);
  const sellerOrg = await orgOf(db, seller);
  await fund(db, sellerOrg, 100_000);
  const parcel = await openProblemParcel(db, {
    orgId: sellerOrg,
    purchaserOrgId: await orgOf(db, await login(app, 'demo_purchaser')),
    source: 'INSPECTION',
    reason: '破损：外包装压坏',
    trackingNo: 'YT8800099880001',
    goods: [{ title: '针织开衫', itemNo: 'K2031', color: '米白', size: 'L', quantity: 1 }],
  });
  const no = parcel.barcodeNo ?? '';

  const page = await pageOf('demo_seller');
  await page.goto(h.url('www', `/afterSale/problemList?trackingNo=${no}`));
  await page.locator('tr', { hasText: no }).getByRole('button', { name: '重发' }).click();
  const drawer = page.locator('.ant-drawer');
  await drawer.getByLabel('收货人').fill('王小丽');
  await drawer.getByLabel('手机号').fill('13700137000');
  await drawer.getByLabel('省市区').click();
  for (const name of ['浙江省', '杭州市', '西湖区']) await page.locator('.ant-cascader-menu-item', { hasText: new RegExp(`^${name}$`) }).click();
  await drawer.getByLabel('详细地址').fill('文二路 8 号');
  await drawer.getByRole('radio', { name: /中通快递 快递费 ¥/ }).check();
  await drawer.getByLabel('支付密码').fill(PAY_PASSWORD);
  await shot(page, 'problem-reship');
  await drawer.getByRole('button', { name: /确认重发并支付 ¥/ }).click();
  const done = page.getByText(/已重发为代发订单 DF\d+/);
  await done.waitFor();
  const orderNo = /DF\d+/.exec((await done.textContent()) ?? '')?.[0] ?? '';

  await page.getByRole('tab', { name: /已重发/ }).click();
  await page.locator('tr', { hasText: no }).getByText(`重发订单 ${orderNo}`).waitFor();
  await page.goto(h.url('www', `/order/daifaOrderList?orderNo=${orderNo}`));
  await page.locator('tr', { hasText: orderNo }).waitFor();
});
