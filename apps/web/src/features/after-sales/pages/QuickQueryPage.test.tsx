/**
 * 快速查询 in jsdom: the keyword goes to the address and to the call, and the three sections show
 * what matched with links to where each is handled. Only the network is played.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { playNetwork, renderPage, type Sent, WAIT } from '../../../../test/fake-api';
import { row } from '../test-rows';
import QuickQueryPage from './QuickQueryPage';

const Q = '/api/b2/aftersale/orders/quickQuery';
const ANSWER = {
  orders: [
    {
      id: 101,
      orderNo: 'DF20261126000001',
      platformOrderId: '4012873365505',
      shopName: '小美女装旗舰店',
      status: 'WAITING_DELIVERING',
      combinedStatus: 'E_STOP_TAKING',
      receiverName: '刘*',
      receiverPhone: '135****5555',
      trackingNo: null,
      createdAt: '2026-11-26T02:00:00.000Z',
    },
  ],
  afterSales: [row(1, { status: 'COMPLETE' })],
  parcels: [],
};

let sent: Sent[];
beforeEach(() => {
  sent = playNetwork({ [Q]: ANSWER }, { userType: '1' });
});

let location = '';
function Probe() {
  location = useLocation().search;
  return null;
}

describe('QuickQueryPage', () => {
  it('asks by the typed keyword and links each hit to its page', { timeout: 90_000 }, async () => {
    renderPage(
      <>
        <QuickQueryPage />
        <Probe />
      </>,
      '/afterSale/quickQuery',
      { route: '/afterSale/quickQuery' },
    );
    expect(sent.some((s) => s.path === Q)).toBe(false);
    fireEvent.change(screen.getByLabelText('查询内容'), { target: { value: ' 4012873365505 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s?询/ }));
    await waitFor(() => expect(sent.find((s) => s.path === Q)?.body).toEqual({ keyword: '4012873365505' }), WAIT);
    expect(location).toBe('?keyword=4012873365505');

    const orders = await screen.findByTestId('quick-orders', {}, WAIT);
    expect(within(orders).getByRole('link', { name: 'DF20261126000001' }).getAttribute('href')).toBe('/order/daifaOrderList/daifaOrederListDetail?id=101');
    expect(within(orders).getByText('已停止拿货')).toBeTruthy();
    const afterSales = screen.getByTestId('quick-after-sales');
    expect(within(afterSales).getByRole('link', { name: 'AS261126000001' }).getAttribute('href')).toBe('/afterSale/afterSaleListDetail?id=1');
    expect(within(afterSales).getByText('已完成')).toBeTruthy();
    expect(within(screen.getByTestId('quick-parcels')).getByText('没有匹配的问题件')).toBeTruthy();
  });
});
