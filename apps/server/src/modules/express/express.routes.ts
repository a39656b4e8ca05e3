/** Express calls: the company lists, the fee of a parcel, the rules page, and the operator's settings. */
import {
  ExpressCompany,
  ExpressFeeBody,
  ExpressFeeRow,
  ExpressRulesResult,
  ExpressRulesSaveBody,
  ExpressSettings,
  ExpressSettingsBody,
  envelopeOf,
  PlaceExpressOption,
} from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import { sendXlsxStream } from '../../lib/excel/index.js';
import type { RouteApp } from '../../lib/route-app.js';
import { ruleColumns } from './express.excel.js';
import * as service from './express.service.js';

const tags = ['express'];
const PLACE = { permission: '/order/placeOrder' } as const;

export async function expressRoutes(app: RouteApp, { db }: AppDeps) {
  app.get(
    '/api/b2/post/orders/express',
    { config: PLACE, schema: { tags, summary: '代发下单可选的快递（含默认首重价格）', response: { 200: envelopeOf(z.array(PlaceExpressOption)) } } },
    async () => ok(await service.placeExpressOptions(db)),
  );

  // Any signed-in page may name express companies (filters, order details): platform data, no tenant.
  app.get(
    '/api/b2/orders/express',
    { config: { permission: 'user' }, schema: { tags, summary: '启用中的快递公司', response: { 200: envelopeOf(z.array(ExpressCompany)) } } },
    async () => ok(await service.listExpress(db, true)),
  );

  app.get(
    '/api/b2/orders/expressAll',
    {
      config: { permission: 'user' },
      schema: { tags, summary: '全部快递公司（含已停用，显示历史订单用）', response: { 200: envelopeOf(z.array(ExpressCompany)) } },
    },
    async () => ok(await service.listExpress(db, false)),
  );

  app.post(
    '/api/b2/post/orders/express/fee/v2',
    {
      config: PLACE,
      schema: { tags, summary: '按收货省份和件数计算各快递运费（分）', body: ExpressFeeBody, response: { 200: envelopeOf(z.array(ExpressFeeRow)) } },
    },
    async (req) => ok(await service.expressFees(db, req.body)),
  );

  app.get(
    '/api/b2/express/rules',
    {
      config: { permission: '/order/expressList' },
      schema: { tags, summary: '快递列表：启用的快递公司及运费规则（只读）', response: { 200: envelopeOf(ExpressRulesResult) } },
    },
    async () => ok(await service.expressRules(db, true)),
  );

  app.get(
    '/api/b2/express/rules/export',
    { config: { permission: '/order/expressList' }, schema: { tags, summary: '导出快递运费规则（Excel）' } },
    async (req, reply) => {
      const { companies, settings } = await service.expressRules(db, true);
      const rows = companies.flatMap((c) => c.rules.map((r) => ({ ...r, name: c.name })));
      return sendXlsxStream(reply, {
        fileName: '快递运费规则',
        sheetName: '运费规则',
        columns: ruleColumns(settings),
        pages: (async function* () {
          yield rows;
        })(),
        log: req.log,
      });
    },
  );

  app.get(
    '/api/operator/express/rules',
    {
      config: { permission: '/operator/expressRules' },
      schema: { tags: ['operator'], summary: '运营：全部快递公司及运费规则', response: { 200: envelopeOf(ExpressRulesResult) } },
    },
    async () => ok(await service.expressRules(db, false)),
  );

  app.post(
    '/api/operator/express/rules/save',
    {
      config: { audit: 'express.rules.save', permission: '/operator/expressRules' },
      schema: {
        tags: ['operator'],
        summary: '运营：保存一家快递公司及其全部运费规则（整体替换）',
        body: ExpressRulesSaveBody,
        response: { 200: envelopeOf(ExpressRulesResult) },
      },
    },
    async (req) => ok(await service.saveExpressRules(db, req.body)),
  );

  app.get(
    '/api/operator/express/settings',
    {
      config: { permission: '/operator/servicePrices' },
      schema: { tags: ['operator'], summary: '运营：当前每件服务费与每件计重', response: { 200: envelopeOf(ExpressSettings) } },
    },
    async () => ok(await service.expressSettings(db)),
  );

  app.post(
    '/api/operator/express/settings',
    {
      config: { audit: 'express.settings.save', permission: '/operator/servicePrices' },
      schema: { tags: ['operator'], summary: '运营：每件服务费与每件计重', body: ExpressSettingsBody, response: { 200: envelopeOf(ExpressSettings) } },
    },
    async (req) => ok(await service.saveExpressSettings(db, req.body)),
  );
}
