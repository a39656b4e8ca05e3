/**
 * 售后订单 in jsdom: the tabs carry the answer's counts, each row offers only the actions its status
 * allows (the server's rule), 拒绝退款 asks its reason first, and batch 拦截退款 sends the open platform refunds and lists each one
 * that failed with its reason. Only the network is played (fetch answers the page's calls); the
 * page, its hooks, the router and the request client are the real ones.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { playNetwork, renderPage, type Sent, WAIT } from '../../../../test/fake-api';
import { row } from '../test-rows';
import AfterSaleListPage from './AfterSaleListPage';

const A = '/api/b2/aftersale/orders';
const ROWS = [
  row(1, {}),
  row(2, { source: 'PLATFORM', platformRefundId: 'R88', platformRefundFen: 5900 }),
  row(3, { status: 'GOODS_RETURNING', type: 'RETURN_GOODS_DELIVERY', returnStatus: 'WAIT_SIGNED' }),
  row(4, { status: 'COMPLETE', refundedFen: 3850, finishedAt: '2026-11-26T02:00:01.000Z' }),
];
const ANSWERS: Record<string, unknown> = {
  [`${A}/page`]: { total: 4, list: ROWS, counts: { REFUNDING: 2, GOODS_RETURNING: 1, COMPLETE: 1 } },
  [`${A}/batchIntercept`]: { done: [], failed: [{ id: 2, afterSaleNo: 'AS261126000002', message: '该商品已发货，不能拦截' }] },
  '/api/b2/orders/shopOptions': [{ id: 1, name: '小美女装旗舰店', channel: 'TAOBAO' }],
};

let sent: Sent[];
beforeEach(() => {
  sent = playNetwork(ANSWERS, { userType: '1' });
});

const show = () => renderPage(<AfterSaleListPage />, '/afterSale/afterSaleList', { route: '/afterSale/afterSaleList' });
const rowOf = (no: string) => screen.getByText(no).closest('tr') as HTMLElement;

describe('AfterSaleListPage', () => {
  it('shows a capped count honestly: 10000+ on the tabs past the cap and under the table', { timeout: 90_000 }, async () => {
    ANSWERS[`${A}/page`] = {
      total: 10_000,
      totalCapped: true,
      list: ROWS,
      counts: { REFUNDING: 2, COMPLETE: 10_000, ALL: 10_000 },
      countsCapped: ['COMPLETE', 'ALL'],
    };
    try {
      show();
      await screen.findByText('AS261126000001', {}, WAIT);
      expect(screen.getByRole('tab', { name: '全部（10000+）' })).toBeTruthy();
      expect(screen.getByRole('tab', { name: '已完成（10000+）' })).toBeTruthy();
      expect(screen.getByRole('tab', { name: '退款中（2）' })).toBeTruthy();
      expect(screen.getByText('共 10000+ 条（请缩小筛选范围）')).toBeTruthy();
    } finally {
      ANSWERS[`${A}/page`] = { total: 4, list: ROWS, counts: { REFUNDING: 2, GOODS_RETURNING: 1, COMPLETE: 1 } };
    }
  });

  it('shows the counts on the tabs and only the actions each status allows', { timeout: 90_000 }, async () => {
    show();
    await screen.findByText('AS261126000001', {}, WAIT);
    expect(screen.getByRole('tab', { name: '全部（4）' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '退款中（2）' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '已拒绝' })).toBeTruthy();

    // The row's action buttons by their text (the copy icon beside the shop's order number has none).
    const names = (no: string) =>
      within(rowOf(no))
        .queryAllByRole('button')
        .map((b) => b.textContent?.replace(/\s/g, ''))
        .filter(Boolean);
    expect(names('AS261126000001')).toEqual(['撤销']);
    // An open platform refund of a shop whose platform takes answers: 同意 / 拒绝 beside 拦截.
    expect(names('AS261126000002')).toEqual(['拦截退款', '同意退款', '拒绝退款']);
    expect(names('AS261126000003')).toEqual(['撤销', '填写退货物流']);
    expect(names('AS261126000004')).toEqual([]);
    // Money in yuan; the return parcel's progress beside the status.
    expect(within(rowOf('AS261126000004')).getByText('已退 38.50')).toBeTruthy();
    expect(within(rowOf('AS261126000002')).getByText('买家申请 59.00')).toBeTruthy();
    expect(within(rowOf('AS261126000003')).getByText('待签收')).toBeTruthy();
  });

  it('拒绝退款 asks a reason first and sends it with the after-sale', { timeout: 90_000 }, async () => {
    show();
    await screen.findByText('AS261126000002', {}, WAIT);
    fireEvent.click(within(rowOf('AS261126000002')).getByRole('button', { name: '拒绝退款' }));
    const reason = await screen.findByPlaceholderText('请输入拒绝原因', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: '确认拒绝' }));
    expect(await screen.findByText('请输入2到200个字的拒绝原因', {}, WAIT)).toBeTruthy();
    expect(sent.some((s) => s.path === `${A}/refuse`)).toBe(false);
    fireEvent.change(reason, { target: { value: '商品已在途，请收货后申请退货' } });
    fireEvent.click(screen.getByRole('button', { name: '确认拒绝' }));
    await waitFor(() => expect(sent.find((s) => s.path === `${A}/refuse`)?.body).toEqual({ id: 2, reason: '商品已在途，请收货后申请退货' }), WAIT);
  });

  it('batch 拦截退款 sends the open platform refunds only and lists each failure with its reason', { timeout: 90_000 }, async () => {
    show();
    await screen.findByText('AS261126000001', {}, WAIT);
    for (const no of ['AS261126000001', 'AS261126000002']) fireEvent.click(screen.getByLabelText(`选择售后单${no}`));
    const batch = await screen.findByRole('button', { name: '批量拦截退款（1）' });
    fireEvent.click(batch);
    fireEvent.click(await screen.findByRole('button', { name: '确认拦截' }, WAIT));
    await waitFor(() => expect(sent.find((s) => s.path === `${A}/batchIntercept`)?.body).toEqual({ ids: [2] }), WAIT);
    expect(await screen.findByText('成功 0 个，失败 1 个', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('该商品已发货，不能拦截')).toBeTruthy();
  });
});
