/**
 * Headless parcel calls (无头件, decision 0027). Seller (page /afterSale/headlessList): the pool, claims
 * with proof, proposals, my claims. Purchaser (page /offlineReturnOrder/headlessParcels, gated like
 * the return desk): its parcels, their claims and timeline, confirm / refuse, goods; parcel photos
 * for any parcel it holds. The intake itself runs in 退货登记 (offline's unmatchedParcelRegistered).
 */
import {
  envelopeOf,
  HeadlessClaimBody,
  HeadlessClaimIdBody,
  HeadlessClaimPage,
  HeadlessClaimQuery,
  HeadlessClaimResult,
  HeadlessClaimRow,
  HeadlessPoolPage,
  HeadlessPoolQuery,
  HeadlessProposalList,
  HeadlessRefuseBody,
  HeadlessUpdateBody,
  id,
  ParcelPhotoUploadBody,
  ParcelPhotoUploaded,
  PurchaserHeadlessDetail,
  PurchaserHeadlessPage,
  PurchaserHeadlessQuery,
} from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import { type RouteApp, rawReply } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { manualDeliveryGate } from '../goods/index.js';
import { expireUnclaimed, HEADLESS_DEADLINE_INTERVAL_MS, HEADLESS_DEADLINE_JOB } from './deadline.service.js';
import { useHeadlessClaimDays } from './intake.service.js';
import { readPhoto, uploadPhoto } from './photos.service.js';
import * as pool from './pool.service.js';
import * as warehouse from './warehouse.service.js';

const tags = ['headless-parcels'];
const SELLER = { config: { permission: '/afterSale/headlessList' as const } };
const PURCHASER_PAGE = '/offlineReturnOrder/headlessParcels' as const;
/** A photo of 2 MB as base64 is ~2.8 MB of JSON. */
const PHOTO_BODY_LIMIT = 3_200_000;

export async function headlessParcelRoutes(app: RouteApp, { db, config }: AppDeps) {
  useHeadlessClaimDays(config.headlessClaimDays);
  const PURCHASER = { config: { permission: PURCHASER_PAGE }, onRequest: manualDeliveryGate(db, config, PURCHASER_PAGE) };

  app.jobs.register(HEADLESS_DEADLINE_JOB, z.object({}).passthrough(), async () => {
    const n = await expireUnclaimed(db);
    if (n > 0) app.log.info({ n }, '无头件超过认领期限，已转为丢弃');
  });
  app.addHook('onReady', async () => {
    await app.jobs.schedule(HEADLESS_DEADLINE_JOB, HEADLESS_DEADLINE_JOB, HEADLESS_DEADLINE_INTERVAL_MS, { firstInMs: 150_000 });
  });

  app.post(
    '/api/b2/headlessParcels/pool/page',
    {
      ...SELLER,
      schema: {
        tags,
        summary: '无头件池（服务我的仓库登记、待认领的包裹；不含任何收寄件人信息）',
        body: HeadlessPoolQuery,
        response: { 200: envelopeOf(HeadlessPoolPage) },
      },
    },
    async (req) => ok(await pool.pagePool(db, requireCaller(req), req.body)),
  );
  app.post(
    '/api/b2/headlessParcels/claim',
    {
      ...SELLER,
      schema: {
        tags,
        summary: '认领无头件（凭证：订单号或售后单号、买家手机尾号、商品说明）',
        body: HeadlessClaimBody,
        response: { 200: envelopeOf(HeadlessClaimRow) },
      },
    },
    async (req) => ok(await pool.claimParcel(db, requireCaller(req), req.body)),
  );
  app.post(
    '/api/b2/headlessParcels/claims/page',
    { ...SELLER, schema: { tags, summary: '我的认领', body: HeadlessClaimQuery, response: { 200: envelopeOf(HeadlessClaimPage) } } },
    async (req) => ok(await pool.myClaims(db, requireCaller(req), req.body)),
  );
  app.post(
    '/api/b2/headlessParcels/proposals',
    { ...SELLER, schema: { tags, summary: '可能是您的包裹（系统匹配推荐）', response: { 200: envelopeOf(HeadlessProposalList) } } },
    async (req) => ok(await pool.myProposals(db, requireCaller(req))),
  );
  app.post(
    '/api/b2/headlessParcels/proposal/confirm',
    {
      ...SELLER,
      schema: { tags, summary: '确认系统推荐：提交认领，等待仓库确认', body: HeadlessClaimIdBody, response: { 200: envelopeOf(HeadlessClaimRow) } },
    },
    async (req) => ok(await pool.confirmProposal(db, requireCaller(req), req.body.claimId)),
  );

  app.post(
    '/api/b2/purchaser/headlessParcels/page',
    { ...PURCHASER, schema: { tags, summary: '仓库的无头件列表', body: PurchaserHeadlessQuery, response: { 200: envelopeOf(PurchaserHeadlessPage) } } },
    async (req) => ok(await warehouse.pagePurchaser(db, requireCaller(req), req.body)),
  );
  app.get(
    '/api/b2/purchaser/headlessParcels/:id/claims',
    {
      ...PURCHASER,
      schema: { tags, summary: '无头件的认领和操作记录', params: z.object({ id: id('无头件') }), response: { 200: envelopeOf(PurchaserHeadlessDetail) } },
    },
    async (req) => ok(await warehouse.purchaserDetail(db, requireCaller(req), req.params.id)),
  );
  app.post(
    '/api/b2/purchaser/headlessParcels/update',
    {
      ...PURCHASER,
      schema: { tags, summary: '修改待认领无头件的商品和备注', body: HeadlessUpdateBody, response: { 200: envelopeOf(z.object({ id: z.number() })) } },
    },
    async (req) => ok(await warehouse.updateParcelGoods(db, requireCaller(req), req.body)),
  );
  app.post(
    '/api/b2/purchaser/headlessParcels/claim/confirm',
    { ...PURCHASER, schema: { tags, summary: '确认认领（其余认领自动拒绝）', body: HeadlessClaimIdBody, response: { 200: envelopeOf(HeadlessClaimResult) } } },
    async (req) => ok(await warehouse.confirmClaim(db, requireCaller(req), req.body.claimId)),
  );
  app.post(
    '/api/b2/purchaser/headlessParcels/claim/refuse',
    { ...PURCHASER, schema: { tags, summary: '拒绝认领（包裹留在无头件池）', body: HeadlessRefuseBody, response: { 200: envelopeOf(HeadlessClaimResult) } } },
    async (req) => ok(await warehouse.refuseClaim(db, requireCaller(req), req.body.claimId, req.body.reason)),
  );

  app.post(
    '/api/b2/parcels/photo/upload',
    {
      ...PURCHASER,
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: {
        tags,
        summary: '上传包裹照片（JPG/PNG/WebP，base64，每张≤2MB，每个包裹≤9张）',
        body: ParcelPhotoUploadBody,
        response: { 200: envelopeOf(ParcelPhotoUploaded) },
      },
    },
    async (req) => ok(await uploadPhoto(db, requireCaller(req), req.body)),
  );
  app.get(
    '/api/b2/parcels/photo/:id',
    {
      config: { permission: 'user' },
      schema: { tags, summary: '包裹照片（仅持有包裹的仓库、包裹所属卖家或待认领时该仓库服务的卖家可看）', params: z.object({ id: id('照片') }) },
    },
    async (req, reply) => {
      const ph = await readPhoto(db, requireCaller(req), req.params.id);
      return rawReply(reply)
        .header('content-type', ph.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(ph.bytes);
    },
  );
}
