/**
 * The seller's decrypt audit log (解密记录, on the shop authorization page /basicSet/shopAuthorization):
 * the list and its Excel export. Rows are the caller's organisation's only.
 */
import {
  DECRYPT_OUTCOME_NAMES,
  DECRYPT_SCENE_NAMES,
  envelopeOf,
  ReceiverDecryptFilter,
  ReceiverDecryptPage,
  ReceiverDecryptQuery,
  type ReceiverDecryptRow,
} from '@dropship/contract';
import fp from 'fastify-plugin';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import { beijingTime, sendXlsxStream, type XlsxColumn } from '../../lib/excel/index.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { exportReceiverDecrypts, pageReceiverDecrypts } from './receiver-decrypts.service.js';

const tags = ['shops'];
const perm = { permission: '/basicSet/shopAuthorization' } as const;

const COLUMNS: XlsxColumn<ReceiverDecryptRow>[] = [
  { header: '解密时间', width: 20, value: (r) => beijingTime(r.createdAt) },
  { header: '店铺', width: 20, value: (r) => r.shopName },
  { header: '代发订单号', width: 22, value: (r) => r.orderNo },
  { header: '平台订单号', width: 24, value: (r) => r.platformOrderId },
  { header: '仓库', width: 18, value: (r) => r.purchaserName },
  { header: '操作人', value: (r) => r.userName },
  { header: '用途', value: (r) => DECRYPT_SCENE_NAMES[r.scene] ?? r.scene },
  { header: '结果', value: (r) => DECRYPT_OUTCOME_NAMES[r.outcome] ?? r.outcome },
  { header: '平台代码', value: (r) => r.platformCode },
  { header: '说明', width: 40, value: (r) => r.message },
];

export const receiverDecryptsRoutes = fp(async (app: RouteApp, { db }: AppDeps) => {
  app.get(
    '/api/b2/shops/decrypts',
    {
      config: perm,
      schema: {
        tags,
        summary: '解密记录：平台订单收货人的每次解密（谁、哪单、用途、结果）',
        querystring: ReceiverDecryptQuery,
        response: { 200: envelopeOf(ReceiverDecryptPage) },
      },
    },
    async (req) => ok(await pageReceiverDecrypts(db, requireCaller(req).orgId, req.query)),
  );

  app.post(
    '/api/b2/shops/decrypts/export',
    { config: perm, schema: { tags, summary: '导出解密记录（Excel，最多5万条）', body: ReceiverDecryptFilter } },
    async (req, reply) =>
      sendXlsxStream(reply, {
        fileName: '解密记录',
        sheetName: '解密记录',
        columns: COLUMNS,
        pages: exportReceiverDecrypts(db, requireCaller(req).orgId, req.body),
        log: req.log,
      }),
  );
});
