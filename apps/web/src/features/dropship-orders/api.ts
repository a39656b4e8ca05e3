/** Calls of dropship orders (代发下单, 代发订单, 详情, 快递列表) and their query keys. Money is integer fen; pages show yuan. */
import type {
  CostResult,
  DropshipAlipayPayment,
  DropshipCreateBody,
  DropshipCreateResult,
  DropshipDetail,
  DropshipFilter,
  DropshipPageResult,
  DropshipPayResult,
  ExpressFeeRow,
  ExpressRulesResult,
  OperationResult,
  PayLaterCredit,
  PlaceExpressOption,
  PlacePreviewOrder,
  ReceiverFields,
  SpeedDeliveryTerms,
  UsableCoupon,
} from '@dropship/contract';
import { ApiError, call } from '../../app/api';
import { downloadExcel } from '../../lib/request/browser';

export type DropshipQuery = Partial<Record<keyof DropshipFilter, string | number>> & { pageNo: number; pageSize: number };
export interface CostDraft {
  shopOrderId?: number;
  items?: { customGoodsId: number; quantity: number }[];
  province: string;
  expressCode: string;
  couponId?: number;
  speedDelivery?: boolean;
}
export interface PayBody {
  orderIds: number[];
  payMethod: 'BALANCE' | 'ALIPAY_WEB' | 'PAY_LATER';
  payPassword?: string;
  requestKey: string;
}

export const dropshipKeys = {
  all: ['dropship-orders'] as const,
  page: (q: DropshipQuery) => [...dropshipKeys.all, 'page', q] as const,
  detail: (id: number) => [...dropshipKeys.all, 'detail', id] as const,
  preview: (ids: number[]) => [...dropshipKeys.all, 'preview', ids] as const,
  cost: (drafts: CostDraft[]) => [...dropshipKeys.all, 'cost', drafts] as const,
  fees: (province: string, itemCount: number) => [...dropshipKeys.all, 'fees', province, itemCount] as const,
  coupons: (amountFen: number) => [...dropshipKeys.all, 'coupons', amountFen] as const,
  express: () => ['express', 'place'] as const,
  expressAll: () => ['express', 'all'] as const,
  speed: () => [...dropshipKeys.all, 'speed-delivery'] as const,
  expressRules: () => ['express', 'rules'] as const,
  alipay: (outTradeNo: string) => [...dropshipKeys.all, 'alipay', outTradeNo] as const,
  payLaterCredit: () => [...dropshipKeys.all, 'payLaterCredit'] as const,
};

const post = <T>(url: string, data: unknown) => call<T>({ method: 'POST', url, data });
const get = <T>(url: string) => call<T>({ method: 'GET', url });

export const dropshipApi = {
  preview: (shopOrderIds: number[]) => post<{ orders: PlacePreviewOrder[] }>('/api/b2/post/orders/preview', { shopOrderIds }),
  cost: (orders: CostDraft[]) => post<CostResult>('/api/b2/post/orders/calculate/express/cost', { orders }),
  fees: (province: string, itemCount: number) => post<ExpressFeeRow[]>('/api/b2/post/orders/express/fee/v2', { province, itemCount }),
  coupons: (amountFen: number) => post<UsableCoupon[]>('/api/b2/post/orders/coupons', { amountFen }),
  express: () => get<PlaceExpressOption[]>('/api/b2/post/orders/express'),
  /** Every courier, for the list's 快递 filter (not only those the seller can place with). */
  expressAll: () => get<{ code: string; name: string }[]>('/api/b2/orders/expressAll'),
  /** 加急发货: enabled, default and price per order (the switch shows only when enabled). */
  speedTerms: () => get<SpeedDeliveryTerms>('/api/b2/post/orders/speedDelivery'),
  expressRules: () => get<ExpressRulesResult>('/api/b2/express/rules'),
  create: (body: DropshipCreateBody) => post<DropshipCreateResult>('/api/b2/post/orders/create', body),
  pay: (body: PayBody) => post<DropshipPayResult>('/api/b2/post/orders/pay', body),
  alipayStatus: (outTradeNo: string) => get<DropshipAlipayPayment>(`/api/b2/post/orders/pay/alipay/${outTradeNo}`),
  /** 货到付款: enabled, credit limit, used and left (fen). */
  payLaterCredit: () => get<PayLaterCredit>('/api/b2/post/orders/payLater/credit'),
  page: (q: DropshipQuery) => post<DropshipPageResult>('/api/b2/post/orders/page', q),
  detail: (id: number) => get<DropshipDetail>(`/api/b2/post/orders/detail/${id}`),
  cancel: (orderIds: number[], reason: string) => post<OperationResult>('/api/b2/post/orders/cancel', { orderIds, reason }),
  updateReceiver: (id: number, receiver: ReceiverFields) =>
    post<{ expressFeeFen: number; totalFen: number }>('/api/b2/post/orders/update/receivingInfo', { id, receiver }),
  stopItems: (itemIds: number[]) => post<OperationResult>('/api/b2/post/orders/item/stop', { itemIds }),
  revokeStopItems: (itemIds: number[]) => post<OperationResult>('/api/b2/post/orders/item/revokeStop', { itemIds }),
  /** The filtered set as .xlsx (streamed by the server; at most 100,000 orders). */
  async exportExcel(f: Omit<DropshipQuery, 'pageNo' | 'pageSize'>) {
    const r = await downloadExcel({ url: '/api/b2/post/orders/export', method: 'post', data: f, fileName: '代发订单' });
    if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
  },
};
