/**
 * 换货补发's drawer in jsdom: it opens with the original order's receiver and courier from the quote,
 * sends them with the pay password and one request key, and answers with the new order's number
 * linking to its detail. Only the network is played.
 */
import type { ExchangeQuoteResult } from '@dropship/contract';
import { STORAGE_KEYS } from '@dropship/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExchangeReshipDrawer } from './ExchangeReshipDrawer';

const A = '/api/b2/aftersale/orders';
const QUOTE: ExchangeQuoteResult = {
  receiver: { name: '林晓', phone: '13800138001', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路90号' },
  expressCode: 'ZTO',
  quantity: 1,
  title: '法式碎花连衣裙',
  artNo: 'A20',
  color: '黑色',
  size: 'M',
  stallName: '测试档口',
  quotes: [{ code: 'ZTO', name: '中通快递', expressFeeFen: 500, serviceFeeFen: 200, totalFen: 700 }],
  availableFen: 100_000,
};

let sent: { path: string; body: Record<string, unknown> }[];
beforeEach(() => {
  window.localStorage.setItem(STORAGE_KEYS.userHash, 'test-hash');
  window.localStorage.setItem(STORAGE_KEYS.userType, '1');
  sent = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    sent.push({ path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : {} });
    const data =
      url.pathname === `${A}/exchange/quote`
        ? QUOTE
        : url.pathname === `${A}/exchange/reship`
          ? { id: 5, afterSaleNo: 'AS261126000005', orderId: 91, orderNo: 'DF2611260000091', totalFen: 700 }
          : null;
    return new Response(JSON.stringify({ errorCode: 0, errorMsg: '成功', data }), { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const WAIT = { timeout: 15_000 };

describe('ExchangeReshipDrawer', () => {
  it('prefills the original receiver and courier, pays with the pay password, and links the new order', { timeout: 90_000 }, async () => {
    render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <MemoryRouter>
              <ExchangeReshipDrawer target={{ id: 5, afterSaleNo: 'AS261126000005' }} onClose={() => {}} />
            </MemoryRouter>
          </QueryClientProvider>
        </App>
      </ConfigProvider>,
    );
    await waitFor(() => expect((screen.getByLabelText('收货人') as HTMLInputElement).value).toBe('林晓'), WAIT);
    expect(sent[0]).toMatchObject({ path: `${A}/exchange/quote`, body: { id: 5 } });
    expect((screen.getByLabelText('详细地址') as HTMLTextAreaElement).value).toBe('文三路90号');
    fireEvent.change(screen.getByLabelText('支付密码'), { target: { value: '246810' } });
    fireEvent.click(await screen.findByRole('button', { name: /确认补发并支付 ¥7.00/ }, WAIT));
    await screen.findByText('已补发为代发订单 DF2611260000091', {}, WAIT);
    const reship = sent.find((s) => s.path === `${A}/exchange/reship`);
    expect(reship?.body).toMatchObject({
      id: 5,
      expressCode: 'ZTO',
      payPassword: '246810',
      receiver: { name: '林晓', phone: '13800138001', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路90号' },
    });
    expect(String(reship?.body.requestKey).length).toBeGreaterThanOrEqual(8);
    expect(screen.getByRole('link', { name: '查看代发订单' }).getAttribute('href')).toBe('/order/daifaOrderList/daifaOrederListDetail?id=91');
  });
});
