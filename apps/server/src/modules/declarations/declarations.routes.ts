/**
 * Declaration calls under /api/b2/declarations/*: check, save, remove, detail and submit belong to
 * the manual declaration page (/order/orderCollect); drafts to /myDeclaration, submitted ones to
 * /declarationHistory, lines to /order/orderCollectRecord (with the export), goods by stall to
 * /e3hReportGetGoods. Paying the orders a declaration became is the dropship orders' own pay call.
 */
import {
  DeclarationCheckResult,
  DeclarationDetail,
  DeclarationFilter,
  DeclarationGoodsBody,
  DeclarationGoodsResult,
  DeclarationIdBody,
  DeclarationIdQuery,
  DeclarationPageBody,
  DeclarationPageResult,
  DeclarationRecordFilter,
  DeclarationRecordPageBody,
  DeclarationRecordPageResult,
  DeclarationSaveBody,
  DeclarationSubmitResult,
  envelopeOf,
} from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import { sendXlsxStream } from '../../lib/excel/index.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { checkDeclaration, declarationDetail, exportDeclarations, pageDeclarations, removeDeclaration, saveDeclaration } from './declarations.service.js';
import { declarationColumns, GOODS_COLUMNS, RECORD_COLUMNS } from './export-columns.js';
import { sealLegacyLineReceivers } from './line-receiver.js';
import { exportRecords, goodsByStall, pageRecords } from './records.service.js';
import { submitDeclaration } from './submit.service.js';

const tags = ['declarations'];
const EDIT = { permission: '/order/orderCollect' } as const;

export async function declarationsRoutes(app: RouteApp, deps: AppDeps) {
  // Before serving: receivers of lines saved before they were sealed are sealed (one indexed query when there are none).
  app.addHook('onReady', async () => {
    const sealed = await sealLegacyLineReceivers(deps.db);
    if (sealed > 0) app.log.info({ sealed }, '报单明细的收货人信息已加密保存');
  });
  const { db } = deps;

  app.post(
    '/api/b2/declarations/check',
    {
      config: EDIT,
      schema: { tags, summary: '校验报单明细（逐行给出原因）', body: DeclarationSaveBody, response: { 200: envelopeOf(DeclarationCheckResult) } },
    },
    async (req) => ok(await checkDeclaration(db, requireCaller(req), req.body)),
  );
  app.post(
    '/api/b2/declarations/save',
    {
      config: EDIT,
      schema: { tags, summary: '保存报单草稿（新建或替换草稿明细）', body: DeclarationSaveBody, response: { 200: envelopeOf(DeclarationDetail) } },
    },
    async (req) => ok(await saveDeclaration(db, requireCaller(req), req.body)),
  );
  app.post(
    '/api/b2/declarations/remove',
    { config: EDIT, schema: { tags, summary: '删除报单草稿', body: DeclarationIdBody, response: { 200: envelopeOf(z.object({ id: z.number() })) } } },
    async (req) => ok(await removeDeclaration(db, requireCaller(req), req.body.id)),
  );
  app.get(
    '/api/b2/declarations/detail',
    {
      config: EDIT,
      schema: { tags, summary: '报单详情（明细与拿货状态）', querystring: DeclarationIdQuery, response: { 200: envelopeOf(DeclarationDetail) } },
    },
    async (req) => ok(await declarationDetail(db, requireCaller(req), req.query.id)),
  );
  app.post(
    '/api/b2/declarations/submit',
    {
      config: EDIT,
      schema: { tags, summary: '提交报单：生成待付款的代发订单', body: DeclarationIdBody, response: { 200: envelopeOf(DeclarationSubmitResult) } },
    },
    async (req) => ok(await submitDeclaration(db, requireCaller(req), req.body.id)),
  );

  app.post(
    '/api/b2/declarations/drafts/page',
    {
      config: { permission: '/myDeclaration' },
      schema: { tags, summary: '我的报单（草稿）', body: DeclarationPageBody, response: { 200: envelopeOf(DeclarationPageResult) } },
    },
    async (req) => ok(await pageDeclarations(db, requireCaller(req), { ...req.body, status: 'DRAFT' })),
  );
  app.post(
    '/api/b2/declarations/page',
    {
      config: { permission: '/declarationHistory' },
      schema: { tags, summary: '报单历史（已提交，含订单状态）', body: DeclarationPageBody, response: { 200: envelopeOf(DeclarationPageResult) } },
    },
    async (req) => ok(await pageDeclarations(db, requireCaller(req), { ...req.body, status: 'SUBMITTED' })),
  );

  for (const x of [
    { url: '/api/b2/declarations/drafts/export', permission: '/myDeclaration', status: 'DRAFT', kind: 'drafts', name: '我的报单' },
    { url: '/api/b2/declarations/export', permission: '/declarationHistory', status: 'SUBMITTED', kind: 'history', name: '报单历史' },
  ] as const) {
    app.post(
      x.url,
      { config: { permission: x.permission }, schema: { tags, summary: `导出${x.name}（Excel，最多10万条）`, body: DeclarationFilter } },
      async (req, reply) => {
        const pages = await exportDeclarations(db, requireCaller(req).orgId, req.body, x.status);
        return sendXlsxStream(reply, { fileName: x.name, sheetName: x.name, columns: declarationColumns(x.kind), pages, log: req.log });
      },
    );
  }

  const RECORDS = { permission: '/order/orderCollectRecord' } as const;
  app.post(
    '/api/b2/declarations/records/page',
    {
      config: RECORDS,
      schema: { tags, summary: '报单记录（逐行）', body: DeclarationRecordPageBody, response: { 200: envelopeOf(DeclarationRecordPageResult) } },
    },
    async (req) => ok(await pageRecords(db, requireCaller(req).orgId, req.body)),
  );
  app.post(
    '/api/b2/declarations/records/export',
    { config: RECORDS, schema: { tags, summary: '导出报单记录（Excel，最多10万行）', body: DeclarationRecordFilter } },
    async (req, reply) => {
      const pages = await exportRecords(db, requireCaller(req).orgId, req.body);
      return sendXlsxStream(reply, { fileName: '报单记录', sheetName: '报单记录', columns: RECORD_COLUMNS, pages, log: req.log });
    },
  );
  app.post(
    '/api/b2/declarations/goods',
    {
      config: { permission: '/e3hReportGetGoods' },
      schema: { tags, summary: '报单拿货：按档口汇总的拿货进度', body: DeclarationGoodsBody, response: { 200: envelopeOf(DeclarationGoodsResult) } },
    },
    async (req) => ok(await goodsByStall(db, requireCaller(req).orgId, req.body)),
  );
  app.post(
    '/api/b2/declarations/goods/export',
    { config: { permission: '/e3hReportGetGoods' }, schema: { tags, summary: '导出报单拿货（按档口的明细）', body: DeclarationGoodsBody } },
    async (req, reply) => {
      const { stalls } = await goodsByStall(db, requireCaller(req).orgId, req.body);
      const rows = stalls.flatMap((s) => s.items.map((i) => ({ ...i, stall: s.stall, market: s.market, stallNo: s.stallNo })));
      return sendXlsxStream(reply, {
        fileName: '报单拿货',
        sheetName: '报单拿货',
        columns: GOODS_COLUMNS,
        pages: (async function* () {
          yield rows;
        })(),
        log: req.log,
      });
    },
  );
}
