/**
 * Label printing: render (PDF, SVG, C-Lodop steps), pick-up tag templates, custom certificates,
 * the print service configuration and the C-Lodop installers.
 */
import {
  brandFromHost,
  CertificatePageBody,
  CertificatePageResult,
  CertificateRow,
  CertificateSaveBody,
  DefaultTagTemplate,
  ErrorCode,
  envelopeOf,
  IdBody,
  id,
  PrintServiceConfig,
  SavedId,
  TagTemplateRow,
  TagTemplateSaveBody,
} from '@dropship/contract';
import { labelRenderRequestSchema } from '@dropship/labels';
import type { FastifySchemaCompiler } from 'fastify';
import { type ZodType, z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { type RouteApp, rawReply } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import * as certificates from './certificates.service.js';
import { findInstaller, missingInstallerHtml, printServiceConfig, unknownDownloadHtml } from './print-service.js';
import { renderForCaller, withHostBrand } from './render.service.js';
import { describeLabelIssue } from './render-messages.js';
import * as templates from './tag-templates.service.js';

const tags = ['labels'];
const TEMPLATES = '/tagEditorFabric';
const CERTIFICATES = '/basicSet/customCertificate';
const IdQuery = z.object({ id: id('编号') });

/** The package's schema has no Chinese field names; the message is built from the issue's path. */
const renderValidator: FastifySchemaCompiler<unknown> =
  ({ schema }) =>
  (data) => {
    const result = (schema as ZodType).safeParse(data);
    if (result.success) return { value: result.data };
    const first = result.error.issues[0];
    return { error: new AppError(ErrorCode.BAD_REQUEST, first ? describeLabelIssue(first, data) : '输入的数据不合法!') };
  };

const LodopResult = z.object({ steps: z.array(z.object({ fn: z.string(), args: z.array(z.union([z.string(), z.number()])) })), pages: z.number() });

export async function labelsRoutes(app: RouteApp, { db, config }: AppDeps) {
  app.post(
    '/api/labels/render',
    {
      config: { permission: 'user' },
      schema: {
        tags,
        summary: '生成标签（pdf 返回 PDF 文件，svg 返回 SVG，lodop 返回 {steps, pages}）',
        body: labelRenderRequestSchema,
        response: { 200: envelopeOf(LodopResult) },
      },
      validatorCompiler: renderValidator,
      preValidation: async (req) => {
        req.body = withHostBrand(req.body, brandFromHost(req.hostname, config.brandHosts));
      },
    },
    async (req, reply) => {
      const body = req.body;
      const out = await renderForCaller(db, requireCaller(req), body);
      if (out.contentType === 'application/json') return ok({ steps: out.body, pages: out.pages });
      const raw = rawReply(reply).header('x-label-pages', String(out.pages)).header('cache-control', 'no-store');
      if (out.contentType === 'application/pdf') {
        return raw.type('application/pdf').header('content-disposition', `inline; filename="labels-${body.kind}.pdf"`).send(out.body);
      }
      return raw.type('image/svg+xml; charset=utf-8').send(out.body);
    },
  );

  app.get(
    '/api/labels/tagTemplate/list',
    { config: { permission: TEMPLATES }, schema: { tags, summary: '拿货标签模板列表', response: { 200: envelopeOf(z.array(TagTemplateRow)) } } },
    async (req) => ok(await templates.listTagTemplates(db, requireCaller(req))),
  );

  app.post(
    '/api/labels/tagTemplate/save',
    { config: { permission: TEMPLATES }, schema: { tags, summary: '保存拿货标签模板', body: TagTemplateSaveBody, response: { 200: envelopeOf(SavedId) } } },
    async (req) => ok(await templates.saveTagTemplate(db, requireCaller(req), req.body)),
  );

  app.post(
    '/api/labels/tagTemplate/remove',
    { config: { permission: TEMPLATES }, schema: { tags, summary: '删除拿货标签模板', body: IdBody, response: { 200: envelopeOf(z.null()) } } },
    async (req) => {
      await templates.removeTagTemplate(db, requireCaller(req), req.body.id);
      return ok(null);
    },
  );

  app.get(
    '/api/labels/tagTemplate/default',
    { config: { permission: TEMPLATES }, schema: { tags, summary: '默认拿货标签模板', response: { 200: envelopeOf(DefaultTagTemplate) } } },
    async (req) => ok(await templates.defaultTagTemplate(db, requireCaller(req))),
  );

  app.post(
    '/api/labels/certificate/page',
    {
      config: { permission: CERTIFICATES },
      schema: { tags, summary: '合格证列表', body: CertificatePageBody, response: { 200: envelopeOf(CertificatePageResult) } },
    },
    async (req) => ok(await certificates.pageCertificates(db, requireCaller(req), req.body)),
  );

  app.get(
    '/api/labels/certificate/detail',
    { config: { permission: CERTIFICATES }, schema: { tags, summary: '合格证详情', querystring: IdQuery, response: { 200: envelopeOf(CertificateRow) } } },
    async (req) => ok(await certificates.certificateDetail(db, requireCaller(req), req.query.id)),
  );

  app.post(
    '/api/labels/certificate/save',
    { config: { permission: CERTIFICATES }, schema: { tags, summary: '保存合格证', body: CertificateSaveBody, response: { 200: envelopeOf(SavedId) } } },
    async (req) => ok(await certificates.saveCertificate(db, requireCaller(req), req.body)),
  );

  app.post(
    '/api/labels/certificate/remove',
    { config: { permission: CERTIFICATES }, schema: { tags, summary: '删除合格证', body: IdBody, response: { 200: envelopeOf(z.null()) } } },
    async (req) => {
      await certificates.removeCertificate(db, requireCaller(req), req.body.id);
      return ok(null);
    },
  );

  app.get(
    '/api/labels/printService/config',
    { config: { permission: 'user' }, schema: { tags, summary: '本地打印服务（C-Lodop）配置', response: { 200: envelopeOf(PrintServiceConfig) } } },
    async () => ok(printServiceConfig(config)),
  );

  app.get(
    '/downloads/:file',
    {
      config: { permission: 'public' },
      schema: { tags, summary: 'C-Lodop 安装程序（管理员放置后才可下载）', params: z.object({ file: z.string().max(200) }) },
    },
    async (req, reply) => {
      const name = req.params.file;
      const found = await findInstaller(config, name);
      if (found.kind === 'file') {
        return reply
          .type('application/octet-stream')
          .header('content-length', String(found.size))
          .header('content-disposition', `attachment; filename="${found.name}"`)
          .send(found.stream);
      }
      const html = found.kind === 'missing' ? missingInstallerHtml(name, found.dir) : unknownDownloadHtml();
      return reply.status(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  );
}
