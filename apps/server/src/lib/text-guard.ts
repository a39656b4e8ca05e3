/**
 * Text no column can store: a NUL character (PostgreSQL text refuses 0x00) and a lone UTF-16
 * surrogate (not encodable as UTF-8; a JSON column refuses it). One preValidation hook refuses
 * them in every body, query and path parameter, before any schema or handler runs, so no route
 * can forget and nothing reaches the database: 400 in the envelope, naming the field.
 */
import { ErrorCode } from '@dropship/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { AppError } from './app-error.js';
import { fieldLabel } from './validation.js';

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching NUL is the point.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MAX_DEPTH = 64;

/** The path of the first string (key or value) that cannot be stored, or undefined. */
export function findUnstorable(value: unknown): PropertyKey[] | undefined {
  const reversed = search(value, 0);
  return reversed?.reverse();
}

/**
 * Runs on every request's body: the path is built only on the way back from a find (innermost key
 * first), so a clean body of many values allocates nothing per value.
 */
function search(value: unknown, depth: number): PropertyKey[] | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? [] : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (Buffer.isBuffer(value)) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = search(value[i], depth + 1);
      if (found) {
        found.push(i);
        return found;
      }
    }
    return undefined;
  }
  for (const [key, v] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return [key];
    const found = search(v, depth + 1);
    if (found) {
      found.push(key);
      return found;
    }
  }
  return undefined;
}

type Part = 'body' | 'querystring' | 'params';
const PARTS: [Part, (req: FastifyRequest) => unknown][] = [
  ['params', (req) => req.params],
  ['querystring', (req) => req.query],
  ['body', (req) => req.body],
];

function nameOf(req: FastifyRequest, part: Part, path: PropertyKey[]): string {
  const schema = (req.routeOptions.schema as Partial<Record<Part, ZodType>> | undefined)?.[part];
  const label = schema && typeof schema === 'object' && '_zod' in schema ? fieldLabel(schema, path) : undefined;
  if (label) return label;
  return path.length > 0 ? path.map(String).join('.') : '请求内容';
}

export function installTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    for (const [part, read] of PARTS) {
      const path = findUnstorable(read(req));
      if (path) {
        throw new AppError(ErrorCode.BAD_REQUEST, `${nameOf(req, part, path)}：含有无法保存的字符（如空字符或不完整的表情符号），请删除后重试`);
      }
    }
  });
}
