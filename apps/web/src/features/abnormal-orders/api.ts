/** Calls of 异常订单 (/order/abnormalList) and their query keys. */
import type { AbnormalDetail, AbnormalOrderRow, AbnormalPageQuery, AbnormalSummary, AreaTree, ReceiverFields, UpdateAddressBody } from '@dropship/contract';
import { ApiError, call } from '../../app/api';
import { downloadExcel } from '../../lib/request/browser';

export const abnormalKeys = {
  all: ['abnormal-orders'] as const,
  page: (q: object) => ['abnormal-orders', 'page', q] as const,
  summary: ['abnormal-orders', 'summary'] as const,
  detail: (id: number) => ['abnormal-orders', 'detail', id] as const,
  areas: ['area', 'tree'] as const,
};

export const abnormalApi = {
  page: (q: AbnormalPageQuery) =>
    call<{ total: number; list: AbnormalOrderRow[]; summary: AbnormalSummary }>({ method: 'POST', url: '/api/b2/orders/abnormal/page', data: q }),
  summary: () => call<AbnormalSummary>({ method: 'GET', url: '/api/b2/orders/abnormal/summary' }),
  detail: (id: number) => call<AbnormalDetail>({ method: 'GET', url: '/api/b2/orders/abnormal/detail', params: { id } }),
  updateAddress: (body: UpdateAddressBody) => call<null>({ method: 'POST', url: '/api/b2/orders/abnormal/updateAddress', data: body }),
  /** DECRYPT_FAILED's 修改地址: the placed dropship order's receiver, typed (it becomes plain and ships by 快递100). */
  typeReceiver: (dropshipOrderId: number, receiver: ReceiverFields) =>
    call<unknown>({ method: 'POST', url: '/api/b2/post/orders/update/receivingInfo', data: { id: dropshipOrderId, receiver } }),
  areas: () => call<AreaTree>({ method: 'GET', url: '/api/b2/area/getThirdLevelAll' }),
  async exportExcel(q: Omit<AbnormalPageQuery, 'pageNo' | 'pageSize'>) {
    const r = await downloadExcel({ url: '/api/b2/orders/abnormal/export', fileName: '异常订单', params: q as Record<string, unknown> });
    if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
  },
};
