/**
 * A new seller signs up on the 注册 page with an SMS code read from the Aliyun SMS emulator, binds to
 * the demo purchaser with an invite code the purchaser made, and works in the shell.
 */
import { type SmsEmulator, startSmsEmulator } from '@dropship/channels';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type Harness, settleOverlays, signIn, startHarness } from './harness';

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

it('a new seller signs up with an SMS code, binds to the demo purchaser with its invite code, and lands in the shell', async () => {
  // The demo purchaser makes a single-use code on its 邀请码 page; the whole code shows once.
  const asPurchaser = await h.newPage();
  await signIn(asPurchaser.page, h.url('www'), 'demo_purchaser', 'purchaser');
  await settleOverlays(asPurchaser.page);
  await asPurchaser.page.goto(h.url('www', '/accountPermission/inviteCode'));
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

  // The shell works for the new seller: its (empty) dropship orders open.
  await page.getByText('代发管理').click();
  await page.locator('a[href="/order/daifaOrderList"]').click();
  await page.waitForURL('**/order/daifaOrderList');
  await context.close();
});
