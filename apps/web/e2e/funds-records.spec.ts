/**
 * The funds record pages in Chromium against the seeded demo: 充值记录 with the pending-payment
 * tab and the old-balance migration, 优惠券 tabs, 对账单 after the migration, 拿货结算 for the
 * purchaser and its picker drill-down, and 支付宝分账授权 bind / unbind on the local emulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, settleOverlays, shot, signIn, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('funds records in the browser', () => {
  it('seller: pending replenish tab, pay links, old balance migrated into the statement, coupons', async () => {
    const { context, page } = await h.newPage();
    await signIn(page, h.url('www'), 'demo_seller', 'seller', '/funds/transferRecord');
    await settleOverlays(page);

    // Two requests wait for payment: the page opens on that tab, with the badge.
    await page.getByRole('tab', { name: /待付款补款/ }).waitFor();
    await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toContain('待付款补款');
    await page.getByText('档口涨价：货号 A8821 黑色 M').waitFor();
    expect(await page.getByRole('link', { name: '去支付' }).first().getAttribute('href')).toMatch(
      /^\/funds\/pay\?bizType=REPLENISH&ids=\d+&payCallback=bukuan$/,
    );
    await page
      .getByLabel(/选择补款单/)
      .first()
      .check();
    await page
      .getByLabel(/选择补款单/)
      .nth(1)
      .check();
    await page.getByRole('button', { name: /批量支付（2笔 ¥20\.50）/ }).waitFor();
    await shot(page, 'transfer-record');

    await page.getByText('您在旧系统还有余额 ¥88.80').waitFor();
    await page.getByRole('button', { name: '迁移到当前余额' }).click();
    await page.getByRole('button', { name: '确定迁移' }).click();
    await page.getByText('已将旧余额 ¥88.80 转入当前余额').waitFor();
    await page.getByText('您在旧系统还有余额').waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: '充值记录' }).click();
    await expect.poll(() => page.url()).toContain('tab=recharge');
    await page.getByText('暂无充值记录').waitFor();

    await page.goto(h.url('www', '/funds/accountStatement'));
    await page.getByRole('cell', { name: '余额迁移' }).waitFor();
    expect(await page.locator('.ant-statistic', { hasText: '期末可用余额' }).textContent()).toContain('88.80');
    await shot(page, 'account-statement');

    await page.goto(h.url('www', '/funds/coupon'));
    await page.getByRole('tab', { name: '未使用（3）' }).waitFor();
    expect(await page.getByTestId('coupon-card').count()).toBe(3);
    await page.getByRole('tab', { name: '已过期（1）' }).click();
    await page.getByText('元旦满200减15').waitFor();
    expect(page.url()).toContain('status=EXPIRED');
    await shot(page, 'coupon');
    await context.close();
  });

  it('seller: binds and unbinds the split-ledger account', async () => {
    const { context, page } = await h.newPage();
    await signIn(page, h.url('www'), 'demo_seller', 'seller', '/funds/aliLedgerAuth');
    await settleOverlays(page);
    await page.getByLabel('支付宝账号').fill('13812345678');
    await page.getByLabel('真实姓名或企业名称').fill('张小美');
    await page.getByRole('button', { name: '授权分账' }).click();
    await page.getByText('138****5678').first().waitFor();
    await page.getByRole('button', { name: '核对支付宝状态' }).click();
    await page.getByText('支付宝分账关系正常').waitFor();
    await shot(page, 'ali-ledger-auth');
    await page.getByRole('button', { name: '解除授权' }).click();
    await page
      .getByRole('button', { name: '解 除' })
      .or(page.getByRole('button', { name: '解除', exact: true }))
      .last()
      .click();
    await page.getByRole('button', { name: '授权分账' }).waitFor();
    await page.goto(h.url('www', '/funds/aliLedger'));
    await page.getByText('尚未授权分账').waitFor();
    await page.getByText(/暂无分账记录/).waitFor();
    await context.close();
  });

  it('purchaser: settlement per stall and per picker, then one picker', async () => {
    const { context, page } = await h.newPage();
    await signIn(page, h.url('www'), 'demo_purchaser', 'purchaser', '/funds/nahuoSettlement');
    await settleOverlays(page);
    await page
      .getByRole('cell', { name: /四季青|白马|十三行|沙河/ })
      .first()
      .waitFor();
    await page.getByText('按月').click();
    await expect.poll(() => page.url()).toContain('period=month');
    await shot(page, 'settlement');
    await page.getByRole('tab', { name: '按拿货员' }).click();
    await page.getByRole('cell', { name: 'demo_picker' }).waitFor();
    await page
      .getByRole('row', { name: /demo_picker/ })
      .getByRole('link', { name: '查看明细' })
      .click();
    await page.getByRole('heading', { name: '拿货员结算：demo_picker' }).waitFor();
    await page.getByRole('cell', { name: '退货回档口' }).waitFor();
    await shot(page, 'picker-settlement');
    await context.close();
  });
});
