/**
 * The seller's answer to a platform after-sale (同意退款 / 拒绝退款, under /api/b2/aftersale/orders) and
 * the automatic after-sale rules, their log and the spec's activeAutoSaleTag (decision 0026). Also
 * registers the rules' job; needs app.jobs and app.channels, so it is registered after the shops plugin.
 */
import {
  ActiveAutoSaleTag,
  AfterSaleIdBody,
  AfterSaleOperationResult,
  AfterSaleRefuseBody,
  AutoAfterSaleLogFilter,
  AutoAfterSaleLogPage,
  AutoAfterSaleLogPageBody,
  AutoAfterSaleSaveBody,
  AutoAfterSaleSettings,
  envelopeOf,
} from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import { sendXlsxStream } from '../../lib/excel/index.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { answerAfterSale } from './answer.service.js';
import {
  AUTO_AFTER_SALE_JOB,
  AUTO_AFTER_SALE_MAX_ATTEMPTS,
  AutoAfterSalePayload,
  activeAutoSaleTag,
  autoAfterSaleSettings,
  runAutoAfterSale,
  saveAutoAfterSale,
} from './auto-after-sale.service.js';
import { AUTO_LOG_COLUMNS, exportAutoLog, pageAutoLog } from './auto-log.service.js';

const tags = ['after-sales'];
const LIST = { permission: '/afterSale/afterSaleList', audience: 'seller' } as const;
const RULES = { permission: '/basicSet/automaticAfterSale', audience: 'seller' } as const;
const LOG = { permission: '/basicSet/automaticAfterSale/AutomaticLog', audience: 'seller' } as const;
const BASE = '/api/b2/aftersale';

export async function autoAfterSaleRoutes(app: RouteApp, deps: AppDeps) {
  const { db } = deps;
  const shops = { db, channels: app.channels, jobs: app.jobs };
  app.jobs.register(AUTO_AFTER_SALE_JOB, AutoAfterSalePayload, (p, ctx) => runAutoAfterSale(shops, p, ctx), { maxAttempts: AUTO_AFTER_SALE_MAX_ATTEMPTS });

  app.post(
    `${BASE}/orders/agree`,
    {
      config: LIST,
      schema: {
        tags,
        summary: '同意退款：平台退款中的售后单，未发货仅退款先停止拿货并退回货款，再告诉平台；平台不接受则本单不变',
        body: AfterSaleIdBody,
        response: { 200: envelopeOf(AfterSaleOperationResult) },
      },
    },
    async (req) => {
      const r = await answerAfterSale(shops, requireCaller(req), req.body.id, { agree: true, operation: 'AGREE', by: '卖家' });
      return ok({ id: r.id, afterSaleNo: r.afterSaleNo, status: r.status });
    },
  );

  app.post(
    `${BASE}/orders/refuse`,
    {
      config: LIST,
      schema: {
        tags,
        summary: '拒绝退款（需填写原因，平台展示给买家）：平台退款中的售后单；平台不接受则本单不变',
        body: AfterSaleRefuseBody,
        response: { 200: envelopeOf(AfterSaleOperationResult) },
      },
    },
    async (req) => {
      const r = await answerAfterSale(shops, requireCaller(req), req.body.id, { agree: false, reason: req.body.reason, operation: 'REFUSE', by: '卖家' });
      return ok({ id: r.id, afterSaleNo: r.afterSaleNo, status: r.status });
    },
  );

  app.get(
    `${BASE}/orders/query/activeAutoSaleTag`,
    {
      config: { permission: 'user', audience: 'seller' },
      schema: { tags, summary: '是否有店铺开启了自动售后规则（页头标签）', response: { 200: envelopeOf(ActiveAutoSaleTag) } },
    },
    async (req) => ok(await activeAutoSaleTag(db, requireCaller(req))),
  );

  app.get(
    `${BASE}/autoRules`,
    { config: RULES, schema: { tags, summary: '自动售后设置：每个店铺的规则（未设置为全部关闭）', response: { 200: envelopeOf(AutoAfterSaleSettings) } } },
    async (req) => ok(await autoAfterSaleSettings(shops, requireCaller(req))),
  );

  app.post(
    `${BASE}/autoRules/save`,
    {
      config: RULES,
      schema: {
        tags,
        summary: '保存自动售后规则（同一规则保存到所选店铺）',
        body: AutoAfterSaleSaveBody,
        response: { 200: envelopeOf(z.object({ saved: z.number() })) },
      },
    },
    async (req) => ok(await saveAutoAfterSale(db, requireCaller(req), req.body)),
  );

  app.post(
    `${BASE}/autoLog/page`,
    {
      config: LOG,
      schema: {
        tags,
        summary: '自动售后日志：每个平台售后的处理结果与所用规则',
        body: AutoAfterSaleLogPageBody,
        response: { 200: envelopeOf(AutoAfterSaleLogPage) },
      },
    },
    async (req) => ok(await pageAutoLog(db, requireCaller(req), req.body)),
  );

  app.post(
    `${BASE}/autoLog/export`,
    { config: LOG, schema: { tags, summary: '导出自动售后日志（Excel，最多10万条）', body: AutoAfterSaleLogFilter } },
    async (req, reply) => {
      const pages = await exportAutoLog(db, requireCaller(req), req.body);
      return sendXlsxStream(reply, { fileName: '自动售后日志', sheetName: '自动售后日志', columns: AUTO_LOG_COLUMNS, pages, log: req.log });
    },
  );
}
