/**
 * 售后详情 in jsdom: the summary, the buyer's photos, the money and the timeline as the server
 * answers them, and exactly the action buttons the detail's `actions` lists (撤销 asks first and
 * sends the id with a request key). Only the network is played.
 */
import type { AfterSaleDetail } from '@dropship/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { playNetwork, renderPage, type Sent, WAIT } from '../../../../test/fake-api';
import { row } from '../test-rows';
import AfterSaleDetailPage from './AfterSaleDetailPage';

const A = '/api/b2/aftersale/orders';
const DETAIL: AfterSaleDetail = {
  ...row(3, { status: 'GOODS_RETURNING', type: 'RETURN_GOODS_DELIVERY', returnStatus: 'WAIT_SIGNED', quantity: 2 }),
  remark: '买家说腰围偏小',
  photos: ['https://img.example.com/a.jpg', 'https://img.example.com/b.jpg'],
  orderStatus: 'DELIVERED',
  orderCombinedStatus: 'GOODS_RETURNING',
  unitCostFen: 3850,
  lineQuantity: 3,
  money: [{ type: 'REFUND', amountFen: 7700, createdAt: '2026-11-26T03:00:00.000Z', note: '退货退款退回货款' }],
  timeline: [
    {
      id: 1,
      operation: 'APPLY',
      operationName: '申请售后',
      fromStatus: null,
      toStatus: 'GOODS_RETURNING',
      note: '尺码不合适',
      actorName: 'demo_seller',
      createdAt: '2026-11-26T02:00:00.000Z',
    },
  ],
  actions: ['CANCEL', 'FILL_WAYBILL'],
};

let sent: Sent[];
beforeEach(() => {
  sent = playNetwork({ [`${A}/detail`]: DETAIL }, { userType: '1' });
});

describe('AfterSaleDetailPage', () => {
  it('shows the after-sale as answered and only its allowed actions; 撤销售后 confirms, then sends', { timeout: 90_000 }, async () => {
    renderPage(<AfterSaleDetailPage />, '/afterSale/afterSaleListDetail?id=3', { route: '/afterSale/afterSaleListDetail' });
    await screen.findByText('售后单 AS261126000003', {}, WAIT);
    expect(`${sent[0]?.path}?${sent[0]?.query}`).toBe(`${A}/detail?id=3`);
    expect(screen.getByText('2 / 3 件')).toBeTruthy();
    expect(screen.getByText('买家说腰围偏小')).toBeTruthy();
    expect(screen.getByAltText('售后图片2')).toBeTruthy();
    expect(screen.getByText('+77.00')).toBeTruthy();
    expect(screen.getByText('申请售后')).toBeTruthy();
    expect(screen.getByText(/demo_seller/)).toBeTruthy();

    const buttons = screen
      .getAllByRole('button')
      .map((b) => b.textContent?.replace(/\s/g, ''))
      .filter(Boolean);
    expect(buttons).toEqual(['撤销售后', '填写退货物流']);
    expect(screen.queryByRole('button', { name: '拦截退款' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '撤销售后' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认撤销' }, WAIT));
    const cancel = () => sent.find((s) => s.path === `${A}/cancel`)?.body as Record<string, unknown> | undefined;
    await waitFor(() => expect(cancel()).toMatchObject({ id: 3 }), WAIT);
    expect(String(cancel()?.requestKey)).toMatch(/^[a-z0-9]{36}:\d+$/);
  });
});
