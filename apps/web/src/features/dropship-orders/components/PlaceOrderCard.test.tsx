import type { PlacePreviewOrder } from '@dropship/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { initialDrafts } from '../place-drafts';
import { PlaceOrderCard } from './PlaceOrderCard';

afterEach(cleanup);

const order = (receiver: PlacePreviewOrder['receiver']): PlacePreviewOrder => ({
  shopOrderId: 1,
  shopName: '小美女装旗舰店',
  channel: 'TAOBAO',
  platformOrderId: '4012873365599',
  status: 'WAIT_SELLER_SEND',
  placedOrderNos: [],
  receiver,
  buyerRemark: null,
  sellerRemark: null,
  lines: [],
  blockers: [],
  addressComplete: true,
});

function show(o: PlacePreviewOrder) {
  const [draft] = initialDrafts([o], 'ZTO');
  // Queries never answer here: the card's receiver is what is under test, not the express fees.
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PlaceOrderCard order={o} draft={draft!} cost={undefined} onChange={() => undefined} onEditReceiver={() => undefined} coupons={false} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('PlaceOrderCard', () => {
  it('shows the platform’s masks as given, tagged 平台加密 with what happens when it ships', async () => {
    show(order({ name: '冯**', phone: '*******9668', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路***', encrypted: true }));
    expect(screen.getByText('冯** *******9668', { exact: false })).toBeTruthy();
    const tag = screen.getByTestId('receiver-encrypted');
    expect(tag.textContent).toBe('平台加密');
    fireEvent.mouseEnter(tag);
    expect(await screen.findByText('发货时由平台解密或使用平台电子面单，卖家无需填写')).toBeTruthy();
  });

  it('a plain receiver: its phone masked, no tag', () => {
    show(order({ name: '林晓', phone: '13800138001', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路90号', encrypted: false }));
    expect(screen.queryByTestId('receiver-encrypted')).toBeNull();
    expect(screen.getByText('林晓', { exact: false }).textContent).not.toContain('13800138001');
  });
});
