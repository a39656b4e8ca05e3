/**
 * What the web component tests share: only the network played (fetch answers each call by its path,
 * and every request is kept for the test to read), and the page rendered in the app's providers
 * (antd without motion, queries without retries, a router at the page's address). Each undoes itself
 * when the test that called it finishes: the page is unmounted, fetch restored and localStorage cleared.
 */
import { STORAGE_KEYS } from '@dropship/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { onTestFinished, vi } from 'vitest';

export type Sent = { method: string; path: string; query: URLSearchParams; body: unknown };

/** An answer that is the server refusing the call: the envelope carries this code and message, and no data. */
class Refusal {
  constructor(
    readonly errorCode: number,
    readonly errorMsg: string,
  ) {}
}
export const refuse = (errorCode: number, errorMsg: string) => new Refusal(errorCode, errorMsg);

export type NetworkOptions = {
  /** The browser is signed out: no user hash is stored (by default one is, as after signing in). */
  signedOut?: boolean;
  /** Stored as the user's type (STORAGE_KEYS.userType: '1' a seller, '2' a purchaser). */
  userType?: string;
  /** Stored as the user's id (STORAGE_KEYS.userId). */
  userId?: string;
  /** Every call waits for this before it is recorded and answered (a page typed into while it still loads). */
  gate?: Promise<unknown>;
};

/**
 * Stubs fetch: `answers[path]` (a value, or a function of the request typed `(s: Sent) => unknown`) is
 * the envelope's data, or the error envelope of `refuse(code, message)`. The answers are read on each
 * call, so a test may change one for a while.
 */
export function playNetwork(answers: Record<string, unknown>, options: NetworkOptions = {}): Sent[] {
  const sent: Sent[] = [];
  onTestFinished(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });
  if (!options.signedOut) window.localStorage.setItem(STORAGE_KEYS.userHash, 'test-hash');
  if (options.userType) window.localStorage.setItem(STORAGE_KEYS.userType, options.userType);
  if (options.userId) window.localStorage.setItem(STORAGE_KEYS.userId, options.userId);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (options.gate) await options.gate;
    const s: Sent = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    sent.push(s);
    const answer = answers[url.pathname];
    const data = typeof answer === 'function' ? answer(s) : (answer ?? null);
    const envelope = data instanceof Refusal ? { errorCode: data.errorCode, errorMsg: data.errorMsg, data: null } : { errorCode: 0, errorMsg: '成功', data };
    return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

/**
 * Renders `page` at `path` in the app's providers; with `route`, as the element of a route of that
 * pattern (a page that reads its route). `rerender()` renders the page again in the same providers
 * and query client, as a parent rendering again would.
 */
export function renderPage(page: ReactNode, path = '/', options: { route?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tree = (p: ReactNode) => (
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            {options.route === undefined ? (
              p
            ) : (
              <Routes>
                <Route path={options.route} element={p} />
              </Routes>
            )}
          </MemoryRouter>
        </QueryClientProvider>
      </App>
    </ConfigProvider>
  );
  onTestFinished(cleanup);
  const result = render(tree(page));
  return { ...result, rerender: (p: ReactNode = page) => result.rerender(tree(p)) };
}

/** antd in jsdom is slow on a busy machine: give the page time rather than testing the clock. */
export const WAIT = { timeout: 15_000 };
