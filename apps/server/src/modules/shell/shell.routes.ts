/** The calls of SPEC.md section 7 group "Shell", and the counts behind the menu badges. */
import { CountResult, envelopeOf, GuideDismissBody, IdBody, PermissionNodeSchema, RedBookVerifyResult, ShopAuthPopupRow } from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { verifyRedBookShop } from '../shops/index.js';
import { markGuideDone } from '../system/index.js';
import * as repo from './shell.repository.js';
import * as service from './shell.service.js';

const tags = ['shell'];
/** Bodiless POSTs arrive as null (no payload) or undefined: both mean "no filters". */
const Empty = z.object({}).passthrough().nullish();

export async function shellRoutes(app: RouteApp, { db }: AppDeps) {
  app.post(
    '/api/home/replenish/waitingPayment/statistics',
    { config: { permission: 'user' }, schema: { tags, summary: '待付款补款数', body: Empty, response: { 200: envelopeOf(CountResult) } } },
    async (req) => ok({ count: await repo.countWaitingReplenish(db, requireCaller(req).orgId) }),
  );

  app.get(
    '/api/b2/afterSales/post/problemGood/nearTime/num',
    { config: { permission: 'user' }, schema: { tags, summary: '临近处理期限的问题件数', response: { 200: envelopeOf(CountResult) } } },
    async (req) => ok({ count: await repo.countProblemsNearDeadline(db, requireCaller(req).orgId, service.PROBLEM_NEAR_DEADLINE_MS) }),
  );

  app.get(
    '/api/b2/purchaser/area/needPlatformSettingPopup',
    { config: { permission: 'user' }, schema: { tags, summary: '是否需要平台设置迁移提示', response: { 200: envelopeOf(z.boolean()) } } },
    async (req) => ok(await service.needPlatformSettingPopup(db, requireCaller(req))),
  );

  app.post(
    '/api/guides/done',
    { config: { permission: 'user' }, schema: { tags, summary: '引导已读', body: GuideDismissBody, response: { 200: envelopeOf(z.null()) } } },
    async (req) => {
      await markGuideDone(db, requireCaller(req).userId, req.body.key);
      return ok(null);
    },
  );

  app.post(
    '/api/b2/takePopup/getShopAuthPopup',
    { config: { permission: 'user' }, schema: { tags, summary: '店铺授权到期提醒', body: Empty, response: { 200: envelopeOf(z.array(ShopAuthPopupRow)) } } },
    async (req) => ok(await service.shopAuthPopup(db, requireCaller(req))),
  );

  app.post(
    '/api/b2/takePopup/markNotShopPopup',
    { config: { permission: 'user' }, schema: { tags, summary: '店铺不再提醒', body: IdBody, response: { 200: envelopeOf(z.null()) } } },
    async (req) => {
      await service.markNotShopPopup(db, requireCaller(req), req.body.id);
      return ok(null);
    },
  );

  app.post(
    '/api/b2/shop/redBook/verify',
    { config: { permission: 'user' }, schema: { tags, summary: '小红书店铺校验', body: IdBody, response: { 200: envelopeOf(RedBookVerifyResult) } } },
    // Answered by the platform through the RedBook client (shops module); app.channels is registered after the shell.
    async (req) => ok(await verifyRedBookShop({ db, channels: app.channels, jobs: app.jobs }, requireCaller(req), req.body.id)),
  );

  app.get(
    '/api/b2/order/manual/delivery/permission',
    { config: { permission: 'user' }, schema: { tags, summary: '手动发货权限', response: { 200: envelopeOf(z.enum(['0', '1'])) } } },
    async (req) => ok((await repo.manualDeliveryPermission(db, requireCaller(req).userId)) === '0' ? '0' : '1'),
  );

  app.get(
    '/api/b2/purchaser/user/permissions',
    { config: { permission: 'account' }, schema: { tags, summary: '当前用户的菜单权限', response: { 200: envelopeOf(z.array(PermissionNodeSchema)) } } },
    async (req) => ok(await service.permissionsOf(db, requireCaller(req))),
  );

  app.get(
    '/api/b2/goods/supplier/exists',
    { config: { permission: 'user' }, schema: { tags, summary: '是否已有供应商', response: { 200: envelopeOf(z.boolean()) } } },
    async (req) => ok(await repo.supplierExists(db, requireCaller(req).orgId)),
  );
}
