/**
 * 自动售后设置 in jsdom: the header tag reads activeAutoSaleTag, choosing one shop shows its saved rules,
 * and saving sends the rules to the shops chosen with the amount limit in fen. Only the network is
 * played (fetch answers the page's calls); the page, its form and the request client are the real ones.
 */
import type { AutoAfterSaleShop } from '@dropship/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { playNetwork, renderPage, type Sent, WAIT } from '../../../test/fake-api';
import AutoAfterSalePage from './AutoAfterSalePage';

const B = '/api/b2/aftersale';
const shop = (shopId: number, shopName: string, rule: Partial<AutoAfterSaleShop['rule']> = {}): AutoAfterSaleShop => {
  const r = { unshippedRefundAgree: false, shippedReturnCreate: false, maxRefundFen: null, reasons: [], ...rule };
  return { shopId, shopName, channel: 'TAOBAO', refundAnswerable: true, rule: r, active: r.unshippedRefundAgree || r.shippedReturnCreate, updatedAt: null };
};
const ANSWERS: Record<string, unknown> = {
  [`${B}/autoRules`]: { shops: [shop(1, '小美女装旗舰店', { unshippedRefundAgree: true, maxRefundFen: 5000, reasons: ['质量问题'] }), shop(2, '小美的衣橱')] },
  [`${B}/orders/query/activeAutoSaleTag`]: { active: true, shops: 1 },
  [`${B}/autoRules/save`]: { saved: 1 },
};

let sent: Sent[];
beforeEach(() => {
  sent = playNetwork(ANSWERS, { userType: '1' });
});

it('shows the tag, loads a chosen shop’s rules and saves them in fen', { timeout: 90_000 }, async () => {
  renderPage(<AutoAfterSalePage />, '/basicSet/automaticAfterSale');
  await screen.findByText('自动售后已开启（1个店铺）', {}, WAIT);
  expect(await screen.findByText('金额不超过 ¥50.00；原因：质量问题', {}, WAIT)).toBeTruthy();
  fireEvent.mouseDown(screen.getByRole('combobox', { name: '店铺' }));
  fireEvent.click(await screen.findByText('小美女装旗舰店（淘宝/天猫）', {}, WAIT));
  await waitFor(
    () => expect((screen.getByRole('switch', { name: '未拿货仅退款自动拦截并同意' }) as HTMLButtonElement).getAttribute('aria-checked')).toBe('true'),
    WAIT,
  );
  fireEvent.change(screen.getByRole('spinbutton', { name: '退款金额上限' }), { target: { value: '88.8' } });
  fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
  await waitFor(
    () =>
      expect(sent.find((s) => s.path === `${B}/autoRules/save`)?.body).toEqual({
        shopIds: [1],
        unshippedRefundAgree: true,
        shippedReturnCreate: false,
        maxRefundFen: 8880,
        reasons: ['质量问题'],
      }),
    WAIT,
  );
  expect(await screen.findByText('已保存1个店铺的自动售后规则', {}, WAIT)).toBeTruthy();
});
