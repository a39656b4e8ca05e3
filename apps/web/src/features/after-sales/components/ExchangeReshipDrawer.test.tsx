/**
 * 换货补发's drawer in jsdom: it opens with the original order's receiver and courier from the quote,
 * sends them with the pay password and one request key, and answers with the new order's number
 * linking to its detail. Only the network is played.
 */
import type { ExchangeQuoteResult } from '@dropship/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { playNetwork, renderPage, type Sent, WAIT } from '../../../../test/fake-api';
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

let sent: Sent[];
beforeEach(() => {
  sent = playNetwork(
    {
      [`${A}/exchange/quote`]: QUOTE,
      [`${A}/exchange/reship`]: { id: 5, afterSaleNo: 'AS261126000005', orderId: 91, orderNo: 'DF2611260000091', totalFen: 700 },
    },
    { userType: '1' },
  );
});

describe('ExchangeReshipDrawer', () => {
  it('prefills the original receiver and courier, pays with the pay password, and links the new order', { timeout: 90_000 }, async () => {
    renderPage(<ExchangeReshipDrawer target={{ id: 5, afterSaleNo: 'AS261126000005' }} onClose={() => {}} />);
    await waitFor(() => expect((screen.getByLabelText('收货人') as HTMLInputElement).value).toBe('林晓'), WAIT);
    expect(sent[0]).toMatchObject({ path: `${A}/exchange/quote`, body: { id: 5 } });
    expect((screen.getByLabelText('详细地址') as HTMLTextAreaElement).value).toBe('文三路90号');
    fireEvent.change(screen.getByLabelText('支付密码'), { target: { value: '246810' } });
    fireEvent.click(await screen.findByRole('button', { name: /确认补发并支付 ¥7.00/ }, WAIT));
    await screen.findByText('已补发为代发订单 DF2611260000091', {}, WAIT);
    const reship = sent.find((s) => s.path === `${A}/exchange/reship`)?.body as Record<string, unknown> | undefined;
    expect(reship).toMatchObject({
      id: 5,
      expressCode: 'ZTO',
      payPassword: '246810',
      receiver: { name: '林晓', phone: '13800138001', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路90号' },
    });
    expect(String(reship?.requestKey).length).toBeGreaterThanOrEqual(8);
    expect(screen.getByRole('link', { name: '查看代发订单' }).getAttribute('href')).toBe('/order/daifaOrderList/daifaOrederListDetail?id=91');
  });
});
