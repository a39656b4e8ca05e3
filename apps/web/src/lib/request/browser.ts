/**
 * The page's request client: the DOM-free core wired to localStorage, document.cookie, full-page
 * navigation and an antd error dialog. Everything in the web app imports request from here.
 */
import { BRAND_SOURCES, type BrandVariant, brandFromHost } from '@dropship/contract';
import { Modal } from 'antd';
import { createRequestClient } from './client.js';
import { readCookie } from './cookie.js';

// The host decides the brand (SPEC.md section 1); the shell may correct it from /api/system/config,
// which also knows the server's BRAND_HOSTS overrides.
let brandOverride: BrandVariant | null = null;

export function setBrandVariant(brand: BrandVariant) {
  brandOverride = brand;
}

export function saveBlobInBrowser(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers; the URL only holds memory until then.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

function alertWithModal(title: string, content: string, okText: string): Promise<void> {
  return new Promise((resolve) => {
    Modal.error({ title, content, okText, onOk: () => resolve(), afterClose: () => resolve() });
  });
}

// window is only read when a call is made, so node-side unit tests may import modules that import this one.
export const requestClient = createRequestClient({
  storage: {
    getItem: (key) => window.localStorage.getItem(key),
    setItem: (key, value) => window.localStorage.setItem(key, value),
    removeItem: (key) => window.localStorage.removeItem(key),
  },
  getCookie: (name) => readCookie(document.cookie, name),
  navigate: (url) => window.location.assign(url),
  currentHref: () => window.location.href,
  alertOnce: alertWithModal,
  brandSource: () => BRAND_SOURCES[brandOverride ?? brandFromHost(window.location.host)],
  saveBlob: saveBlobInBrowser,
});

export const request = requestClient.request;
export const downloadExcel = requestClient.downloadExcel;
export const requestBlob = requestClient.requestBlob;
