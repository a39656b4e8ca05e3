/** 服务价格 in jsdom: the current prices shown in yuan, each form saved on its own in fen. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { playNetwork, renderPage, type Sent, WAIT } from '../../../test/fake-api';
import ServicePricesPage from './ServicePricesPage';

it('shows the current prices in yuan and saves each form in fen', { timeout: 90_000 }, async () => {
  const sent = playNetwork({
    '/api/operator/express/settings': (s: Sent) => (s.method === 'POST' ? s.body : { serviceFeePerItemFen: 150, itemWeightGrams: 500 }),
    '/api/operator/fulfilment/prices': (s: Sent) => (s.method === 'POST' ? s.body : { speedDeliveryFeeFen: 300, payLaterCreditFen: 200_000 }),
  });
  renderPage(<ServicePricesPage />, '/operator/servicePrices');
  const fee = (await screen.findByRole('textbox', { name: '每件服务费（元）' }, WAIT)) as HTMLInputElement;
  expect(fee.value).toBe('1.50');
  const credit = (await screen.findByRole('textbox', { name: '货到付款额度（元）' }, WAIT)) as HTMLInputElement;
  expect(credit.value).toBe('2000.00');

  fireEvent.change(fee, { target: { value: '2' } });
  fireEvent.click(screen.getByRole('button', { name: '保存代发服务费' }));
  await waitFor(
    () =>
      expect(sent.find((s) => s.method === 'POST' && s.path === '/api/operator/express/settings')?.body).toEqual({
        serviceFeePerItemFen: 200,
        itemWeightGrams: 500,
      }),
    WAIT,
  );
  expect(await screen.findByText('代发服务费已保存', {}, WAIT)).toBeTruthy();

  fireEvent.change(credit, { target: { value: '3000.5' } });
  fireEvent.click(screen.getByRole('button', { name: '保存加急费与额度' }));
  await waitFor(
    () =>
      expect(sent.find((s) => s.method === 'POST' && s.path === '/api/operator/fulfilment/prices')?.body).toEqual({
        speedDeliveryFeeFen: 300,
        payLaterCreditFen: 300_050,
      }),
    WAIT,
  );
});
