/** Supplier goods (/goods/supplier) and custom goods (/goods/customGoods). */
import {
  CustomGoodsPageBody,
  CustomGoodsRow,
  CustomGoodsSaveBody,
  CustomGoodsStatusBody,
  ENABLE_STATUS_NAMES,
  envelopeOf,
  goodsPageOf,
  id,
  SavedId,
  SupplierGoodsCostBody,
  SupplierGoodsPageBody,
  SupplierGoodsRow,
} from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import { type XlsxColumn, yuan } from '../../lib/excel/index.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import * as custom from './custom-goods.service.js';
import { assertExportable, sendSheet } from './goods.excel.js';
import { manualDeliveryGate } from './manual-delivery.js';
import * as items from './supplier-goods.service.js';

const tags = ['goods'];
const SUPPLIER_GOODS = '/goods/supplier';
const CUSTOM_GOODS = '/goods/customGoods';
const CustomExportQuery = CustomGoodsPageBody.omit({ pageNo: true, pageSize: true });
const ItemsExportQuery = SupplierGoodsPageBody.omit({ pageNo: true, pageSize: true });
const IdQuery = z.object({ id: id('自定义商品编号') });
const time = (iso: string) => iso.slice(0, 19).replace('T', ' ');

const itemColumns: XlsxColumn<SupplierGoodsRow>[] = [
  { header: '档口', width: 24, value: (r) => r.supplierName },
  { header: '档口编码', value: (r) => r.supplierCode },
  { header: '货号', value: (r) => r.artNo },
  { header: '颜色', value: (r) => r.color },
  { header: '尺码', value: (r) => r.size },
  { header: '成本价（元）', value: (r) => yuan(r.costFen) },
  { header: '关联SKU数', value: (r) => r.linkedSkus },
  { header: '更新时间', width: 20, value: (r) => time(r.updatedAt) },
];

const customColumns: XlsxColumn<CustomGoodsRow>[] = [
  { header: '商品名称', width: 30, value: (r) => r.name },
  { header: '档口', width: 24, value: (r) => r.supplierName },
  { header: '货号', value: (r) => r.artNo },
  { header: '颜色', value: (r) => r.color },
  { header: '尺码', value: (r) => r.size },
  { header: '成本价（元）', value: (r) => yuan(r.costFen) },
  { header: '状态', value: (r) => ENABLE_STATUS_NAMES[r.status] },
  { header: '备注', width: 30, value: (r) => r.remark },
  { header: '更新时间', width: 20, value: (r) => time(r.updatedAt) },
];

export async function supplierGoodsRoutes(app: RouteApp, { db, config }: AppDeps) {
  const itemsConfig = { permission: SUPPLIER_GOODS } as const;
  app.post(
    '/api/b2/goods/supplierGoods/page',
    {
      config: itemsConfig,
      schema: { tags, summary: '供应商商品列表', body: SupplierGoodsPageBody, response: { 200: envelopeOf(goodsPageOf(SupplierGoodsRow)) } },
    },
    async (req) => ok(await items.pageSupplierGoods(db, requireCaller(req), req.body)),
  );

  app.post(
    '/api/b2/goods/supplierGoods/updateCost',
    {
      config: itemsConfig,
      schema: {
        tags,
        summary: '修改供应商商品成本价（其关联生成新版本）',
        body: SupplierGoodsCostBody,
        response: { 200: envelopeOf(z.object({ relinked: z.number() })) },
      },
    },
    async (req) => {
      const body = req.body;
      return ok(await items.updateSupplierGoodsCost(db, requireCaller(req), body.id, body.costFen));
    },
  );

  app.get(
    '/api/b2/goods/supplierGoods/export',
    { config: itemsConfig, schema: { tags, summary: '导出供应商商品（Excel）', querystring: ItemsExportQuery } },
    async (req, reply) => {
      const q = { ...req.query, pageNo: 1, pageSize: 20_000 };
      const page = await items.pageSupplierGoods(db, requireCaller(req), q);
      assertExportable(page.total);
      return sendSheet(reply, '供应商商品', '供应商商品', itemColumns, page.list);
    },
  );

  const gated = { config: { permission: CUSTOM_GOODS }, onRequest: manualDeliveryGate(db, config, CUSTOM_GOODS) } as const;
  app.post(
    '/api/b2/goods/customGoods/page',
    { ...gated, schema: { tags, summary: '自定义商品列表', body: CustomGoodsPageBody, response: { 200: envelopeOf(goodsPageOf(CustomGoodsRow)) } } },
    async (req) => ok(await custom.pageCustomGoods(db, requireCaller(req), req.body)),
  );

  app.get(
    '/api/b2/goods/customGoods/detail',
    { ...gated, schema: { tags, summary: '自定义商品详情', querystring: IdQuery, response: { 200: envelopeOf(CustomGoodsRow) } } },
    async (req) => ok(await custom.customGoodsDetail(db, requireCaller(req), req.query.id)),
  );

  app.post(
    '/api/b2/goods/customGoods/save',
    { ...gated, schema: { tags, summary: '新增或编辑自定义商品', body: CustomGoodsSaveBody, response: { 200: envelopeOf(SavedId) } } },
    async (req) => ok(await custom.saveCustomGoods(db, requireCaller(req), req.body)),
  );

  app.post(
    '/api/b2/goods/customGoods/updateStatus',
    { ...gated, schema: { tags, summary: '停用或启用自定义商品', body: CustomGoodsStatusBody, response: { 200: envelopeOf(z.null()) } } },
    async (req) => {
      const body = req.body;
      await custom.setCustomGoodsStatus(db, requireCaller(req), body.ids, body.status);
      return ok(null);
    },
  );

  app.get(
    '/api/b2/goods/customGoods/export',
    { ...gated, schema: { tags, summary: '导出自定义商品（Excel）', querystring: CustomExportQuery } },
    async (req, reply) => {
      const q = { ...req.query, pageNo: 1, pageSize: 20_000 };
      const page = await custom.pageCustomGoods(db, requireCaller(req), q);
      assertExportable(page.total);
      return sendSheet(reply, '自定义商品', '自定义商品', customColumns, page.list);
    },
  );
}
