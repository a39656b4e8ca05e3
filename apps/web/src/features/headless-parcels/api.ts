/** Calls of headless parcels (无头件): the sellers' pool and claims, the warehouse's side, parcel photos; their query keys. */
import type { HeadlessClaimRow, HeadlessPoolRow, PurchaserHeadlessRow } from '@dropship/contract';
import { call } from '../../app/api';

export type Filters = Record<string, string | number>;
export interface Paged<T> {
  total: number;
  list: T[];
}
export type ProposalRow = HeadlessClaimRow & { parcel: HeadlessPoolRow };
export interface EventRow {
  operation: string;
  fromStatus: string | null;
  toStatus: string;
  note: string;
  createdAt: string;
}
export interface ClaimInput {
  parcelId: number;
  orderNo: string;
  afterSaleNo: string;
  phoneTail: string;
  goodsNote: string;
}
export interface GoodInput {
  title?: string;
  sku?: string;
  itemNo?: string;
  color?: string;
  size?: string;
  quantity: number;
}

export const headlessKeys = {
  all: ['headless-parcels'] as const,
  pool: (q: Filters) => [...headlessKeys.all, 'pool', q] as const,
  claims: (q: Filters) => [...headlessKeys.all, 'claims', q] as const,
  proposals: () => [...headlessKeys.all, 'proposals'] as const,
  warehouse: (q: Filters) => [...headlessKeys.all, 'warehouse', q] as const,
  detail: (id: number) => [...headlessKeys.all, 'detail', id] as const,
};

const post = <T>(url: string, data: unknown) => call<T>({ method: 'POST', url, data });
const get = <T>(url: string) => call<T>({ method: 'GET', url });

export const headlessApi = {
  pool: (q: Filters) => post<Paged<HeadlessPoolRow>>('/api/b2/headlessParcels/pool/page', q),
  claim: (b: ClaimInput) => post<HeadlessClaimRow>('/api/b2/headlessParcels/claim', b),
  claims: (q: Filters) => post<Paged<HeadlessClaimRow>>('/api/b2/headlessParcels/claims/page', q),
  proposals: () => post<ProposalRow[]>('/api/b2/headlessParcels/proposals', {}),
  confirmProposal: (claimId: number) => post<HeadlessClaimRow>('/api/b2/headlessParcels/proposal/confirm', { claimId }),
  warehouse: (q: Filters) => post<Paged<PurchaserHeadlessRow>>('/api/b2/purchaser/headlessParcels/page', q),
  detail: (id: number) => get<{ claims: HeadlessClaimRow[]; events: EventRow[] }>(`/api/b2/purchaser/headlessParcels/${id}/claims`),
  update: (b: { id: number; goods: GoodInput[]; note: string }) => post<{ id: number }>('/api/b2/purchaser/headlessParcels/update', b),
  confirmClaim: (claimId: number) => post<{ claim: HeadlessClaimRow; parcelStatus: string }>('/api/b2/purchaser/headlessParcels/claim/confirm', { claimId }),
  refuseClaim: (claimId: number, reason: string) =>
    post<{ claim: HeadlessClaimRow; parcelStatus: string }>('/api/b2/purchaser/headlessParcels/claim/refuse', { claimId, reason }),
  uploadPhoto: (parcelId: number, image: string) => post<{ id: number; url: string }>('/api/b2/parcels/photo/upload', { parcelId, image }),
};
