/** Health, the version file, configuration by host, page-view tracking and feedback. */
import {
  BRAND_NAMES,
  brandFromHost,
  DEFAULT_APP_VERSION,
  envelopeOf,
  FeedbackBody,
  PublishVersionBody,
  SystemConfig,
  TrackingBody,
  VersionFile,
} from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import { perAddressLimit } from '../../lib/rate-limit.js';
import type { RouteApp } from '../../lib/route-app.js';
import { optionalCaller, requireCaller } from '../../plugins/auth.js';
import * as repo from './system.repository.js';

const tags = ['system'];

/** Page views per address and minute: a whole office behind one address browsing briskly stays under it. */
export const TRACKING_PER_MINUTE = 300;

export async function systemRoutes(app: RouteApp, { db, config, database }: AppDeps) {
  const trackingLimit = perAddressLimit({ max: TRACKING_PER_MINUTE, windowMs: 60_000 });
  app.get('/api/health', { config: { permission: 'public' }, schema: { tags, summary: '健康检查' } }, async () => {
    await repo.ping(db);
    return ok({ status: 'ok', database: database.kind });
  });

  // The page fetches this on every navigation (with a timestamp query) and compares it with app_version.
  app.get('/version.json', { config: { permission: 'public' }, schema: { tags, summary: '版本文件', response: { 200: VersionFile } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return (await repo.latestVersion(db)) ?? { version: DEFAULT_APP_VERSION, desc: '' };
  });

  app.post(
    '/api/operator/version',
    {
      config: { audit: 'version.publish', permission: '/operator/version' },
      schema: { tags: ['operator'], summary: '发布新版本', body: PublishVersionBody, response: { 200: envelopeOf(VersionFile) } },
    },
    async (req) => {
      const body = req.body;
      await repo.insertVersion(db, body.version, body.desc);
      return ok(body);
    },
  );

  app.get(
    '/api/system/config',
    { config: { permission: 'public' }, schema: { tags, summary: '站点配置（按域名决定品牌）', response: { 200: envelopeOf(SystemConfig) } } },
    async (req) => {
      const brand = brandFromHost(req.hostname, config.brandHosts);
      return ok({
        brand,
        brandName: BRAND_NAMES[brand],
        customerService: { phone: process.env.SERVICE_PHONE ?? '400-800-2026', wechat: process.env.SERVICE_WECHAT ?? 'daifa_kefu', hours: '每天 9:00-21:00' },
        captchaDisabled: config.captchaDisabled,
      });
    },
  );

  app.post(
    '/api/system/tracking',
    // Public and writing: bounded in size (128 KB: room for a field's own too-long message) and rate (per address), so no client can fill the table.
    {
      config: { permission: 'public' },
      bodyLimit: 128 * 1024,
      onRequest: trackingLimit,
      schema: { tags, summary: '页面访问与活动上报', body: TrackingBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      const body = req.body;
      const caller = await optionalCaller(db, req);
      await repo.insertTracking(db, { ...body, orgId: caller?.orgId, userId: caller?.userId });
      return ok(null);
    },
  );

  app.post(
    '/api/feedback',
    { config: { permission: 'user' }, schema: { tags, summary: '意见反馈', body: FeedbackBody, response: { 200: envelopeOf(z.null()) } } },
    async (req) => {
      const c = requireCaller(req);
      await repo.insertFeedback(db, { ...req.body, orgId: c.orgId, userId: c.userId });
      return ok(null);
    },
  );
}
