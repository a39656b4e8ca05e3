/**
 * Test support (not a test): an in-memory Storage and a client whose page effects (navigation,
 * alert, saved files) are recorded instead of performed. The network part is always real.
 */
import { createRequestClient } from './client.js';
import type { RequestEnvironment, StorageLike } from './types.js';

export class MemoryStorage implements StorageLike {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

export const PAGE_HREF = 'http://shop.test/order/list?page=2&status=1';

export function createTestClient(baseUrl: string, overrides: Partial<RequestEnvironment> = {}) {
  const storage = new MemoryStorage();
  const cookies = new Map<string, string>();
  const navigations: string[] = [];
  const alerts: string[][] = [];
  const saved: { blob: Blob; fileName: string }[] = [];
  const env: RequestEnvironment = {
    baseUrl,
    storage,
    getCookie: (name) => cookies.get(name) ?? null,
    navigate: (url) => {
      navigations.push(url);
    },
    alertOnce: async (...args) => {
      alerts.push(args);
    },
    brandSource: 'MAIN_WEB',
    currentHref: () => PAGE_HREF,
    saveBlob: (blob, fileName) => {
      saved.push({ blob, fileName });
    },
    ...overrides,
  };
  return { client: createRequestClient(env), storage, cookies, navigations, alerts, saved };
}
