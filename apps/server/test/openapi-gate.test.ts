/**
 * The OpenAPI-wide gate: walks every operation of the server's own OpenAPI document (what
 * /api/docs serves, `app.swagger()`) and sends, through inject(): no token, the wrong kind of
 * user, the right kind with malformed variants (missing, wrong types, null, empty, 1 MB strings,
 * NUL, lone surrogates, negative / huge / NaN numbers, arrays for objects, deep nesting,
 * injection strings, invalid JSON, wrong content type), and for every id-taking operation
 * another seller's call with ids of the demo seller's rows: in the path, and (second test) in every
 * id field of a body built from the operation's schema or an id query field. It fails on any 5xx,
 * any answer outside the envelope, any success without a token or for the wrong kind, any success
 * of another tenant that shows the demo seller's data, and any change another tenant's calls make
 * to the demo organisations' rows (every table with org_id, hashed before and after). A new call
 * is covered without writing anything: its permission comes from the route's declaration
 * (`app.routePermissions`).
 * Default size: 20 variants per operation (SOAK=full: every variant at every field).
 */
import { findRoute } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { createOrganisation, createUser } from '../src/modules/auth/accounts.js';
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
  /** The JSON request body's schema as the document states it (undefined: no JSON body). */
  bodySchema?: JsonSchema;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  minItems?: number;
  default?: unknown;
}

/**
 * Operations not sent malformed input as their right kind, each with its reason. Their refusals of
 * no token and of the wrong kind are still checked.
 */
const EXCEPTIONS: Record<string, string> = {
  'POST /api/auth/logout': 'revokes the session the gate signs its calls with',
};

let t: TestApp;
type Who = Kind | 'other' | 'otherPurchaser';
const sessions: Partial<Record<Who, Session>> = {};
const OTHER_PURCHASER = 'gate_purchaser_two';
let otherUsername = '';
const stats = { operations: 0, requests: 0, fiveHundreds: 0 };
const failures: string[] = [];

const DEMO_MARKERS = ['小美女装旗舰店', 'demo_seller', 'demo_purchaser', 'demo_picker'];
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
  if (op.permission === 'account') return ['seller', 'purchaser', 'operator'];
  // 'user' is a seller's or purchaser's call: operators have the console's own calls.
  if (op.permission === 'user') return op.audience ? [op.audience as Kind] : ['seller', 'purchaser'];
  // A page's permission admits the kinds its page serves (the route table), narrowed by the call's audience.
  const page = findRoute(op.permission);
  if (!page) throw new Error(`${op.method} ${op.path}: permission ${op.permission} is no page of the route table`);
  return op.audience ? [op.audience as Kind] : (page.audience as Kind[]);
}

function fill(path: string, value: string) {
  return path.replace(/\{[^}]+\}/g, value);
}

async function send(op: Operation, who: Who | null, opts: { url?: string; payload?: string; contentType?: string; query?: string } = {}) {
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
  const purchaserOrg = await createOrganisation(t.database.db, { type: 'purchaser', name: '第二采购商（网关）' });
  await createUser(t.database.db, { orgId: purchaserOrg, username: OTHER_PURCHASER, password: PASSWORD, isMain: true });
  sessions.otherPurchaser = await login(t.app, OTHER_PURCHASER, PASSWORD);
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
      const bodySchema = spec.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined;
      const json = bodySchema?.properties;
      ops.push({
        method,
        path,
        url,
        params,
        permission: declared.permission,
        audience: declared.audience,
        bodyFields: Object.keys(json ?? {}),
        queryFields,
        bodySchema,
      });
    }
  }
  return ops;
}

/** Field names that carry a row's id (id, ids, orderId, shopOrderIds, …). */
const ID_FIELD = /^ids?$|[a-z]Ids?$/;

function mentionsId(schema: JsonSchema | undefined, depth = 0): boolean {
  if (!schema || depth > 6) return false;
  const inner = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? []), ...(schema.items ? [schema.items] : [])];
  return Object.entries(schema.properties ?? {}).some(([k, v]) => ID_FIELD.test(k) || mentionsId(v, depth + 1)) || inner.some((x) => mentionsId(x, depth + 1));
}

/**
 * A body the schema accepts as far as a generic reading can tell: required fields with plausible
 * values, and every id field (required or not) set to the first id given (a list of ids to that one
 * id: one missing id in a list would refuse the whole call before any tenant check is tried), so the
 * call reaches the service that must answer "not found" for another tenant's rows.
 */
function sample(schema: JsonSchema | undefined, name: string, ids: number[], depth = 0): unknown {
  if (!schema || depth > 8) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return sample(alt.find((a) => a.type !== 'null') ?? alt[0], name, ids, depth + 1);
  if (schema.allOf?.length) return sample(Object.assign({}, ...schema.allOf) as JsonSchema, name, ids, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  const idLike = ID_FIELD.test(name);
  switch (type) {
    case 'integer':
    case 'number':
      return idLike ? ids[0] : Math.max(schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'string':
      if (idLike) return String(ids[0]);
      if (schema.format === 'date' || /date/i.test(name)) return '2026-01-01';
      if (/phone|mobile/i.test(name)) return '13800138000';
      if (/expressCode|courierCode/.test(name)) return 'ZTO';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'boolean':
      return false;
    case 'array': {
      if (idLike && /ids$/i.test(name)) return [schema.items?.type === 'string' ? String(ids[0]) : ids[0]];
      const one = sample(schema.items, name, ids, depth + 1);
      return one === undefined ? [] : Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => one);
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) {
        if (!schema.required?.includes(k) && !ID_FIELD.test(k) && !mentionsId(v)) continue;
        const x = sample(v, k, ids, depth + 1);
        if (x !== undefined) out[k] = x;
      }
      return out;
    }
    default:
      return undefined;
  }
}

/** Tables that belong to an organisation: every one has org_id. */
async function tenantTables(): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    t.database.db,
    sql`select table_name from information_schema.columns where column_name = 'org_id' and table_schema = current_schema() order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

/** Every row of the organisations' tables, hashed per table: a change anywhere shows. */
async function fingerprint(orgIds: number[], tables: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const table of tables) {
    const [row] = await queryRows<{ n: number; h: string | null }>(
      t.database.db,
      sql`select count(*)::int as n, md5(string_agg(x::text, '|' order by x::text)) as h from ${sql.identifier(table)} x where org_id in ${sql.raw(`(${orgIds.join(',')})`)}`,
    );
    out.set(table, `${row?.n}:${row?.h ?? ''}`);
  }
  return out;
}

/**
 * Ids another tenant would try: the organisation's first row of every table and, where a table has a
 * status, its first row in each status (a row in a final state refuses a change for that reason
 * alone, hiding a missing tenant check).
 */
async function idsOf(orgId: number, tables: string[]): Promise<number[]> {
  const cols = await queryRows<{ table_name: string; column_name: string }>(
    t.database.db,
    sql`select table_name, column_name from information_schema.columns where column_name in ('id', 'status') and table_schema = current_schema()`,
  );
  const has = (table: string, col: string) => cols.some((c) => c.table_name === table && c.column_name === col);
  const found = new Set<number>();
  for (const table of tables) {
    if (!has(table, 'id')) continue;
    const rows = await queryRows<{ id: number }>(
      t.database.db,
      has(table, 'status')
        ? sql`select min(id)::int as id from ${sql.identifier(table)} where org_id = ${orgId} group by status`
        : sql`select min(id)::int as id from ${sql.identifier(table)} where org_id = ${orgId}`,
    );
    for (const r of rows) if (r.id) found.add(r.id);
  }
  return [...found].sort((a, b) => a - b).slice(0, 12);
}

/** A session the gate's own calls revoked or a sub-account disabled is opened again. */
async function relogin(who: Who) {
  const name = who === 'other' ? otherUsername : who === 'otherPurchaser' ? OTHER_PURCHASER : `demo_${who}`;
  sessions[who] = await login(t.app, name, who === 'other' || who === 'otherPurchaser' ? PASSWORD : undefined);
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

  it('another tenant changes nothing of the demo organisations with their ids, in a body or a query', async () => {
    const orgs = await queryRows<{ org_id: number }>(t.database.db, sql`select org_id from users where username in ('demo_seller', 'demo_purchaser')`);
    const orgIds = orgs.map((o) => o.org_id);
    const tables = await tenantTables();
    const ids = [...new Set((await Promise.all(orgIds.map((o) => idsOf(o, tables)))).flat())].sort((a, b) => a - b).slice(0, 12);
    const before = await fingerprint(orgIds, tables);
    let sent = 0;
    const answers = new Map<number, number>();
    for (const op of operations()) {
      const allowed = allowedKinds(op);
      if (allowed === 'public' || EXCEPTIONS[`${op.method} ${op.path}`]) continue;
      const queryIds = op.queryFields.filter((f) => ID_FIELD.test(f));
      const bodyIds = op.method !== 'GET' && mentionsId(op.bodySchema);
      if (!queryIds.length && !bodyIds && !op.params.length) continue;
      // As the other seller and the other purchaser, wherever the call admits that kind.
      const callers = [allowed.includes('seller') ? ('other' as const) : null, allowed.includes('purchaser') ? ('otherPurchaser' as const) : null];
      for (const who of callers) {
        if (!who) continue;
        // Each id in turn, in every id field and list.
        for (const [i] of ids.entries()) {
          const rotated = [...ids.slice(i), ...ids.slice(0, i)];
          const query = queryIds.map((f) => `${f}=${rotated[0]}`).join('&');
          const payload = bodyIds ? JSON.stringify(sample(op.bodySchema, '', rotated)) : undefined;
          const res = await send(op, who, { url: fill(op.path, String(rotated[0])), query, payload, contentType: payload ? 'application/json' : undefined });
          sent += 1;
          const code = parsed(res)?.errorCode ?? res.statusCode;
          answers.set(code, (answers.get(code) ?? 0) + 1);
          check(op, `${who} ids ${rotated[0]}`, res, false);
          const env = parsed(res);
          if (env?.errorCode === 0 && DEMO_MARKERS.some((m) => res.body.includes(m)))
            failures.push(`${op.method} ${op.path}: another tenant (${who}) read the demo organisations' row ${rotated[0]}`);
          if (env?.errorCode === 10000) await relogin(who);
        }
      }
    }
    const after = await fingerprint(orgIds, tables);
    const changed = tables.filter((table) => before.get(table) !== after.get(table));
    console.log(
      `OpenAPI gate, across tenants: ${sent} requests with ids ${ids.join(',')}, ${tables.length} tables compared, ${changed.length} changed; answers ${[...answers].map(([c, n]) => `${c}×${n}`).join(' ')}`,
    );
    expect(sent).toBeGreaterThan(100);
    expect(changed).toEqual([]);
    expect(failures).toEqual([]);
  }, 600_000);
});
