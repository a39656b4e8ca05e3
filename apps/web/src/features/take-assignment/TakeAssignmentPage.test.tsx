/**
 * 拿货任务分配's filter form in jsdom: what a person types must survive the page re-rendering with
 * the same address (its calls coming back, a parent rendering again) until 查询 writes it there;
 * the tabs show a count the answer says is capped as 10000+.
 * Only the network is played (fetch answers the page's calls with empty data); the page, its form,
 * the router and the request client are the real ones.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { playNetwork, renderPage, type Sent, WAIT } from '../../../test/fake-api';
import TakeAssignmentPage from './TakeAssignmentPage';

const A = '/api/b2/purchaser/assigned';
/** What each of the page's calls answers: an empty day. */
const ANSWERS: Record<string, unknown> = {
  [`${A}/takePage`]: { total: 0, list: [], counts: {} },
  [`${A}/takePageSupplierGroup`]: { total: 0, list: [] },
  [`${A}/pickers`]: [{ id: 3, name: '小王', isMain: false }],
  [`${A}/getPageAuditState`]: { state: 'ALL', pendingItems: 0, downedItems: 0, lastDownAt: null },
  [`${A}/takeKanban`]: { date: '2026-11-26', total: 0, carriedOver: 0, byAssignment: {}, byTaking: {}, areas: [] },
  [`${A}/takeBriefing`]: { date: '2026-11-26', list: [] },
};

/** Calls wait until the test lets them through, so typing can happen while the page still loads. */
let release: () => void;
let answered: Sent[];
beforeEach(() => {
  const gate = new Promise<void>((r) => {
    release = r;
  });
  answered = playNetwork(ANSWERS, { userType: '1', gate });
});

let location = '';
function LocationProbe() {
  const l = useLocation();
  location = l.search;
  return null;
}

const show = () =>
  renderPage(
    <>
      <TakeAssignmentPage />
      <LocationProbe />
    </>,
    '/offlineReturnOrder/pickup?view=list',
    { route: '/offlineReturnOrder/pickup' },
  );
const answeredPaths = () => answered.map((s) => s.path);

const CODE = '202611260001';

describe('TakeAssignmentPage filter form', () => {
  it('keeps a typed 拿货码 through re-renders with the same address, and 查询 puts it in the address', { timeout: 90_000 }, async () => {
    const { rerender } = show();
    const input = screen.getByLabelText('拿货码') as HTMLInputElement;
    fireEvent.change(input, { target: { value: CODE } });
    expect(input.value).toBe(CODE);

    // The page's calls come back (pickers, audit, the list, the dashboard): each answer renders it again.
    await act(async () => release());
    await waitFor(() => expect(answeredPaths()).toContain(`${A}/pickers`), WAIT);
    await waitFor(() => expect(answeredPaths()).toContain(`${A}/takePage`), WAIT);
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect((screen.getByLabelText('拿货码') as HTMLInputElement).value).toBe(CODE);

    // A parent rendering again with the same address.
    rerender();
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect((screen.getByLabelText('拿货码') as HTMLInputElement).value).toBe(CODE);

    fireEvent.click(screen.getByRole('button', { name: /^查\s?询$/ }));
    await waitFor(() => expect(location).toContain(`takeCode=${CODE}`), WAIT);
    expect((screen.getByLabelText('拿货码') as HTMLInputElement).value).toBe(CODE);
  });

  it('refuses a 拿货码 that is not 12 digits with the contract message, leaving the address alone', { timeout: 90_000 }, async () => {
    show();
    await act(async () => release());
    fireEvent.change(screen.getByLabelText('拿货码'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: /^查\s?询$/ }));
    expect(await screen.findByText('拿货码必须是12位数字', {}, WAIT)).toBeTruthy();
    expect(location).not.toContain('takeCode');
  });

  it('shows a capped count honestly: 10000+ on the tabs the answer names', { timeout: 90_000 }, async () => {
    const plain = ANSWERS[`${A}/takePage`];
    ANSWERS[`${A}/takePage`] = {
      total: 10_000,
      totalCapped: true,
      list: [],
      counts: { WAITING_ASSIGNED: 10_000, TAKING: 300 },
      countsCapped: ['WAITING_ASSIGNED', 'ALL'],
    };
    try {
      show();
      await act(async () => release());
      expect(await screen.findByRole('tab', { name: '全部（10000+）' }, WAIT)).toBeTruthy();
      expect(screen.getByRole('tab', { name: '待分配（10000+）' })).toBeTruthy();
      expect(screen.getByRole('tab', { name: '拿货中（300）' })).toBeTruthy();
    } finally {
      ANSWERS[`${A}/takePage`] = plain;
    }
  });
});
