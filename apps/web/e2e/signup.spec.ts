/**
 * A new seller signs up on the 注册 page with an SMS code read from the Aliyun SMS emulator, binds to
 * the demo purchaser with an invite code the purchaser made, authorizes and syncs a Taobao shop, and
 * places and pays one of its orders, which reaches that purchaser and shows on its 代发订单.
 */
import { type MarketplaceEmulator, type NormalizedOrder, type SmsEmulator, startSmsEmulator } from '@dropship/channels';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/rows';
import { shops } from '../../server/src/modules/shops/shops.table';
import { fund, orgOf } from '../../server/test/funds-payments-support';
import { login } from '../../server/test/helpers';
import { addOAuthShop } from '../../server/test/shops-support';
import { paidPlatformOrder } from '../../server/test/warehouse-support';
import { type Harness, settleOverlays, signIn, startHarness } from './harness';
import { worldOf } from './warehouse-world';

const TEMPLATE = 'SMS_460770009';
const SMS_ENV = ['SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'SMS_ENDPOINT', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_CODE'] as const;

let h: Harness;
let sms: SmsEmulator;
const saved: Record<string, string | undefined> = {};

beforeEach(async () => {
  sms = await startSmsEmulator({
    accessKeys: { LTAI5tE2eKey: 'e2e-secret' },
    signNames: ['代发助手'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: ${code} is Aliyun's template placeholder, filled by the SMS service
    templates: { [TEMPLATE]: '您的验证码为${code}，5分钟内有效，请勿泄露给他人。' },
  });
  // The harness's server reads its configuration from the environment: point its SMS client at this emulator.
  for (const k of SMS_ENV) saved[k] = process.env[k];
  Object.assign(process.env, {
    SMS_ACCESS_KEY_ID: 'LTAI5tE2eKey',
    SMS_ACCESS_KEY_SECRET: 'e2e-secret',
    SMS_ENDPOINT: sms.url,
    SMS_SIGN_NAME: '代发助手',
    SMS_TEMPLATE_CODE: TEMPLATE,
  });
  h = await startHarness();
});
afterEach(async () => {
  await h?.close();
  await sms?.close();
  for (const k of SMS_ENV) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

it('a new seller signs up with an SMS code, binds to the demo purchaser with its invite code, syncs a shop and places an order the purchaser receives', async () => {
  // The demo purchaser makes a single-use code on its 邀请码 page; the whole code shows once.
  const asPurchaser = await h.newPage();
  await signIn(asPurchaser.page, h.url('www'), 'demo_purchaser', 'purchaser', '/accountPermission/inviteCode');
  await settleOverlays(asPurchaser.page);
  await asPurchaser.page.getByRole('button', { name: '生成邀请码' }).click();
  const code = ((await asPurchaser.page.getByTestId('invite-code').textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
  await asPurchaser.page
    .locator('.ant-table-row', { hasText: code.slice(-4) })
    .getByText('可用')
    .waitFor();
  await asPurchaser.context.close();

  const { context, page } = await h.newPage();
  await page.goto(h.url('www', '/login'));
  await page.getByRole('link', { name: '注册卖家账号' }).click();
  await page.waitForURL('**/register');

  const phone = '13900002026';
  await page.getByLabel('手机号（即登录账号）').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect.poll(() => sms.lastCode(phone) ?? '', { timeout: 10_000 }).toMatch(/^\d{6}$/);
  await page.getByRole('button', { name: /秒后重发/ }).waitFor();
  await page.getByPlaceholder('6位短信验证码').fill(sms.lastCode(phone) ?? '');
  await page.getByLabel('密码', { exact: true }).fill('Newshop2026');
  await page.getByLabel('确认密码').fill('Newshop2026');
  await page.getByLabel('公司名称').fill('义乌新开服饰');
  await page.getByRole('button', { name: '注册并登录' }).click();
  await page.waitForURL('**/home');
  await page.getByTestId('user-menu').waitFor();
  await settleOverlays(page);

  // Bind through the menu's 账号权限 → 绑定采购商.
  await page.getByText('账号权限').click();
  await page.locator('a[href="/accountPermission/purchaserBinding"]').click();
  await page.getByText('尚未绑定采购商').waitFor();
  await page.getByLabel('邀请码').fill(code);
  await page.getByRole('button', { name: /绑\s*定/ }).click();
  await page.getByTestId('binding').getByText('广州白马拿货服务').waitFor();

  // The phone is the new account's name: it signs in with the password just set.
  const second = await h.api('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: phone, password: 'Newshop2026' }),
  });
  expect(second.errorCode).toBe(0);

  // The first order: a Taobao shop authorized on the marketplace emulator and synced; one of its
  // orders placed and paid from the balance reaches the purchaser the seller just bound.
  const w = await worldOf(h);
  const db = w.t.database.db;
  const mine = await login(h.serving.app, phone, 'Newshop2026');
  const sellerOrg = await orgOf(db, mine);
  await fund(db, sellerOrg, 100_000);
  const shopId = await addOAuthShop(h.serving.app, mine, 'TAOBAO', '义乌新开淘宝店');
  const [shop] = await db.select().from(shops).where(eq(shops.id, shopId));
  const emu: MarketplaceEmulator = await h.serving.app.channels.emulator();
  const order = (emu.addOrders('TAOBAO', shop?.platformShopId as string, 10) as NormalizedOrder[]).find(
    (o) => o.status === 'WAIT_SELLER_SEND' && o.items.every((i) => i.refundState === 'NONE'),
  );
  if (!order) throw new Error('no TAOBAO order waiting to ship');
  const api = await h.apiSession(phone, 'seller', 'Newshop2026');
  const asked = Date.now();
  await api.post('/api/b2/shops/sync', { id: shopId });
  await expect
    .poll(
      async () => {
        const s = (await api.post<{ id: number; sync: { state: string; lastSyncedAt: string | null } }[]>('/api/b2/shops/list', {})).find(
          (x) => x.id === shopId,
        )?.sync;
        return !!s && s.state === 'IDLE' && !!s.lastSyncedAt && Date.parse(s.lastSyncedAt) >= asked - 1000;
      },
      { timeout: 60_000, interval: 500, message: '新店铺同步完成' },
    )
    .toBe(true);
  const synced = await api.post<{ list: { platformOrderId: string }[] }>('/api/b2/orders/page', {
    pageNo: 1,
    pageSize: 20,
    shopId,
    platformOrderId: order.platformOrderId,
  });
  expect(synced.list.map((o) => o.platformOrderId)).toContain(order.platformOrderId);
  const placed = await paidPlatformOrder({ ...w, seller: mine, sellerOrg }, shopId, order, 'TAOBAO');
  const takers = await queryRows<{ purchaser_org_id: number }>(db, sql`select purchaser_org_id from take_items where order_id = ${placed.id}`);
  expect(takers.length).toBeGreaterThan(0);
  expect(takers.every((r) => Number(r.purchaser_org_id) === w.purchaserOrg)).toBe(true);

  // The shell shows it: the new seller's 代发订单 lists the order.
  await page.getByText('代发管理').click();
  await page.locator('a[href="/order/daifaOrderList"]').click();
  await page.waitForURL('**/order/daifaOrderList');
  await page.locator('.ant-table-row', { hasText: placed.orderNo }).waitFor({ timeout: 20_000 });
  await context.close();
});
