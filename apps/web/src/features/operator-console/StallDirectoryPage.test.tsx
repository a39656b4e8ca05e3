/** 档口库 in jsdom: the directory listed with disabled stalls, searched by keyword, a stall edited and saved. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { playNetwork, renderPage, WAIT } from '../../../test/fake-api';
import StallDirectoryPage from './StallDirectoryPage';

const STALL = {
  id: 7,
  market: '广州十三行',
  building: '新中国大厦',
  floor: '6楼',
  stallNo: '6018',
  name: '小美女装',
  contact: '王姐',
  phone: '13900001111',
  address: '',
  marketArea: '十三行',
  status: 'DISABLED' as const,
  updatedAt: '2026-11-20T02:00:00.000Z',
};

it('lists and searches the directory, and saves an edited stall', { timeout: 90_000 }, async () => {
  const sent = playNetwork({ '/api/operator/stallDirectory/page': { total: 1, list: [STALL] }, '/api/operator/stallDirectory/save': { id: 7 } });
  renderPage(<StallDirectoryPage />, '/operator/stallDirectory');
  expect(await screen.findByText('小美女装', {}, WAIT)).toBeTruthy();
  expect(screen.getByText('广州十三行 新中国大厦 6楼 6018')).toBeTruthy();
  expect(screen.getByText('停用')).toBeTruthy();

  fireEvent.change(screen.getByRole('searchbox', { name: '搜索档口' }), { target: { value: '十三行' } });
  fireEvent.click(screen.getByRole('button', { name: /搜\s?索/ }));
  await waitFor(() => expect(sent.some((s) => s.path === '/api/operator/stallDirectory/page' && s.query.get('keyword') === '十三行')).toBe(true), WAIT);

  fireEvent.click(screen.getByRole('button', { name: '编辑' }));
  const phone = (await screen.findByRole('textbox', { name: '联系电话' }, WAIT)) as HTMLInputElement;
  expect(phone.value).toBe('13900001111');
  fireEvent.change(phone, { target: { value: '13900002222' } });
  fireEvent.click(screen.getByRole('radio', { name: '启用' }));
  fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
  await waitFor(
    () =>
      expect(sent.find((s) => s.path === '/api/operator/stallDirectory/save')?.body).toMatchObject({
        id: 7,
        name: '小美女装',
        phone: '13900002222',
        status: 'ENABLED',
      }),
    WAIT,
  );
  expect(await screen.findByText('档口已保存', {}, WAIT)).toBeTruthy();
});
