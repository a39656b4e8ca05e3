/**
 * 问题件 in jsdom: the tabs carry the answer's counts, a waiting row shows its countdown and 寄回 /
 * 弃件, a parcel waiting for its freight 支付运费 / 取消寄回, and batch 弃件 asks for confirmation before
 * sending the waiting parcels only. Only the network is played; the page, its hooks, the router and
 * the request client are the real ones.
 */
import type { ProblemRow } from '@dropship/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { playNetwork, renderPage, type Sent, WAIT } from '../../../../test/fake-api';
import ProblemListPage from './ProblemListPage';

const B = '/api/b2/afterSales/post';
const row = (id: number, extra: Partial<ProblemRow>): ProblemRow => ({
  id,
  kind: 'PROBLEM',
  status: 'WAITING_PROCESS',
  source: 'INSPECTION',
  barcodeNo: `PP20261126${String(id).padStart(6, '0')}`,
  trackingNo: `YT88000${id}`,
  reason: '错发：颜色不符',
  goods: [{ itemNo: 'A8821', color: '黑色', size: 'M', quantity: 1 }],
  afterSaleId: null,
  warehouseName: '广州白马拿货服务',
  receiverName: null,
  receiverPhone: null,
  receiverAddress: null,
  expressName: null,
  freightFen: null,
  sendBackWaybillNo: null,
  sendBackCourierName: null,
  reshipOrderId: null,
  reshipOrderNo: null,
  deadlineAt: new Date(Date.now() + 5 * 3_600_000).toISOString(),
  createdAt: '2026-11-26T02:00:00.000Z',
  ...extra,
});
const ROWS = [
  row(1, {}),
  row(2, { status: 'WAITING_PAYMENT', expressName: '中通快递', receiverName: '张*', freightFen: 350 }),
  row(3, { status: 'SEND_BACKED', sendBackCourierName: '中通快递', sendBackWaybillNo: 'ZT7700011122233' }),
];
const ANSWERS: Record<string, unknown> = {
  [`${B}/problem/page`]: { total: 3, list: ROWS, counts: { WAITING_PROCESS: 1, WAITING_PAYMENT: 1, SEND_BACKED: 1 } },
  [`${B}/problem/discard`]: { done: [1], failed: [] },
};

let sent: Sent[];
beforeEach(() => {
  sent = playNetwork(ANSWERS);
});

const show = () => renderPage(<ProblemListPage />, '/afterSale/problemList', { route: '/afterSale/problemList' });
const rowOf = (no: string) => screen.getByText(no).closest('tr') as HTMLElement;
const names = (no: string) =>
  within(rowOf(no))
    .queryAllByRole('button')
    .map((b) => b.textContent?.replace(/\s/g, ''))
    .filter((t) => t && !t.startsWith('PP'));

describe('ProblemListPage', () => {
  it('shows the tab counts, the countdown and only the actions each status allows', { timeout: 90_000 }, async () => {
    show();
    await screen.findByText('PP20261126000001', {}, WAIT);
    expect(screen.getByRole('tab', { name: '全部（3）' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '待处理（1）' })).toBeTruthy();
    expect(within(rowOf('PP20261126000001')).getByText(/剩余[45]小时/)).toBeTruthy();
    expect(names('PP20261126000001')).toEqual(['详情', '寄回', '重发', '弃件']);
    expect(names('PP20261126000002')).toEqual(['详情', '支付运费', '取消寄回']);
    expect(names('PP20261126000003')).toEqual(['详情']);
    expect(within(rowOf('PP20261126000003')).getByText('中通快递 ZT7700011122233')).toBeTruthy();
  });

  it('batch 弃件 confirms first and sends the waiting parcels only', { timeout: 90_000 }, async () => {
    show();
    await screen.findByText('PP20261126000001', {}, WAIT);
    for (const no of ['PP20261126000001', 'PP20261126000002']) fireEvent.click(screen.getByLabelText(`选择问题件${no}`));
    fireEvent.click(await screen.findByRole('button', { name: '批量弃件（1）' }));
    expect((await screen.findAllByText('确认弃件 1 个包裹？', {}, WAIT)).length).toBeGreaterThan(0);
    expect(sent.some((s) => s.path === `${B}/problem/discard`)).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '确认弃件' }));
    await waitFor(() => expect(sent.find((s) => s.path === `${B}/problem/discard`)?.body).toEqual({ ids: [1] }), WAIT);
  });
});
