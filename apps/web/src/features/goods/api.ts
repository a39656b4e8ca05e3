/**
 * Calls of the goods pages (供应商管理, 供应商商品, 商品关联, 自定义商品) and their query keys.
 * Money is integer fen in every call; the pages show and take yuan.
 */
import type {
  CustomGoodsPageQuery,
  CustomGoodsRow,
  CustomGoodsSaveBody,
  EnableStatus,
  GoodsLinkView,
  LinkImportResult,
  LinkResult,
  LinkRuleFields,
  LinkRuleRow,
  RuleApplyResult,
  RuleOutcome,
  RulePreviewResult,
  ShopSkuRow,
  StallDirectoryRow,
  SupplierGoodsPageQuery,
  SupplierGoodsRow,
  SupplierOption,
  SupplierPageQuery,
  SupplierRow,
  SupplierSaveBody,
} from '@dropship/contract';
import { ApiError, call } from '../../app/api';
import { downloadExcel } from '../../lib/request/browser';

export interface Page<R> {
  total: number;
  list: R[];
}

export interface AssociationQuery {
  pageNo: number;
  pageSize: number;
  linked?: 'ALL' | 'LINKED' | 'UNLINKED';
  channel?: string;
  keyword?: string;
  supplierId?: number;
}

type Filters<Q> = Omit<Q, 'pageNo' | 'pageSize'>;

/** Downloads an export through the request client's spreadsheet helper; an error envelope throws. */
async function exportExcel(url: string, fileName: string, params: object) {
  const r = await downloadExcel({ url, fileName, params: params as Record<string, unknown> });
  if (r.errorCode !== 0) throw new ApiError(r.errorCode, r.errorMsg);
}

/** The chosen .xlsx as base64, the way the import calls take it. */
export async function fileToBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

const post = <T>(url: string, data: unknown) => call<T>({ method: 'POST', url, data });
const get = <T>(url: string, params?: Record<string, unknown>) => call<T>({ method: 'GET', url, ...(params ? { params } : {}) });

export const goodsKeys = {
  all: ['goods'] as const,
  suppliers: (q: object) => ['goods', 'suppliers', q] as const,
  supplierOptions: ['goods', 'supplierOptions'] as const,
  directory: (keyword: string) => ['goods', 'directory', keyword] as const,
  association: (q: object) => ['goods', 'association', q] as const,
  history: (id: number) => ['goods', 'history', id] as const,
  rules: ['goods', 'rules'] as const,
  supplierGoods: (q: object) => ['goods', 'supplierGoods', q] as const,
  customGoods: (q: object) => ['goods', 'customGoods', q] as const,
};

export const goodsApi = {
  suppliers: (q: SupplierPageQuery) => post<Page<SupplierRow>>('/api/b2/goods/supplier/page', q),
  saveSupplier: (body: SupplierSaveBody) => post<{ id: number }>('/api/b2/goods/supplier/save', body),
  setSupplierStatus: (ids: number[], status: EnableStatus) => post<null>('/api/b2/goods/supplier/updateStatus', { ids, status }),
  exportSuppliers: (q: Filters<SupplierPageQuery>) => exportExcel('/api/b2/goods/supplier/export', '供应商', q),
  importSuppliers: (fileName: string, contentBase64: string) =>
    post<{ created: number; updated: number; unchanged: number }>('/api/b2/goods/supplier/import', { fileName, contentBase64 }),
  supplierOptions: () => get<SupplierOption[]>('/api/b2/goods/supplier/options'),
  searchDirectory: (keyword: string) => get<StallDirectoryRow[]>('/api/b2/goods/stallDirectory/search', { keyword }),
  addFromDirectory: (body: { directoryId: number; code: string; remark: string }) => post<{ id: number }>('/api/b2/goods/supplier/addFromDirectory', body),

  association: (q: AssociationQuery) => post<Page<ShopSkuRow>>('/api/b2/goods/association/page', q),
  linkOne: (body: {
    shopSkuId: number;
    expectedLinkId: number | null;
    supplierId: number;
    artNo: string;
    color: string;
    size: string;
    costFen: number | null;
  }) => post<LinkResult>('/api/b2/goods/association/link', body),
  bulkLink: (body: { shopSkuIds: number[]; supplierId: number; artNo: string; color: string; size: string; costFen: number | null; overwrite: boolean }) =>
    post<LinkResult>('/api/b2/goods/association/bulkLink', body),
  history: (shopSkuId: number) => get<(GoodsLinkView & { replacedAt: string | null })[]>('/api/b2/goods/association/history', { shopSkuId }),
  unlink: (shopSkuIds: number[]) => post<{ count: number }>('/api/b2/goods/association/unlink', { shopSkuIds }),
  exportLinks: (q: Filters<AssociationQuery>) => exportExcel('/api/b2/goods/association/export', '商品关联', q),
  importLinks: (fileName: string, contentBase64: string, overwrite: boolean) =>
    post<LinkImportResult>('/api/b2/goods/association/import', { fileName, contentBase64, overwrite }),

  rules: () => get<LinkRuleRow[]>('/api/b2/goods/linkRule/list'),
  saveRule: (body: LinkRuleFields & { id?: number; name: string }) => post<{ id: number }>('/api/b2/goods/linkRule/save', body),
  removeRule: (id: number) => post<null>('/api/b2/goods/linkRule/remove', { id }),
  previewRule: (body: { rule: LinkRuleFields; scope: 'UNLINKED' | 'ALL'; outcome?: RuleOutcome; limit?: number }) =>
    post<RulePreviewResult>('/api/b2/goods/linkRule/preview', body),
  applyRule: (body: { rule: LinkRuleFields; ruleId?: number; scope: 'UNLINKED' | 'ALL'; overwrite: boolean; afterId: number; limit: number }) =>
    post<RuleApplyResult>('/api/b2/goods/linkRule/apply', body),

  supplierGoods: (q: SupplierGoodsPageQuery) => post<Page<SupplierGoodsRow>>('/api/b2/goods/supplierGoods/page', q),
  updateCost: (id: number, costFen: number) => post<{ relinked: number }>('/api/b2/goods/supplierGoods/updateCost', { id, costFen }),
  exportSupplierGoods: (q: Filters<SupplierGoodsPageQuery>) => exportExcel('/api/b2/goods/supplierGoods/export', '供应商商品', q),

  customGoods: (q: CustomGoodsPageQuery) => post<Page<CustomGoodsRow>>('/api/b2/goods/customGoods/page', q),
  saveCustomGoods: (body: CustomGoodsSaveBody) => post<{ id: number }>('/api/b2/goods/customGoods/save', body),
  setCustomGoodsStatus: (ids: number[], status: EnableStatus) => post<null>('/api/b2/goods/customGoods/updateStatus', { ids, status }),
  exportCustomGoods: (q: Filters<CustomGoodsPageQuery>) => exportExcel('/api/b2/goods/customGoods/export', '自定义商品', q),
};
