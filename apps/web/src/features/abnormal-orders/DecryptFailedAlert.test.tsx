import type { AbnormalDetail } from '@dropship/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DecryptFailedAlert } from './DecryptFailedAlert';

afterEach(cleanup);

const detailOf = (decryptOutcome: string, decryptMessage: string): AbnormalDetail => ({
  order: {
    id: 7,
    shopId: 3,
    shopName: '淘宝店',
    channel: 'TAOBAO',
    platformOrderId: '4012873365507',
    paidAt: null,
    receiverName: '冯**',
    receiverPhone: '*******9668',
    receiverArea: '浙江省 杭州市 西湖区',
    receiverAddress: '文三路***',
    paymentFen: 9900,
    itemCount: 1,
    reasons: ['DECRYPT_FAILED'],
    dropshipOrderId: 21,
    dropshipOrderNo: 'DF2611260021',
    decryptOutcome,
    decryptMessage,
  },
  receiver: {
    receiverName: '冯**',
    receiverPhone: '*******9668',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    town: '',
    address: '文三路***',
    encrypted: true,
  },
  shopExpired: false,
  lines: [],
});

const show = (d: AbnormalDetail, onTypeReceiver = vi.fn()) =>
  render(
    <MemoryRouter>
      <DecryptFailedAlert detail={d} onTypeReceiver={onTypeReceiver} />
    </MemoryRouter>,
  );

describe('DecryptFailedAlert', () => {
  it('shows the platform’s message and, for a refusal, 修改地址 that opens the receiver form', () => {
    const open = vi.fn();
    show(detailOf('REFUSED', '淘宝：平台拒绝解密该订单（isv.refused）'), open);
    expect(screen.getByText('DF2611260021', { exact: false })).toBeTruthy();
    expect(screen.getByText('平台说明：淘宝：平台拒绝解密该订单（isv.refused）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '修改地址' }));
    expect(open).toHaveBeenCalledOnce();
  });

  it('an expired authorization: 重新授权 leads to the shop authorization page', () => {
    show(detailOf('TOKEN_EXPIRED', '店铺授权已过期：请卖家到“店铺授权”重新授权该店铺'));
    expect(screen.getByRole('link').getAttribute('href')).toBe('/basicSet/shopAuthorization');
    expect(screen.queryByRole('button', { name: '修改地址' })).toBeNull();
  });

  it('an exhausted quota says to wait or type the receiver', () => {
    show(detailOf('QUOTA_EXHAUSTED', '淘宝：今日解密额度已用完，请明天再试或使用平台电子面单'));
    expect(screen.getByText('额度恢复后', { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: '修改地址' })).toBeTruthy();
  });
});
