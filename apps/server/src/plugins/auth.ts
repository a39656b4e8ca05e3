/**
 * Who is calling, and may they: every route declares `config.permission` (default deny: a route
 * without one makes the server refuse to start). Sessions come from X-TOKEN/X-USER-ID or the
 * user_hash/user_id cookies; state-changing calls must carry the anti-forgery signature.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ErrorCode, findRoute, HEADERS, type OrgType, PURCHASE_SOURCE, SIGN_MAX_SKEW_MS } from '@dropship/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { AppError } from '../lib/app-error.js';
import { permissionCodesOfUser, recordDenial } from '../modules/account-permission/index.js';
import { findSessionByToken } from '../modules/auth/index.js';

/**
 * 'public': no sign-in; 'account': any signed-in account, operators too (who am I, sign out);
 * 'user': any signed-in seller or purchaser (never an operator: the console has its own calls);
 * 'operator': any platform operator; else a route path whose code sub-accounts need (an operator
 * console route for the console's calls, so the operator roles grant them).
 */
export type Permission = 'public' | 'account' | 'user' | 'operator' | `/${string}`;

export interface Caller {
  userId: number;
  orgId: number;
  orgType: OrgType;
  isMain: boolean;
  sessionId: number;
  /** Set on a support session: the operator's user id (decision 0028). */
  supportOperatorId?: number | null;
}

/** Which kind of organisation a call serves, when its page (route-table audience) serves both kinds. */
export type CallAudience = 'seller' | 'purchaser';

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
    /** Narrows a permission to one kind of caller; the other kind is refused (10001 / 403), never answered empty. */
    audience?: CallAudience;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    /** Every route's declared permission, by "METHOD url" (the OpenAPI-wide test reads who may call what). */
    routePermissions: Map<string, { permission: Permission; audience?: CallAudience }>;
  }
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The anti-forgery signature: SHA-256 of "token:timestamp" (the page computes the same). */
export const expectedSign = (token: string, timestamp: string) => sha256(`${token}:${timestamp}`);

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function verifySign(req: FastifyRequest, token: string) {
  const ts = header(req, HEADERS.timestamp);
  const sign = header(req, HEADERS.sign);
  if (!ts || !sign || !/^\d{10,16}$/.test(ts)) throw new AppError(ErrorCode.BAD_SIGNATURE);
  if (Math.abs(Date.now() - Number(ts)) > SIGN_MAX_SKEW_MS) throw new AppError(ErrorCode.BAD_SIGNATURE, '请求已过期，请检查电脑时间后刷新页面重试');
  const want = Buffer.from(expectedSign(token, ts));
  const got = Buffer.from(sign.toLowerCase());
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw new AppError(ErrorCode.BAD_SIGNATURE);
}

export function requireCaller(req: FastifyRequest): Caller {
  if (!req.caller) throw new AppError(ErrorCode.SESSION_INVALID, undefined, 401);
  return req.caller;
}

async function authenticate(db: Db, req: FastifyRequest): Promise<Caller> {
  const token = header(req, HEADERS.token) || req.cookies.user_hash;
  const claimedUserId = header(req, HEADERS.userId) || req.cookies.user_id;
  if (!token || token.length > 200) throw new AppError(ErrorCode.SESSION_INVALID, undefined, 401);
  const session = await findSessionByToken(db, sha256(token));
  if (!session || (claimedUserId && String(session.userId) !== claimedUserId)) {
    throw new AppError(ErrorCode.SESSION_INVALID, undefined, 401);
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') verifySign(req, token);
  return {
    userId: session.userId,
    orgId: session.orgId,
    orgType: session.orgType as OrgType,
    isMain: session.isMain,
    sessionId: session.id,
    supportOperatorId: session.supportOperatorId,
  };
}

/** For calls open to everyone that still record who called when a valid session is present. */
export async function optionalCaller(db: Db, req: FastifyRequest): Promise<Caller | null> {
  if (!header(req, HEADERS.token) && !req.cookies.user_hash) return null;
  return authenticate(db, req).catch(() => null);
}

/**
 * A caller of the wrong kind: a call narrowed to purchasers tells anyone else to sign in as one
 * (10001, SPEC.md section 8); every other refusal is 403, as a page's audience always answered.
 */
function wrongKind(narrowed: CallAudience | undefined): AppError {
  if (narrowed === 'purchaser') return new AppError(ErrorCode.PURCHASER_REQUIRED);
  return new AppError(ErrorCode.FORBIDDEN, undefined, 403);
}

const OPERATORS_ONLY = '仅平台运营账号可以使用此功能';
const NOT_FOR_OPERATORS = '运营账号不能使用卖家或采购商的功能，请在运营后台操作';

/** Whether a permission guards an operator console call (refusals of these are audited). */
export function isConsolePermission(permission: Permission) {
  if (permission === 'operator') return true;
  return permission.startsWith('/') && (findRoute(permission)?.audience.includes('operator') ?? false);
}

async function authorize(db: Db, caller: Caller, permission: Permission, narrowed?: CallAudience) {
  if (permission === 'account') return;
  if (permission === 'operator') {
    if (caller.orgType !== 'operator') throw new AppError(ErrorCode.FORBIDDEN, OPERATORS_ONLY, 403);
    return;
  }
  if (permission === 'user') {
    if (caller.orgType === 'operator') throw new AppError(ErrorCode.FORBIDDEN, NOT_FOR_OPERATORS, 403);
    if (narrowed && caller.orgType !== narrowed) throw wrongKind(narrowed);
    return;
  }
  const route = findRoute(permission);
  if (!route) throw new Error(`permission ${permission} is not a route of the route table`);
  // A page's permission admits only the kinds it serves: an operator page only operators, a seller's page only sellers.
  const allowed: readonly string[] = narrowed ? [narrowed] : route.audience;
  if (!allowed.includes(caller.orgType)) {
    if (route.audience.includes('operator')) throw new AppError(ErrorCode.FORBIDDEN, OPERATORS_ONLY, 403);
    if (caller.orgType === 'operator' && !narrowed) throw new AppError(ErrorCode.FORBIDDEN, NOT_FOR_OPERATORS, 403);
    throw wrongKind(narrowed);
  }
  if (caller.isMain) return;
  const codes = await permissionCodesOfUser(db, caller.userId);
  if (!codes.has(permission.slice(1))) throw new AppError(ErrorCode.FORBIDDEN, undefined, 403);
}

/**
 * A refused console call, or an operator refused a customer's call, is written to the denial log
 * (who, what, why) before the refusal is answered: probing the console leaves a trace.
 */
async function authorizeAudited(db: Db, req: FastifyRequest, caller: Caller, permission: Permission, narrowed?: CallAudience) {
  try {
    await authorize(db, caller, permission, narrowed);
  } catch (e) {
    if (e instanceof AppError && (isConsolePermission(permission) || caller.orgType === 'operator')) {
      await recordDenial(db, {
        userId: caller.userId,
        orgId: caller.orgId,
        orgType: caller.orgType,
        method: req.method,
        url: req.url.split('?')[0] ?? req.url,
        permission,
        reason: e.message,
      });
    }
    throw e;
  }
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorateRequest('caller', null);
  const declared = new Map<string, { permission: Permission; audience?: CallAudience }>();
  app.decorate('routePermissions', declared);
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (permission) {
      for (const method of [route.method].flat()) declared.set(`${method} ${route.url}`, { permission, audience: route.config?.audience });
    }
    if (!permission && !route.url.startsWith('/api/docs') && route.url !== '*') {
      throw new Error(`route ${route.method} ${route.url} declares no permission`);
    }
    // A route-path permission must name a route of the table, or every call would fail at run time.
    const page = permission?.startsWith('/') ? findRoute(permission) : undefined;
    if (permission?.startsWith('/') && !page) {
      throw new Error(`route ${route.method} ${route.url} declares unknown permission ${permission}`);
    }
    const narrowed = route.config?.audience;
    if (narrowed && page && !page.audience.includes(narrowed)) {
      throw new Error(`route ${route.method} ${route.url} narrows ${permission} to ${narrowed}, which that page does not serve`);
    }
  });
  // onRequest, before the body is even parsed: a caller who may not call learns nothing about validation.
  app.addHook('onRequest', async (req) => {
    const permission = req.routeOptions.config?.permission;
    if (!permission || permission === 'public') return;
    const caller = await authenticate(opts.db, req);
    if (header(req, HEADERS.requestSource) === PURCHASE_SOURCE && caller.orgType !== 'purchaser') {
      throw new AppError(ErrorCode.PURCHASER_REQUIRED);
    }
    await authorizeAudited(opts.db, req, caller, permission, req.routeOptions.config?.audience);
    req.caller = caller;
  });
});
