/**
 * What the console page tests share: the page rendered in the app's providers, with only the network
 * played (fetch answers each call by its path, and every request is kept for the test to read).
 */
import { STORAGE_KEYS } from '@dropship/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

export type Sent = { method: string; path: string; query: URLSearchParams; body: unknown };

/** Stubs fetch: `answers[path]` (a value, or a function of the request typed `(s: Sent) => unknown`) is the envelope's data. */
export function playNetwork(answers: Record<string, unknown>): Sent[] {
  const sent: Sent[] = [];
  window.localStorage.setItem(STORAGE_KEYS.userHash, 'test-hash');
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const s: Sent = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    sent.push(s);
    const answer = answers[url.pathname];
    const data = typeof answer === 'function' ? answer(s) : (answer ?? null);
    return new Response(JSON.stringify({ errorCode: 0, errorMsg: '成功', data }), { headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

export function renderPage(page: ReactNode, path: string) {
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
}

export const WAIT = { timeout: 15_000 };
