/**
 * The OpenAPI-wide gate: walks every operation of the server's own OpenAPI document (what
 * /api/docs serves, `app.swagger()`) and sends, through inject(): no token, the wrong kind of
 * user, the right kind with malformed variants (missing, wrong types, null, empty, 1 MB strings,
 * NUL, lone surrogates, negative / huge / NaN numbers, arrays for objects, deep nesting,
 * injection strings, invalid JSON, wrong content type), and for every id-taking operation
 * another seller's call with ids of the demo seller's rows. It fails on any 5xx, any answer
 * outside the envelope, any success without a token or for the wrong kind, and any success of
 * another tenant that shows the demo seller's data. A new call is covered without writing
 * anything: its permission comes from the route's declaration (`app.routePermissions`).
 * Default size: 20 variants per operation (SOAK=full: every variant at every field).
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { soakSize } from './soak.js';
import { createSecondSeller, PASSWORD } from './support.js';

type Kind = 'seller' | 'purchaser' | 'operator';
interface Operation {
  method: string;
  path: string;
  url: string;
  params: string[];
  permission: string;
  audience?: string;
  bodyFields: string[];
  queryFields: string[];
}

/**
 * Operations not sent malformed input as their right kind, each with its reason. Their refusals of
 * no token and of the wrong kind are still checked.
 */
const EXCEPTIONS: Record<string, string> = {
  'POST /api/auth/logout': 'revokes the session the gate signs its calls with',
};

let t: TestApp;
const sessions: Partial<Record<Kind | 'other', Session>> = {};
let otherUsername = '';
const stats = { operations: 0, requests: 0, fiveHundreds: 0 };
const failures: string[] = [];

const DEMO_MARKERS = ['小美女装旗舰店', 'demo_seller'];
const MB = 'x'.repeat(1024 * 1024 - 64);
const NUL = 'a\u0000b';
const SURROGATE = 'a\ud800b';
const INJECTION = ["' OR '1'='1", '"; drop table users; --', '<script>alert(1)</script>', '{{7*7}}', '../../../etc/passwd'];

function deep(n: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
}

/** Values that are wrong for almost any field. */
const BAD_VALUES: unknown[] = [
  null,
  '',
  MB,
  NUL,
  SURROGATE,
  -1,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER * 1024,
  'NaN',
  1.5,
  true,
  [1, 2],
  { nested: 'object' },
  deep(60),
  ...INJECTION,
];

/** The malformed requests for one operation: raw payloads and queries (payload undefined = none). */
function variants(op: Operation): { payload?: string; contentType?: string; query?: string; label: string }[] {
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE' && op.method !== 'HEAD';
  const out: { payload?: string; contentType?: string; query?: string; label: string }[] = [];
  if (hasBody) {
    out.push({ label: 'missing body' });
    out.push({ label: 'invalid JSON', payload: '{"a":', contentType: 'application/json' });
    out.push({ label: 'wrong content type', payload: '<a/>', contentType: 'text/xml' });
    out.push({ label: 'array for object', payload: '[1,2,3]', contentType: 'application/json' });
    out.push({ label: 'null body', payload: 'null', contentType: 'application/json' });
    out.push({ label: 'empty object', payload: '{}', contentType: 'application/json' });
    out.push({ label: 'deep nesting', payload: JSON.stringify(deep(200)), contentType: 'application/json' });
    out.push({ label: 'NUL key', payload: JSON.stringify({ 'k\u0000': 1 }), contentType: 'application/json' });
    const fields = op.bodyFields.length > 0 ? op.bodyFields : ['id'];
    for (const [i, bad] of BAD_VALUES.entries()) {
      const field = fields[i % fields.length] as string;
      out.push({ label: `${field}=${String(bad).slice(0, 20)}`, payload: JSON.stringify({ [field]: bad }), contentType: 'application/json' });
    }
    if (soakSize(1, 0)) {
      for (const field of fields)
        for (const bad of BAD_VALUES) out.push({ label: `${field} full`, payload: JSON.stringify({ [field]: bad }), contentType: 'application/json' });
    }
  } else {
    const fields = op.queryFields.length > 0 ? op.queryFields : ['pageNo'];
    out.push({ label: 'no query', query: '' });
    out.push({ label: 'repeated', query: `${fields[0]}=1&${fields[0]}=2` });
    out.push({ label: 'array syntax', query: `${fields[0]}[]=1` });
    const raw = ['%00', '%ED%A0%80', '', '-1', '99999999999999999999', 'NaN', 'abc', encodeURIComponent(INJECTION[0] as string), 'x'.repeat(5000), '%E0%A4%A'];
    for (const [i, bad] of raw.entries()) out.push({ label: `query ${bad.slice(0, 10)}`, query: `${fields[i % fields.length]}=${bad}` });
    for (const [i, bad] of INJECTION.entries()) out.push({ label: 'injection', query: `${fields[i % fields.length]}=${encodeURIComponent(bad)}` });
    out.push({ label: 'NUL query', query: `${fields[0]}=a%00b` });
    out.push({ label: 'huge', query: `${fields[0]}=1e400` });
  }
  return soakSize(out.length, 20) >= out.length ? out : out.slice(0, 20);
}

/** The kinds allowed to call, from the route's declared permission. */
function allowedKinds(op: Operation): Kind[] | 'public' {
  if (op.permission === 'public') return 'public';
  if (op.permission === 'operator') return ['operator'];
  if (op.permission === 'user') return op.audience ? [op.audience as Kind] : ['seller', 'purchaser', 'operator'];
  return op.audience ? [op.audience as Kind] : ['seller', 'purchaser'];
}

function fill(path: string, value: string) {
  return path.replace(/\{[^}]+\}/g, value);
}

async function send(op: Operation, who: Kind | 'other' | null, opts: { url?: string; payload?: string; contentType?: string; query?: string } = {}) {
  const session = who ? sessions[who] : undefined;
  const headers: Record<string, string> = { ...(session ? session.headers() : {}) };
  if (opts.contentType) headers['content-type'] = opts.contentType;
  const url = (opts.url ?? fill(op.path, '1')) + (opts.query ? `?${opts.query}` : '');
  const res = (await t.app.inject({ method: op.method as 'GET', url, headers, payload: opts.payload })) as LightMyRequestResponse;
  stats.requests += 1;
  return res;
}

function parsed(res: LightMyRequestResponse): { errorCode: number; errorMsg: string; data: unknown } | undefined {
  if (!String(res.headers['content-type'] ?? '').includes('json')) return undefined;
  try {
    const b = res.json();
    if (b && typeof b === 'object' && !Array.isArray(b) && 'errorCode' in b && 'errorMsg' in b && 'data' in b) return b;
  } catch {}
  return undefined;
}

/** Files, PDFs, SVGs and redirects are answers outside the envelope by design; API errors never are. */
function check(op: Operation, what: string, res: LightMyRequestResponse, mustRefuse: boolean) {
  const tag = `${op.method} ${op.path} [${what}]`;
  if (res.statusCode >= 500) {
    stats.fiveHundreds += 1;
    failures.push(`${tag}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
    return;
  }
  const env = parsed(res);
  // /downloads/:file answers a browser's download link with an HTML page; every API error is an envelope.
  if (res.statusCode >= 400 && !env && op.path.startsWith('/api/'))
    failures.push(`${tag}: HTTP ${res.statusCode} outside the envelope: ${res.body.slice(0, 200)}`);
  if (mustRefuse) {
    const refused = (env && env.errorCode !== 0) || res.statusCode >= 400;
    if (!refused) failures.push(`${tag}: answered success (HTTP ${res.statusCode}) where it must refuse`);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  sessions.seller = await login(t.app, 'demo_seller');
  sessions.purchaser = await login(t.app, 'demo_purchaser');
  sessions.operator = await login(t.app, 'demo_operator');
  otherUsername = (await createSecondSeller(t.database.db, 'gate')).username;
  sessions.other = await login(t.app, otherUsername, PASSWORD);
});
afterAll(() => t?.close());

function operations(): Operation[] {
  const doc = t.app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }
      >
    >;
  };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [m, spec] of Object.entries(methods)) {
      const method = m.toUpperCase();
      const url = path.replace(/\{([^}]+)\}/g, ':$1');
      const declared = t.app.routePermissions.get(`${method} ${url}`);
      if (!declared) throw new Error(`${method} ${path}: no declared permission found`);
      const params = (spec.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const queryFields = (spec.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const json = spec.requestBody?.content?.['application/json']?.schema?.properties;
      ops.push({ method, path, url, params, permission: declared.permission, audience: declared.audience, bodyFields: Object.keys(json ?? {}), queryFields });
    }
  }
  return ops;
}

/** A session the gate's own calls revoked or a sub-account disabled is opened again. */
async function relogin(who: Kind | 'other') {
  const name = who === 'other' ? otherUsername : `demo_${who}`;
  sessions[who] = await login(t.app, name, who === 'other' ? PASSWORD : undefined);
}

describe('OpenAPI-wide gate', () => {
  it('every operation: no 5xx, always the envelope, no success without a token, for the wrong kind or across tenants', async () => {
    const ops = operations();
    stats.operations = ops.length;
    expect(ops.length).toBeGreaterThan(100);
    for (const op of ops) {
      const allowed = allowedKinds(op);
      // No token.
      check(op, 'no token', await send(op, null), allowed !== 'public');
      if (allowed === 'public') continue;
      // The wrong kinds.
      for (const kind of (['seller', 'purchaser', 'operator'] as const).filter((k) => !allowed.includes(k))) {
        check(op, `as ${kind}`, await send(op, kind), true);
      }
      const right = allowed[0] as Kind;
      // Another tenant with the demo seller's ids: never their data.
      if (op.params.length > 0 && allowed.includes('seller')) {
        for (const id of soakSize(1, 0) ? ['1', '2', '3'] : ['1']) {
          const res = await send(op, 'other', { url: fill(op.path, id) });
          check(op, `other tenant id ${id}`, res, false);
          const env = parsed(res);
          if (env?.errorCode === 0 && DEMO_MARKERS.some((m) => res.body.includes(m)))
            failures.push(`${op.method} ${op.path}: another tenant read the demo seller's row ${id}`);
        }
      }
      if (EXCEPTIONS[`${op.method} ${op.path}`]) continue;
      for (const v of variants(op)) {
        const res = await send(op, right, { payload: v.payload, contentType: v.contentType, query: v.query });
        check(op, v.label, res, false);
        if (parsed(res)?.errorCode === 10000) await relogin(right);
      }
    }
    console.log(`OpenAPI gate: ${stats.operations} operations, ${stats.requests} requests, ${stats.fiveHundreds} 5xx, ${failures.length} failures`);
    expect(failures).toEqual([]);
  }, 600_000);
});
