/**
 * The seller tab of the sign-in page in jsdom: no captcha at first; once the server asks for one
 * (11002 after many failed sign-ins from this address) the image captcha appears, and the next
 * attempt sends its answer. Only the network is played; the page, its form and the request client
 * are the real ones.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginPage from './LoginPage';

let logins: Record<string, unknown>[];
beforeEach(() => {
  logins = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const answer = (errorCode: number, data: unknown, errorMsg = '成功') =>
      new Response(JSON.stringify({ errorCode, errorMsg, data }), { headers: { 'content-type': 'application/json' } });
    if (path === '/api/auth/login') {
      logins.push(JSON.parse(String(init?.body)));
      return answer(11002, null, '登录失败次数过多，请输入验证码');
    }
    if (path === '/api/b2/purchaser/auth/captcha') return answer(0, { captchaId: 'captcha-1', image: 'data:image/svg+xml;base64,PHN2Zy8+' });
    if (path.endsWith('/config')) return answer(0, { captchaDisabled: false, brandName: '代发助手' });
    return answer(0, null);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const WAIT = { timeout: 15_000 };

describe('LoginPage, seller tab', () => {
  it('shows the image captcha once the server asks for it, and sends its answer next time', { timeout: 60_000 }, async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>
          <QueryClientProvider client={client}>
            <MemoryRouter initialEntries={['/login']}>
              <LoginPage />
            </MemoryRouter>
          </QueryClientProvider>
        </App>
      </ConfigProvider>,
    );
    expect(screen.queryByText('验证码')).toBeNull();
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'demo_seller' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(logins).toHaveLength(1), WAIT);
    await screen.findByText('验证码', undefined, WAIT);
    await screen.findByAltText('验证码，点击刷新', undefined, WAIT);

    const answerBox = document.querySelector('input#seller_captcha') as HTMLInputElement;
    fireEvent.change(answerBox, { target: { value: 'ab12' } });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(logins).toHaveLength(2), WAIT);
    expect(logins[1]).toMatchObject({ username: 'demo_seller', captcha: 'ab12', captchaId: 'captcha-1' });
  });
});
