/**
 * The shell's calls on top of the one request client. `call` unwraps the envelope for TanStack
 * Query and throws ApiError on a non-zero code; the central policy in query-client.ts decides
 * which errors are shown.
 */
import type { CountResult, PermissionNode, ShopAuthPopupRow, SystemConfig, UserInfo } from '@dropship/contract';
import type { z } from 'zod';
import { request } from '../lib/request/browser';

export class ApiError extends Error {
  constructor(
    readonly errorCode: number,
    message: string,
  ) {
    super(message);
  }
}

type Options = Parameters<typeof request>[0];

export async function call<T>(opts: Options): Promise<T> {
  const r = await request<T>(opts);
  if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
  return r.data as T;
}

export const shellApi = {
  config: () => call<z.infer<typeof SystemConfig>>({ method: 'GET', url: '/api/system/config', noToken: true }),
  user: () => call<UserInfo>({ method: 'GET', url: '/api/b2/user' }),
  manualDelivery: () => call<'0' | '1'>({ method: 'GET', url: '/api/b2/order/manual/delivery/permission' }),
  permissions: () => call<PermissionNode[]>({ method: 'GET', url: '/api/b2/purchaser/user/permissions' }),
  supplierExists: () => call<boolean>({ method: 'GET', url: '/api/b2/goods/supplier/exists' }),
  waitingPayment: () => call<z.infer<typeof CountResult>>({ method: 'POST', url: '/api/home/replenish/waitingPayment/statistics', data: {} }),
  problemNearDeadline: () => call<z.infer<typeof CountResult>>({ method: 'GET', url: '/api/b2/afterSales/post/problemGood/nearTime/num' }),
  unreadCount: () => call<z.infer<typeof CountResult>>({ method: 'POST', url: '/api/b2/message/unread/count', data: {} }),
  needPlatformSettingPopup: () => call<boolean>({ method: 'GET', url: '/api/b2/purchaser/area/needPlatformSettingPopup' }),
  guideDone: (key: 'platformSetting' | 'menuChange') => call<null>({ method: 'POST', url: '/api/guides/done', data: { key } }),
  shopAuthPopup: () => call<ShopAuthPopupRow[]>({ method: 'POST', url: '/api/b2/takePopup/getShopAuthPopup', data: {} }),
  markNotShopPopup: (id: number) => call<null>({ method: 'POST', url: '/api/b2/takePopup/markNotShopPopup', data: { id } }),
  logout: () => call<null>({ method: 'POST', url: '/api/auth/logout', data: {} }),
  feedback: (data: { content: string; contact?: string }) => call<null>({ method: 'POST', url: '/api/feedback', data }),
  messages: (data: { pageNo: number; pageSize: number; unreadOnly?: boolean }) =>
    call<{ total: number; list: { id: number; title: string; content: string; kind: string; read: boolean; createdAt: string }[] }>({
      method: 'POST',
      url: '/api/b2/message/list',
      data,
    }),
  markRead: (data: { ids?: number[]; all?: boolean }) => call<{ count: number }>({ method: 'POST', url: '/api/b2/message/marking/read', data }),
  /** Reported without a session before sign-in (the call is open), with it afterwards. */
  track: (
    data: {
      kind?: 'PAGE_VIEW' | 'ACTIVITY';
      pageChannel: string;
      httpStatus: number;
      host: string;
      platformType?: string;
      activityName?: string;
      sellerUserId?: number;
    },
    signedIn: boolean,
  ) => request({ method: 'POST', url: '/api/system/tracking', data, noToken: !signedIn }),
};
