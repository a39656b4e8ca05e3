/**
 * The page's instance in jsdom: real localStorage, document.cookie and antd dialog, talking to a
 * real local HTTP peer (absolute urls, since the page's own origin has no server in jsdom).
 */
import { STORAGE_KEYS } from '@dropship/contract';
import { act, screen } from '@testing-library/react';
import { Modal } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { downloadExcel, request, saveBlobInBrowser, setBrandVariant } from './browser.js';
import { type Peer, startPeer } from './test-peer.js';

interface Echo {
  headers: Record<string, string | undefined>;
}

let peer: Peer;
beforeAll(async () => {
  peer = await startPeer();
});
afterAll(() => peer.close());
/** Plays the server, which sets the identity cookies at sign-in. */
function setCookie(name: string, value: string, expired = false) {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookie jar is only reachable this way.
  document.cookie = `${name}=${value}${expired ? '; expires=Thu, 01 Jan 1970 00:00:00 GMT' : ''}`;
}

afterEach(() => {
  window.localStorage.clear();
  setCookie('user_hash', '', true);
  setCookie('user_id', '', true);
  Modal.destroyAll();
});

describe('the browser request client', () => {
  it('reads the cookie pair and the brand', async () => {
    window.localStorage.setItem(STORAGE_KEYS.userHash, 'stored-hash');
    setCookie('user_hash', 'cookie-hash');
    setCookie('user_id', '7');
    const h = (await request<Echo>({ method: 'POST', url: `${peer.baseUrl}/echo`, data: { a: 1 } })).data?.headers ?? {};
    expect(h).toMatchObject({ 'x-token': 'cookie-hash', 'x-user-id': '7', 'x-source': 'MAIN_WEB' });
    expect(h['x-sign']).toMatch(/^[0-9a-f]{64}$/);
    setBrandVariant('wholesale');
    const again = (await request<Echo>({ method: 'GET', url: `${peer.baseUrl}/echo` })).data?.headers ?? {};
    expect(again['x-source']).toBe('WHOLESALE_WEB');
  });

  it('a purchaser uses local storage and says so', async () => {
    window.localStorage.setItem(STORAGE_KEYS.userType, '1');
    window.localStorage.setItem(STORAGE_KEYS.userHash, 'purchaser-hash');
    setCookie('user_hash', 'seller-cookie');
    const h = (await request<Echo>({ method: 'GET', url: `${peer.baseUrl}/echo` })).data?.headers ?? {};
    expect(h).toMatchObject({ 'x-token': 'purchaser-hash', 'x-request-source': 'purchase' });
  });

  it('shows the 10001 dialog with its Chinese texts', async () => {
    window.localStorage.setItem(STORAGE_KEYS.userHash, 'h');
    await act(async () => {
      await request({ method: 'GET', url: `${peer.baseUrl}/code?code=10001` });
    });
    expect(await screen.findByText('进入采购商系统请使用采购商账号登录')).toBeTruthy();
    expect(screen.getAllByText('登录错误').length).toBeGreaterThan(0);
  });

  it('without a stored hash resolves 10000 and sends nothing', async () => {
    const before = peer.seen.length;
    expect(await request({ method: 'GET', url: `${peer.baseUrl}/echo` })).toMatchObject({ errorCode: 10000 });
    expect(peer.seen.length).toBe(before);
  });

  it('saves a spreadsheet through an <a download> element', async () => {
    const createObjectURL = vi.fn(() => 'blob:fake');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    window.localStorage.setItem(STORAGE_KEYS.userHash, 'h');
    expect(await downloadExcel({ url: `${peer.baseUrl}/xlsx`, fileName: '对账单' })).toMatchObject({ errorCode: 0 });
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('对账单.xlsx');
    expect(clicked[0]?.href).toBe('blob:fake');
    expect(document.querySelector('a[download]')).toBeNull();
    saveBlobInBrowser(new Blob(['x']), 'a.xlsx');
    expect(clicked).toHaveLength(2);
    click.mockRestore();
  });
});
