/**
 * Builds the Fastify app. Plugin order matters and is spelled out: cookies before auth (auth
 * reads them), auth before any route (its onRoute hook checks every route declares a permission),
 * swagger before routes (it collects them), the web pages last as the not-found fallback.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { installErrorHandler } from './lib/error-handler.js';
import { zodValidatorCompiler } from './lib/validation.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { fundsRoutes } from './modules/funds/funds.routes.js';
import { labelsRoutes } from './modules/labels/labels.routes.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { shellRoutes } from './modules/shell/shell.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { authPlugin } from './plugins/auth.js';

export interface AppDeps {
  db: Db;
  database: Database;
  config: Config;
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp(deps: AppDeps, logger: FastifyServerOptions['logger'] = false): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: 1024 * 1024, trustProxy: process.env.TRUST_PROXY === '1', requestTimeout: 120_000 });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  await app.register(fastifyCookie);
  await app.register(authPlugin, { db: deps.db });
  await app.register(fastifySwagger, {
    openapi: { info: { title: '代发助手 API', version: '1.0.0', description: '所有接口返回 {errorCode, errorMsg, data}，errorCode 为 0 表示成功。' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(systemRoutes, deps);
  await app.register(authRoutes, deps);
  await app.register(shellRoutes, deps);
  await app.register(messagesRoutes, deps);
  await app.register(fundsRoutes, deps);
  // Label printing, templates, certificates, C-Lodop config; also GET /downloads/:file, which must precede the page fallback.
  await app.register(labelsRoutes, deps);

  registerWebPages(app, deps.config.webDist ?? defaultWebDist);
  return app;
}

/** The built single-page app: real files when they exist, index.html for every other page path. */
function registerWebPages(app: FastifyInstance, root: string) {
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) app.register(fastifyStatic, { root, serve: false });
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ errorCode: 404, errorMsg: '接口不存在', data: null });
    }
    if (!hasWeb) return reply.status(404).type('text/plain; charset=utf-8').send('页面尚未构建：请先运行 npm run build');
    let rel: string;
    try {
      rel = decodeURIComponent(url).replace(/^\/+/, '');
    } catch {
      rel = '';
    }
    const file = path.join(root, rel);
    if (rel && file.startsWith(root) && existsSync(file) && statSync(file).isFile()) {
      const immutable = rel.startsWith('assets/');
      return reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache').sendFile(rel);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
