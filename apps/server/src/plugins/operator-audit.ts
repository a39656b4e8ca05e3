/**
 * The operator audit log of console changes (decisions 0028, 0029). Every console call (a permission
 * whose page serves operators) declares `audit`: the action name its successful answers are logged
 * under, or false when it changes nothing or its service writes its own audit row inside its
 * transaction (the organisations console). A console POST that declares neither fails at start-up,
 * so a new change cannot slip past the log. The row holds who, the action, the organisation the call
 * names (orgId in the body or the path), and the body with secrets dropped and phones masked.
 */
import { AUDIT_ACTIONS, maskPhone } from '@dropship/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { audit } from '../modules/onboarding/index.js';
import { isConsolePermission } from './auth.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A console call's audit action, or false (reads, or a service that audits in its own transaction). */
    audit?: string | false;
  }
}

const SECRET = /pass(word)?|secret|token|captcha|sign$/i;
const PHONE = /phone|mobile/i;
const MAX_TEXT = 200;

/** The body as the log keeps it: no secrets, phones masked, long texts cut. */
export function auditSummary(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    if (PHONE.test(key)) return maskPhone(value);
    return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  }
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => auditSummary(v, key));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!SECRET.test(k)) out[k] = auditSummary(v, k);
    return out;
  }
  return value;
}

function targetOrgOf(req: FastifyRequest): number | null {
  for (const source of [req.body, req.params]) {
    const orgId = source && typeof source === 'object' ? (source as Record<string, unknown>).orgId : undefined;
    const n = Number(orgId);
    if (Number.isInteger(n) && n > 0) return n;
  }
  return null;
}

/** The envelope before it is serialized: read its code rather than the text it becomes. */
function answeredOk(payload: unknown): boolean {
  return typeof payload === 'object' && payload !== null && (payload as { errorCode?: unknown }).errorCode === 0;
}

export const operatorAuditPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    const changes = [route.method].flat().some((m) => m !== 'GET' && m !== 'HEAD');
    if (permission && isConsolePermission(permission) && changes && route.config?.audit === undefined) {
      throw new Error(`console route ${route.method} ${route.url} declares no audit action (or audit: false)`);
    }
    const action = route.config?.audit;
    if (typeof action === 'string' && !(action in AUDIT_ACTIONS)) {
      throw new Error(`route ${route.method} ${route.url} audits as ${action}, which AUDIT_ACTIONS does not name in Chinese`);
    }
  });
  app.addHook('preSerialization', async (req, reply, payload: unknown) => {
    const action = req.routeOptions.config?.audit;
    if (!action || !req.caller || reply.statusCode !== 200 || !answeredOk(payload)) return payload;
    // A hook sees every route's request, so its params and body are unknown here: only objects are spread.
    const fields = (v: unknown) => (v !== null && typeof v === 'object' ? v : {});
    const summary = auditSummary({ ...fields(req.params), ...fields(req.body) }) as Record<string, unknown>;
    await audit(opts.db, { userId: req.caller.userId, orgId: req.caller.orgId, ip: req.ip }, action, targetOrgOf(req), summary);
    return payload;
  });
});
