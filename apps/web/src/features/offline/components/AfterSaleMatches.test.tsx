/**
 * 售后退货 on 退货登记 in jsdom: the after-sales a scan signed in are listed with their sign-in state,
 * 验货 opens the dialog with the quantity prefilled and sends the inspection; the answer marks the
 * row. Only the network is played.
 */
import { type SignedAfterSale, STORAGE_KEYS } from '@dropship/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { AfterSaleMatches } from './AfterSaleMatches';

const INSPECT = '/api/b2/purchaser/offlineReturn/afterSale/inspect';
let sent: { path: string; body: Record<string, unknown> }[];
beforeEach(() => {
  window.localStorage.setItem(STORAGE_KEYS.userHash, 'test-hash');
  window.localStorage.setItem(STORAGE_KEYS.userType, '2');
  sent = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    sent.push({ path, body: init?.body ? JSON.parse(String(init.body)) : {} });
    const data =
      path === INSPECT ? { id: 11, afterSaleNo: 'AS26112600000011', status: 'GOODS_RETURNING', returnStatus: 'WAIT_FACTORY', returnLineId: 5 } : null;
    return new Response(JSON.stringify({ errorCode: 0, errorMsg: '成功', data }), { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const rows: SignedAfterSale[] = [
  { id: 11, afterSaleNo: 'AS26112600000011', sellerName: '演示卖家', orderNo: 'DF2611260001', artNo: 'K2031 黑色 M', quantity: 2, alreadyRegistered: false },
  { id: 12, afterSaleNo: 'AS26112600000012', sellerName: '演示卖家', orderNo: 'DF2611260002', artNo: 'K2032', quantity: 1, alreadyRegistered: true },
];

it('lists the signed-in after-sales and sends a 合格 inspection with the quantity received', async () => {
  render(
    <ConfigProvider>
      <App>
        <QueryClientProvider client={new QueryClient()}>
          <AfterSaleMatches rows={rows} />
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
  expect(screen.getByText('此前已签收')).toBeTruthy();
  expect(screen.getByRole('button', { name: '打印售后标签' })).toBeTruthy();
  fireEvent.click(screen.getAllByRole('button', { name: '验货' })[0] as HTMLElement);
  await screen.findByText('验货 AS26112600000011');
  expect((screen.getByRole('spinbutton', { name: /实收数量/ }) as HTMLInputElement).value).toBe('2');
  fireEvent.click(screen.getByRole('button', { name: '提交验货' }));
  await waitFor(() => expect(sent.find((s) => s.path === INSPECT)).toBeTruthy());
  expect(sent.find((s) => s.path === INSPECT)?.body).toEqual({ id: 11, result: 'QUALIFIED', receivedQuantity: 2, photos: [], note: '' });
  await screen.findByText('待退档口');
});
