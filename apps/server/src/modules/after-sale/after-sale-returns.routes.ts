/**
 * After-sale return calls (decision 0026, "Returns"). Purchaser: 验货 and the confirmations the return
 * statuses wait for, under /api/b2/purchaser/offlineReturn/afterSale (the return pages' permissions,
 * gated like them by manual delivery). Seller: the decision on a stall's refusal. Anyone signed in:
 * the operator's return service fee (SPEC.md section 7's getReturnServiceFeeInfo). The photo uploads
 * of both sides (验货图片, 售后图片) store into problem-parcel's photo store (decision 0026, "After-sale photos").
 */
import {
  AfterSaleConfirmBody,
  AfterSaleDecideBody,
  AfterSaleInspectBody,
  AfterSalePhotoUploadBody,
  AfterSaleReturnResult,
  envelopeOf,
  ParcelPhotoUploaded,
  ReturnServiceFeeInfo,
} from '@dropship/contract';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { manualDeliveryGate } from '../goods/index.js';
import { uploadOwnPhoto } from '../problem-parcel/index.js';
import { confirmAfterSaleReturn, decideRefusal, inspectAfterSale, returnServiceFeeInfo } from './after-sale-returns.service.js';

const tags = ['after-sales'];
const PURCHASER = '/api/b2/purchaser/offlineReturn/afterSale';
/** A 2 MB image as base64 with room for the JSON around it (as the parcel photos' upload). */
const PHOTO_BODY_LIMIT = 3_200_000;
const PHOTO_SUMMARY = '（JPG/PNG/WebP，base64，每张≤2MB；返回的地址填入 photos）';

export async function afterSaleReturnRoutes(app: RouteApp, { db, config }: AppDeps) {
  const purchaser = (permission: `/${string}`) => ({
    config: { permission, audience: 'purchaser' as const },
    onRequest: manualDeliveryGate(db, config, permission),
  });

  app.post(
    `${PURCHASER}/inspect`,
    {
      ...purchaser('/offlineReturnOrder/returnRegistration'),
      schema: {
        tags,
        summary: '售后退货验货：合格进入退货入库分配（待退档口），次品/错发/少件转问题件',
        body: AfterSaleInspectBody,
        response: { 200: envelopeOf(AfterSaleReturnResult) },
      },
    },
    async (req) => ok(await inspectAfterSale(db, requireCaller(req), req.body)),
  );

  app.post(
    `${PURCHASER}/photo/upload`,
    {
      ...purchaser('/offlineReturnOrder/returnRegistration'),
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: { tags, summary: `上传验货图片${PHOTO_SUMMARY}`, body: AfterSalePhotoUploadBody, response: { 200: envelopeOf(ParcelPhotoUploaded) } },
    },
    async (req) => ok(await uploadOwnPhoto(db, requireCaller(req), req.body.image)),
  );

  app.post(
    '/api/b2/aftersale/orders/photo/upload',
    {
      config: { permission: '/afterSale/afterSaleList', audience: 'seller' },
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: { tags, summary: `上传售后图片${PHOTO_SUMMARY}`, body: AfterSalePhotoUploadBody, response: { 200: envelopeOf(ParcelPhotoUploaded) } },
    },
    async (req) => ok(await uploadOwnPhoto(db, requireCaller(req), req.body.image)),
  );

  app.post(
    `${PURCHASER}/confirm`,
    {
      ...purchaser('/offlineReturnOrder/offlineReturnOrderList'),
      schema: {
        tags,
        summary: '采购商确认：档口同意协商退款、档口已付协商退款，或重新退档口',
        body: AfterSaleConfirmBody,
        response: { 200: envelopeOf(AfterSaleReturnResult) },
      },
    },
    async (req) => ok(await confirmAfterSaleReturn(db, requireCaller(req), req.body)),
  );

  app.post(
    '/api/b2/aftersale/orders/decide',
    {
      config: { permission: '/afterSale/afterSaleList', audience: 'seller' },
      schema: {
        tags,
        summary: '档口拒退后卖家处理：接受拒退、协商退款（填写金额）或重新退档口',
        body: AfterSaleDecideBody,
        response: { 200: envelopeOf(AfterSaleReturnResult) },
      },
    },
    async (req) => ok(await decideRefusal(db, requireCaller(req), req.body)),
  );

  app.post(
    '/api/home/getReturnServiceFeeInfo',
    {
      config: { permission: 'user' },
      schema: { tags, summary: '退货服务费：运营方定价的每个售后商品行退档口服务费（分）及包含的服务', response: { 200: envelopeOf(ReturnServiceFeeInfo) } },
    },
    async () => ok(returnServiceFeeInfo()),
  );
}
