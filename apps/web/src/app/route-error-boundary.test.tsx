import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

afterEach(cleanup);

function Broken(): never {
  throw new Error('列表数据格式不正确');
}

describe('RouteErrorBoundary', () => {
  it('shows the error of a page that throws, and the next page renders again', () => {
    // React reports the caught error on the console; the test needs its output only for failures.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <MemoryRouter initialEntries={['/broken']}>
          <Link to="/fine">下一页</Link>
          <RouteErrorBoundary>
            <Routes>
              <Route path="/broken" element={<Broken />} />
              <Route path="/fine" element={<p>正常页面</p>} />
            </Routes>
          </RouteErrorBoundary>
        </MemoryRouter>,
      );
      expect(screen.getByRole('alert').textContent).toContain('列表数据格式不正确');
      fireEvent.click(screen.getByText('下一页'));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByText('正常页面')).toBeTruthy();
    } finally {
      quiet.mockRestore();
    }
  });
});
