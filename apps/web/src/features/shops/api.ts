/** Calls of 店铺授权 (/basicSet/shopAuthorization). */
import type { Channel, ReceiverDecryptFilter, ReceiverDecryptPage, ShopChannelInfo, ShopRow, ShopSyncStatus } from '@dropship/contract';
import { ApiError, call } from '../../app/api';
import { downloadExcel } from '../../lib/request';

export interface ShopListQuery {
  channel?: Channel;
  keyword?: string;
}

export type DecryptQuery = ReceiverDecryptFilter & { pageNo: number; pageSize: number };

export const shopKeys = {
  all: ['shops'] as const,
  list: (q: ShopListQuery) => [...shopKeys.all, 'list', q] as const,
  channels: () => [...shopKeys.all, 'channels'] as const,
  decrypts: (q: DecryptQuery) => [...shopKeys.all, 'decrypts', q] as const,
};

/** Only the filters that are set go in the query string. */
const queryOf = (q: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(q).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]]))).toString();

const post = <T>(url: string, data: unknown) => call<T>({ method: 'POST', url, data });

export const shopsApi = {
  list: (q: ShopListQuery) => post<ShopRow[]>('/api/b2/shops/list', q),
  channels: () => call<ShopChannelInfo[]>({ method: 'GET', url: '/api/b2/shops/channels' }),
  authorize: (channel: Channel, shopName?: string) => post<{ authorizeUrl: string }>('/api/b2/shops/authorize', { channel, ...(shopName ? { shopName } : {}) }),
  reauthorize: (id: number) => post<{ authorizeUrl: string }>('/api/b2/shops/reauthorize', { id }),
  saveErp: (b: { id?: number; channel: 'KM' | 'WDT'; shopName: string; appKey: string; appSecret: string }) => post<{ id: number }>('/api/b2/shops/erp', b),
  addOther: (shopName: string) => post<{ id: number }>('/api/b2/shops/other', { shopName }),
  pause: (id: number) => post<null>('/api/b2/shops/pause', { id }),
  resume: (id: number) => post<null>('/api/b2/shops/resume', { id }),
  remove: (id: number) => post<null>('/api/b2/shops/remove', { id }),
  sync: (id: number) => post<ShopSyncStatus>('/api/b2/shops/sync', { id }),
  decrypts: (q: DecryptQuery) => call<ReceiverDecryptPage>({ method: 'GET', url: `/api/b2/shops/decrypts?${queryOf(q)}` }),
  async exportDecrypts(f: ReceiverDecryptFilter) {
    const r = await downloadExcel({ url: '/api/b2/shops/decrypts/export', method: 'post', data: f, fileName: '解密记录' });
    if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
  },
  async exportList(q: ShopListQuery) {
    const r = await downloadExcel({ url: '/api/b2/shops/export', method: 'post', data: q, fileName: '店铺授权' });
    if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
  },
};
