/** Calls of the custom certificates (自定义合格证). */
import type { CertificateFields, CertificateRow } from '@dropship/contract';
import { call } from '../../app/api';

export interface CertificatePageQuery {
  pageNo: number;
  pageSize: number;
  keyword?: string;
}

export const certificateKeys = {
  all: ['labels', 'certificate'] as const,
  page: (q: CertificatePageQuery) => [...certificateKeys.all, 'page', q] as const,
  detail: (id: number) => [...certificateKeys.all, 'detail', id] as const,
};

export const certificateApi = {
  page: (data: CertificatePageQuery) => call<{ total: number; list: CertificateRow[] }>({ method: 'POST', url: '/api/labels/certificate/page', data }),
  detail: (id: number) => call<CertificateRow>({ method: 'GET', url: '/api/labels/certificate/detail', params: { id } }),
  save: (data: CertificateFields & { id?: number }) => call<{ id: number }>({ method: 'POST', url: '/api/labels/certificate/save', data }),
  remove: (id: number) => call<null>({ method: 'POST', url: '/api/labels/certificate/remove', data: { id } }),
};
