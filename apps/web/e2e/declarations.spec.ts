import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type Harness, settleOverlays, shot, signIn, startHarness } from './harness';
import { PAY_PASSWORD, setUpMoney } from './money';

// A server per test, not per file: a retry must not find the first try's pay password and declaration.
let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h?.close());

it('declares two lines, submits and pays them, and sees them in the history', async () => {
  const { context, page } = await h.newPage();
  await signIn(page, h.url('www'), 'demo_seller', 'seller');
  await settleOverlays(page);
  await setUpMoney(h, page);

  await signIn(page, h.url('second'), 'demo_seller', 'seller');
  await settleOverlays(page);
  await page.locator('[data-menu-group="declaration"]').waitFor();

  await page.goto(h.url('second', '/order/orderCollect'));
  await page.getByRole('button', { name: '从Excel粘贴' }).click();
  await page
    .getByLabel('粘贴内容')
    .fill(
      [
        '档口\t货号\t颜色\t尺码\t数量\t单价\t收货人\t手机\t省\t市\t区\t地址',
        'A312\tK2088\t黑色\tM\t1\t35.00\t周敏\t13900139001\t浙江省\t杭州市\t上城区\t解放路18号',
        'A312\tK2099\t白色\tL\t2\t20.50\t周敏\t13900139001\t浙江省\t杭州市\t上城区\t解放路18号',
      ].join('\n'),
    );
  await page.getByRole('button', { name: '添加到报单' }).click();
  await page.getByText('已添加 2 行').waitFor();
  expect(await page.getByLabel('第2行货号').inputValue()).toBe('K2099');
  await page.getByLabel('快递').click();
  await page.locator('.ant-select-item-option', { hasText: '中通' }).click();
  await shot(page, 'declaration-edit');

  await page.getByRole('button', { name: '提交并支付' }).click();
  await page.getByText(/报单 BD\d+ 已提交，生成 1 个代发订单/).waitFor();
  await page.getByLabel('支付密码').fill(PAY_PASSWORD);
  await page.getByRole('button', { name: /确认支付/ }).click();
  // A refused payment leaves the dialog open with its reason: name it instead of a bare timeout.
  await page.waitForURL('**/declarationHistory', { timeout: 60_000 }).catch(async (e) => {
    await page.screenshot({ path: '/tmp/declarations-pay-failure.png', fullPage: true });
    const shown = await page.locator('.ant-modal, .ant-message, .ant-alert').allTextContents();
    throw new Error(`支付后未进入报单历史：${shown.join(' | ')}`, { cause: e });
  });

  const row = page.locator('tr', { hasText: /BD\d+/ }).first();
  await row
    .getByText('待拿货')
    .waitFor({ timeout: 60_000 })
    .catch(async (e) => {
      await page.screenshot({ path: '/tmp/declarations-history-failure.png', fullPage: true });
      throw e;
    });
  expect(await row.textContent()).toMatch(/DF\d{14}/);
  await shot(page, 'declaration-history');
  // The history as Excel: the row with its order and status.
  const declarationNo = (await row.textContent())?.match(/BD\d+/)?.[0] ?? '';
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^报单历史.*\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
  const sheetText = wb.worksheets[0]!.getSheetValues()
    .map((r) => (Array.isArray(r) ? r.join(' ') : ''))
    .join('\n');
  expect(sheetText).toContain(declarationNo);
  expect(sheetText).toMatch(/DF\d{14}（待拿货）/);

  await page.goto(h.url('second', '/order/orderCollectRecord'));
  await page.locator('tr', { hasText: 'K2099' }).getByText('待拿货').waitFor();
  expect(await page.locator('tr', { hasText: 'K2088' }).count()).toBe(1);
  await context.close();
});

it('saves fulfilment settings on their pages: the return phone tab and the return address', async () => {
  const { context, page } = await h.newPage();
  await signIn(page, h.url('www'), 'demo_seller', 'seller');
  await settleOverlays(page);
  for (const [path, title] of [
    ['/basicSet/orderFulfillmentStrategy', '订单履约策略'],
    ['/basicSet/autoIntercept', '拦截日志'],
    ['/basicSet/speedSelivery', '加急发货'],
    ['/basicSet/customInfo', '发货地址'],
    ['/basicSet/setPayment', '货到付款服务设置'],
    ['/basicSet/distributionMode', '默认供货方式'],
  ] as const) {
    await page.goto(h.url('www', path));
    await page.getByText(title).first().waitFor();
    await page.getByRole('button', { name: /^保\s*存$/ }).waitFor();
  }
  await page.goto(h.url('www', '/basicSet/returnPhone'));
  await page.getByRole('tab', { name: '店铺退货电话' }).waitFor();
  await page.getByLabel('默认退货电话').fill('400-820-8820');
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await page.getByText('保存成功').waitFor();
  const address = page.locator('.ant-card', { hasText: '退货地址（我的收货地址）' });
  await address.getByLabel('联系人').fill('王姐');
  await address.getByLabel('手机号').fill('13857101312');
  await address.getByLabel('省').fill('浙江省');
  await address.getByLabel('市', { exact: true }).fill('杭州市');
  await address.getByLabel('区县').fill('上城区');
  await address.getByLabel('详细地址').fill('杭海路78号');
  await address.getByRole('button', { name: /保存退货地址/ }).click();
  await page.getByText('退货地址（我的收货地址）已保存').waitFor();
  await shot(page, 'settings-return-phone');
  await page.reload();
  expect(await page.getByLabel('默认退货电话').inputValue()).toBe('400-820-8820');
  expect(await address.getByLabel('详细地址').inputValue()).toBe('杭海路78号');
  await context.close();
});
