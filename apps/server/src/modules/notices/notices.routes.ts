/**
 * SPEC.md section 7's notice calls (sellers and purchasers read) and the operator console's
 * announcement and popup calls (each declares its console page, so the operator roles grant it).
 */
import {
  AnnouncementPage,
  AnnouncementRow,
  AnnouncementSaveBody,
  brandFromHost,
  envelopeOf,
  GetPopupQuery,
  NoticeDetail,
  NoticeDetailQuery,
  NoticeIdParams,
  NoticeListBody,
  NoticeListResult,
  OperatorNoticePageBody,
  PopupPage,
  PopupRow,
  PopupSaveBody,
  PopupShown,
  ReadRecordBody,
} from '@dropship/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import * as service from './notices.service.js';

const tags = ['notices'];
const opTags = ['operator'];

export async function noticesRoutes(app: RouteApp, { db, config }: AppDeps) {
  // The site's brand variant decides announcements of audience 'one variant', as it decides the brand.
  const reader = (req: FastifyRequest) => service.readerOf(requireCaller(req), brandFromHost(req.hostname, config.brandHosts));

  app.post(
    '/api/notice/list',
    { config: { permission: 'user' }, schema: { tags, summary: '平台公告列表', body: NoticeListBody, response: { 200: envelopeOf(NoticeListResult) } } },
    async (req) => ok(await service.listNotices(db, reader(req), 'NOTICE', req.body)),
  );
  app.post(
    '/api/notice/system/list',
    { config: { permission: 'user' }, schema: { tags, summary: '系统公告列表', body: NoticeListBody, response: { 200: envelopeOf(NoticeListResult) } } },
    async (req) => ok(await service.listNotices(db, reader(req), 'SYSTEM', req.body)),
  );
  app.get(
    '/api/notice/detail',
    { config: { permission: 'user' }, schema: { tags, summary: '平台公告详情', querystring: NoticeDetailQuery, response: { 200: envelopeOf(NoticeDetail) } } },
    async (req) => ok(await service.noticeDetail(db, reader(req), 'NOTICE', req.query.id)),
  );
  app.get(
    '/api/notice/system/detail',
    { config: { permission: 'user' }, schema: { tags, summary: '系统公告详情', querystring: NoticeDetailQuery, response: { 200: envelopeOf(NoticeDetail) } } },
    async (req) => ok(await service.noticeDetail(db, reader(req), 'SYSTEM', req.query.id)),
  );
  app.post(
    '/api/notice/addReadRecord',
    { config: { permission: 'user' }, schema: { tags, summary: '记录公告已读 / 弹窗已展示', body: ReadRecordBody, response: { 200: envelopeOf(z.null()) } } },
    async (req) => {
      await service.addReadRecord(db, reader(req), req.body);
      return ok(null);
    },
  );
  app.get(
    '/api/popup/getPopup',
    { config: { permission: 'user' }, schema: { tags, summary: '当前页面的弹窗', querystring: GetPopupQuery, response: { 200: envelopeOf(PopupShown) } } },
    async (req) => ok(await service.popupFor(db, reader(req), req.query.page)),
  );

  const ANNOUNCEMENTS = '/operator/announcements';
  app.post(
    '/api/operator/announcements/page',
    {
      config: { audit: false, permission: ANNOUNCEMENTS },
      schema: { tags: opTags, summary: '运营：公告列表', body: OperatorNoticePageBody, response: { 200: envelopeOf(AnnouncementPage) } },
    },
    async (req) => ok(await service.pageAnnouncements(db, req.body)),
  );
  app.post(
    '/api/operator/announcements/save',
    {
      config: { audit: 'announcement.save', permission: ANNOUNCEMENTS },
      schema: { tags: opTags, summary: '运营：新建或编辑公告（正文在服务端净化）', body: AnnouncementSaveBody, response: { 200: envelopeOf(AnnouncementRow) } },
    },
    async (req) => ok(await service.saveAnnouncement(db, requireCaller(req).userId, req.body)),
  );
  app.post(
    '/api/operator/announcements/:id/delete',
    {
      config: { audit: 'announcement.delete', permission: ANNOUNCEMENTS },
      schema: { tags: opTags, summary: '运营：删除公告', params: NoticeIdParams, response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      await service.removeAnnouncement(db, req.params.id);
      return ok(null);
    },
  );

  const POPUPS = '/operator/popups';
  app.post(
    '/api/operator/popups/page',
    {
      config: { audit: false, permission: POPUPS },
      schema: { tags: opTags, summary: '运营：弹窗列表', body: NoticeListBody, response: { 200: envelopeOf(PopupPage) } },
    },
    async (req) => ok(await service.pagePopups(db, req.body)),
  );
  app.post(
    '/api/operator/popups/save',
    {
      config: { audit: 'popup.save', permission: POPUPS },
      schema: { tags: opTags, summary: '运营：新建或编辑弹窗', body: PopupSaveBody, response: { 200: envelopeOf(PopupRow) } },
    },
    async (req) => ok(await service.savePopup(db, requireCaller(req).userId, req.body)),
  );
  app.post(
    '/api/operator/popups/:id/delete',
    {
      config: { audit: 'popup.delete', permission: POPUPS },
      schema: { tags: opTags, summary: '运营：删除弹窗', params: NoticeIdParams, response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      await service.removePopup(db, req.params.id);
      return ok(null);
    },
  );
}
