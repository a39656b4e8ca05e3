/**
 * 申请售后 in jsdom: before shipping only 仅退款 of whole lines is offered (and the dialog says why);
 * after shipping a return of part of a line goes out with its waybill; each opening carries one
 * request key and success links to the new after-sale. Only the network is played.
 */
import type { DropshipItemRow } from '@dropship/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { playNetwork, renderPage, type Sent, WAIT } from '../../../../test/fake-api';
import { ApplyAfterSaleModal, type ApplyTarget } from './ApplyAfterSaleModal';

const APPLY = '/api/b2/aftersale/orders/apply';
let sent: Sent[];
beforeEach(() => {
  sent = playNetwork({ [APPLY]: { ids: [7], afterSaleNos: ['AS261126000007'] } }, { userType: '1' });
});

const item = (id: number, patch: Partial<DropshipItemRow> = {}): DropshipItemRow => ({
  id,
  title: '高腰阔腿裤',
  spec: null,
  picUrl: null,
  stallName: '万佳韩版',
  market: '',
  stallNo: '',
  artNo: `P09${id}`,
  color: '黑色',
  size: 'L',
  quantity: 3,
  unitCostFen: 3850,
  takeStatus: 'WAITING_TAKING',
  refundedFen: 0,
  supplyMode: 'MARKET_PICKUP',
  ...patch,
});

let location = '';
function Probe() {
  location = useLocation().pathname + useLocation().search;
  return null;
}

function show(order: ApplyTarget) {
  renderPage(
    <>
      <Probe />
      <ApplyAfterSaleModal order={order} onClose={() => undefined} />
    </>,
    '/order/daifaOrderList',
  );
}

async function pickReason(name: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: '售后原因' }));
  fireEvent.click(await screen.findByTitle(name, {}, WAIT));
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交售后' }));

describe('ApplyAfterSaleModal', () => {
  it('before shipping: 仅退款 of whole lines, the stopped line out of reach, one request key, a link to the new after-sale', { timeout: 90_000 }, async () => {
    show({ id: 5, orderNo: 'DF20261126000005', status: 'WAITING_DELIVERING', items: [item(1), item(2, { takeStatus: 'E_STOP_TAKING' })] });
    expect(screen.getByRole('radio', { name: '退货退款' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('radio', { name: '换货' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/订单尚未发货：只能仅退款/)).toBeTruthy();
    expect(screen.getByText('已停止拿货，货款已退')).toBeTruthy();
    expect(screen.getByLabelText('选择商品P092 黑色 L').hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText('售后数量P091 黑色 L').hasAttribute('disabled')).toBe(true);

    await pickReason('尺码不合适');
    submit();
    await waitFor(() => expect(sent.some((s) => s.path === APPLY)).toBe(true), WAIT);
    const body = (sent.find((s) => s.path === APPLY)?.body ?? {}) as Record<string, unknown>;
    expect(body).toMatchObject({ orderId: 5, kind: 'REFUND_ONLY', lines: [{ itemId: 1, quantity: 3 }], reason: '尺码不合适', photos: [], returnWaybillNo: '' });
    expect(String(body.requestKey)).toMatch(/^[a-z0-9]{36}:\d+$/);

    fireEvent.click(await screen.findByText('查看售后', {}, WAIT));
    expect(location).toBe('/afterSale/afterSaleListDetail?id=7');
  });

  it('after shipping: 退货退款 of part of a line with the return waybill; a typed other reason', { timeout: 90_000 }, async () => {
    show({ id: 6, orderNo: 'DF20261126000006', status: 'DELIVERED', items: [item(1)] });
    fireEvent.click(screen.getByRole('radio', { name: '退货退款' }));
    const qty = screen.getByLabelText('售后数量P091 黑色 L');
    expect(qty.hasAttribute('disabled')).toBe(false);
    fireEvent.change(qty, { target: { value: '2' } });
    await pickReason('其他');
    fireEvent.change(await screen.findByLabelText('其他原因', {}, WAIT), { target: { value: '面料起球' } });
    fireEvent.change(screen.getByLabelText('退货快递公司'), { target: { value: '中通快递' } });
    fireEvent.change(screen.getByLabelText('退货快递单号'), { target: { value: '78123456789' } });
    fireEvent.change(screen.getByLabelText('图片链接'), { target: { value: 'https://img.example.com/a.jpg' } });
    fireEvent.click(screen.getByRole('button', { name: /添加图片/ }));
    await screen.findByAltText('售后图片1', {}, WAIT);
    submit();
    await waitFor(() => expect(sent.some((s) => s.path === APPLY)).toBe(true), WAIT);
    expect(sent.find((s) => s.path === APPLY)?.body).toMatchObject({
      kind: 'RETURN_REFUND',
      lines: [{ itemId: 1, quantity: 2 }],
      reason: '面料起球',
      photos: ['https://img.example.com/a.jpg'],
      returnCourierName: '中通快递',
      returnWaybillNo: '78123456789',
    });
  });
});
