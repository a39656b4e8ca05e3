/** Calls of the fulfilment settings pages: one setting per key, the seller's addresses, the auto-intercept log. */
import type {
  FulfilmentSettingKey,
  FulfilmentSettingsValues,
  GoodsAddress,
  InterceptLogRow,
  PayLaterCredit,
  PlatformFulfilmentPrices,
} from '@dropship/contract';
import { call } from '../../app/api';

export type PageKey = Exclude<FulfilmentSettingKey, 'returnAddress' | 'sendAddress'>;
export type AddressKey = 'return' | 'send';

export const settingKeys = {
  all: ['fulfilment-settings'] as const,
  setting: (key: PageKey) => [...settingKeys.all, key] as const,
  address: (key: AddressKey) => [...settingKeys.all, 'address', key] as const,
  logs: (q: { pageNo: number; pageSize: number }) => [...settingKeys.all, 'logs', q] as const,
  payLaterCredit: () => [...settingKeys.all, 'payLaterCredit'] as const,
};

export const settingsApi = {
  get: <K extends PageKey>(key: K) =>
    call<{ key: K; value: FulfilmentSettingsValues[K]; prices: PlatformFulfilmentPrices }>({ method: 'GET', url: `/api/b2/fulfilment/settings/${key}` }),
  save: <K extends PageKey>(key: K, value: FulfilmentSettingsValues[K]) =>
    call<{ key: K; value: FulfilmentSettingsValues[K]; prices: PlatformFulfilmentPrices }>({
      method: 'POST',
      url: `/api/b2/fulfilment/settings/${key}`,
      data: value,
    }),
  address: (key: AddressKey) => call<GoodsAddress | null>({ method: 'GET', url: `/api/system/goods/${key}/address` }),
  /** 货到付款 credit: limit, used, left (fen). */
  payLaterCredit: () => call<PayLaterCredit>({ method: 'GET', url: '/api/b2/fulfilment/setPayment/credit' }),
  saveAddress: (key: AddressKey, a: GoodsAddress) => call<GoodsAddress | null>({ method: 'POST', url: `/api/system/goods/${key}/address`, data: a }),
  logs: (q: { pageNo: number; pageSize: number }) =>
    call<{ total: number; list: InterceptLogRow[] }>({ method: 'POST', url: '/api/b2/fulfilment/autoIntercept/logs', data: q }),
};
