/**
 * 售后退货 on 退货登记 in jsdom: the after-sales a scan signed in are listed with their sign-in state,
 * 验货 opens the dialog with the quantity prefilled and sends the inspection; the answer marks the
 * row. Only the network is played.
 */
import type { SignedAfterSale } from '@dropship/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { playNetwork, renderPage, type Sent } from '../../../../test/fake-api';
import { AfterSaleMatches } from './AfterSaleMatches';

const INSPECT = '/api/b2/purchaser/offlineReturn/afterSale/inspect';
let sent: Sent[];
beforeEach(() => {
  sent = playNetwork(
    { [INSPECT]: { id: 11, afterSaleNo: 'AS26112600000011', status: 'GOODS_RETURNING', returnStatus: 'WAIT_FACTORY', returnLineId: 5 } },
    { userType: '2' },
  );
});

const rows: SignedAfterSale[] = [
  { id: 11, afterSaleNo: 'AS26112600000011', sellerName: '演示卖家', orderNo: 'DF2611260001', artNo: 'K2031 黑色 M', quantity: 2, alreadyRegistered: false },
  { id: 12, afterSaleNo: 'AS26112600000012', sellerName: '演示卖家', orderNo: 'DF2611260002', artNo: 'K2032', quantity: 1, alreadyRegistered: true },
];

it('lists the signed-in after-sales and sends a 合格 inspection with the quantity received', async () => {
  renderPage(<AfterSaleMatches rows={rows} />);
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
