/** Goods association (/goods/association): SKUs and links, link rules, link spreadsheets. */
import {
  AssociationPageBody,
  BulkLinkBody,
  envelopeOf,
  goodsPageOf,
  IdBody,
  id,
  LinkHistoryRow,
  LinkImportBody,
  LinkImportResult,
  LinkOneBody,
  LinkResult,
  LinkRuleRow,
  LinkRuleSaveBody,
  RuleApplyBody,
  RuleApplyResult,
  RulePreviewBody,
  RulePreviewResult,
  SavedId,
  ShopSkuRow,
  UnlinkBody,
} from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { sendSheet, UPLOAD_BODY_LIMIT } from './goods.excel.js';
import { importLinks, linkColumns, linksForExport } from './goods-links.excel.js';
import * as service from './goods-links.service.js';
import * as rules from './link-rules.service.js';

const tags = ['goods'];
const config = { permission: '/goods/association' } as const;
const SkuQuery = z.object({ shopSkuId: id('商品SKU') });
const ExportQuery = AssociationPageBody.omit({ pageNo: true, pageSize: true });

export async function goodsLinksRoutes(app: RouteApp, { db }: AppDeps) {
  app.post(
    '/api/b2/goods/association/page',
    { config, schema: { tags, summary: '商品关联列表', body: AssociationPageBody, response: { 200: envelopeOf(goodsPageOf(ShopSkuRow)) } } },
    async (req) => ok(await service.pageAssociation(db, requireCaller(req), req.body)),
  );

  app.get(
    '/api/b2/goods/association/history',
    { config, schema: { tags, summary: '关联历史版本', querystring: SkuQuery, response: { 200: envelopeOf(z.array(LinkHistoryRow)) } } },
    async (req) => ok(await service.linkHistory(db, requireCaller(req), req.query.shopSkuId)),
  );

  app.post(
    '/api/b2/goods/association/link',
    { config, schema: { tags, summary: '关联一个商品SKU', body: LinkOneBody, response: { 200: envelopeOf(LinkResult) } } },
    async (req) => ok(await service.linkOne(db, requireCaller(req), req.body)),
  );

  app.post(
    '/api/b2/goods/association/bulkLink',
    { config, schema: { tags, summary: '批量关联到同一货号', body: BulkLinkBody, response: { 200: envelopeOf(LinkResult) } } },
    async (req) => ok(await service.bulkLink(db, requireCaller(req), req.body)),
  );

  app.post(
    '/api/b2/goods/association/unlink',
    { config, schema: { tags, summary: '取消关联', body: UnlinkBody, response: { 200: envelopeOf(z.object({ count: z.number() })) } } },
    async (req) => ok(await service.unlink(db, requireCaller(req), req.body.shopSkuIds)),
  );

  app.get('/api/b2/goods/association/export', { config, schema: { tags, summary: '导出商品关联（Excel）', querystring: ExportQuery } }, async (req, reply) => {
    const rows = await linksForExport(db, requireCaller(req), req.query);
    return sendSheet(reply, '商品关联', '商品关联', linkColumns, rows);
  });

  app.post(
    '/api/b2/goods/association/import',
    {
      config,
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: { tags, summary: '导入商品关联（Excel）', body: LinkImportBody, response: { 200: envelopeOf(LinkImportResult) } },
    },
    async (req) => {
      const body = req.body;
      return ok(await importLinks(db, requireCaller(req), body.contentBase64, body.overwrite));
    },
  );

  app.get(
    '/api/b2/goods/linkRule/list',
    { config, schema: { tags, summary: '关联规则列表', response: { 200: envelopeOf(z.array(LinkRuleRow)) } } },
    async (req) => ok(await rules.listRules(db, requireCaller(req))),
  );

  app.post(
    '/api/b2/goods/linkRule/save',
    { config, schema: { tags, summary: '保存关联规则', body: LinkRuleSaveBody, response: { 200: envelopeOf(SavedId) } } },
    async (req) => ok(await rules.saveRule(db, requireCaller(req), req.body)),
  );

  app.post(
    '/api/b2/goods/linkRule/remove',
    { config, schema: { tags, summary: '删除关联规则', body: IdBody, response: { 200: envelopeOf(z.null()) } } },
    async (req) => {
      await rules.removeRule(db, requireCaller(req), req.body.id);
      return ok(null);
    },
  );

  app.post(
    '/api/b2/goods/linkRule/preview',
    { config, schema: { tags, summary: '预览规则匹配结果', body: RulePreviewBody, response: { 200: envelopeOf(RulePreviewResult) } } },
    async (req) => ok(await rules.previewRule(db, requireCaller(req), req.body)),
  );

  app.post(
    '/api/b2/goods/linkRule/apply',
    { config, schema: { tags, summary: '按规则关联（分批，每次一批）', body: RuleApplyBody, response: { 200: envelopeOf(RuleApplyResult) } } },
    async (req) => ok(await rules.applyRule(db, requireCaller(req), req.body)),
  );
}
