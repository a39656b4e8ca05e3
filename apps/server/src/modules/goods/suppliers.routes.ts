/**
 * Supplier management (/basicSet/supplierManagement, sellers and purchasers) and the shared stall
 * directory. The manual-delivery permission gates these calls on the second variant.
 */
import {
  AddFromDirectoryBody,
  ExcelUploadBody,
  envelopeOf,
  goodsPageOf,
  id,
  SavedId,
  StallDirectoryPageQuery,
  StallDirectoryPageResult,
  StallDirectoryRow,
  StallDirectorySaveBody,
  StallDirectorySearch,
  SupplierImportResult,
  SupplierOption,
  SupplierPageBody,
  SupplierRow,
  SupplierSaveBody,
  SupplierStatusBody,
} from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { sendSheet, UPLOAD_BODY_LIMIT } from './goods.excel.js';
import { manualDeliveryGate } from './manual-delivery.js';
import { importSuppliers, supplierColumns, suppliersForExport } from './suppliers.excel.js';
import * as service from './suppliers.service.js';

const tags = ['goods'];
const SUPPLIERS = '/basicSet/supplierManagement';
const IdQuery = z.object({ id: id('供应商编号') });
const ExportQuery = SupplierPageBody.omit({ pageNo: true, pageSize: true });

export async function suppliersRoutes(app: RouteApp, { db, config }: AppDeps) {
  const gated = { config: { permission: SUPPLIERS }, onRequest: manualDeliveryGate(db, config, SUPPLIERS) } as const;

  app.post(
    '/api/b2/goods/supplier/page',
    { ...gated, schema: { tags, summary: '供应商列表', body: SupplierPageBody, response: { 200: envelopeOf(goodsPageOf(SupplierRow)) } } },
    async (req) => ok(await service.pageSuppliers(db, requireCaller(req), req.body)),
  );

  app.get(
    '/api/b2/goods/supplier/detail',
    { ...gated, schema: { tags, summary: '供应商详情', querystring: IdQuery, response: { 200: envelopeOf(SupplierRow) } } },
    async (req) => ok(await service.supplierDetail(db, requireCaller(req), req.query.id)),
  );

  app.post(
    '/api/b2/goods/supplier/save',
    { ...gated, schema: { tags, summary: '新增或编辑供应商', body: SupplierSaveBody, response: { 200: envelopeOf(SavedId) } } },
    async (req) => ok(await service.saveSupplier(db, requireCaller(req), req.body)),
  );

  app.post(
    '/api/b2/goods/supplier/updateStatus',
    { ...gated, schema: { tags, summary: '停用或启用供应商', body: SupplierStatusBody, response: { 200: envelopeOf(z.null()) } } },
    async (req) => {
      const body = req.body;
      await service.setSuppliersStatus(db, requireCaller(req), body.ids, body.status);
      return ok(null);
    },
  );

  app.get('/api/b2/goods/supplier/export', { ...gated, schema: { tags, summary: '导出供应商（Excel）', querystring: ExportQuery } }, async (req, reply) => {
    const rows = await suppliersForExport(db, requireCaller(req), req.query);
    return sendSheet(reply, '供应商', '供应商', supplierColumns, rows);
  });

  app.post(
    '/api/b2/goods/supplier/import',
    {
      ...gated,
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: { tags, summary: '导入供应商（Excel）', body: ExcelUploadBody, response: { 200: envelopeOf(SupplierImportResult) } },
    },
    async (req) => ok(await importSuppliers(db, requireCaller(req), req.body.contentBase64)),
  );

  app.get(
    '/api/b2/goods/stallDirectory/search',
    { ...gated, schema: { tags, summary: '搜索档口库', querystring: StallDirectorySearch, response: { 200: envelopeOf(z.array(StallDirectoryRow)) } } },
    async (req) => ok(await service.searchDirectory(db, req.query.keyword)),
  );

  app.post(
    '/api/b2/goods/supplier/addFromDirectory',
    { ...gated, schema: { tags, summary: '从档口库添加供应商', body: AddFromDirectoryBody, response: { 200: envelopeOf(SavedId) } } },
    async (req) => ok(await service.addFromDirectory(db, requireCaller(req), req.body)),
  );

  // Any signed-in member of the organisation may pick from its supplier names (association, custom goods, rules).
  app.get(
    '/api/b2/goods/supplier/options',
    { config: { permission: 'user' }, schema: { tags, summary: '供应商选项', response: { 200: envelopeOf(z.array(SupplierOption)) } } },
    async (req) => ok(await service.supplierOptions(db, requireCaller(req))),
  );

  app.get(
    '/api/operator/stallDirectory/page',
    {
      config: { permission: '/operator/stallDirectory' },
      schema: { tags, summary: '运营：档口库列表（含停用）', querystring: StallDirectoryPageQuery, response: { 200: envelopeOf(StallDirectoryPageResult) } },
    },
    async (req) => ok(await service.pageDirectory(db, req.query)),
  );

  app.post(
    '/api/operator/stallDirectory/save',
    {
      config: { audit: 'stallDirectory.save', permission: '/operator/stallDirectory' },
      schema: { tags, summary: '运营：新增或编辑档口库档口', body: StallDirectorySaveBody, response: { 200: envelopeOf(SavedId) } },
    },
    async (req) => ok(await service.saveDirectoryStall(db, req.body)),
  );
}
