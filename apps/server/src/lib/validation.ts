/**
 * zod validation for every route, with Chinese messages that name the field: the field's Chinese
 * name comes from the schema's description (contract's `text('账号')` etc.).
 */
import { ErrorCode, zodMessageZh } from '@dropship/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { type ZodType, z } from 'zod';
import { AppError } from './app-error.js';

// zh-CN as the fallback; our own wording (plain Chinese saying what is expected) for zod's usual issues.
z.config(z.locales.zhCN());
z.config({ customError: zodMessageZh });

type Def = { type: string; innerType?: ZodType; shape?: Record<string, ZodType>; element?: ZodType; in?: ZodType };

function unwrap(schema: ZodType): ZodType {
  let s = schema;
  for (let i = 0; i < 10; i++) {
    const def = (s as unknown as { _zod: { def: Def } })._zod.def;
    const next = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!next) break;
    s = next;
  }
  return s;
}

/** The Chinese name of the field at `path`, or undefined when the schema gives none. */
export function fieldLabel(schema: ZodType, path: PropertyKey[]): string | undefined {
  let s: ZodType | undefined = schema;
  let label: string | undefined;
  for (const key of path) {
    if (!s) break;
    const def: Def = (unwrap(s) as unknown as { _zod: { def: Def } })._zod.def;
    s = def.type === 'object' ? def.shape?.[String(key)] : def.type === 'array' ? def.element : undefined;
    if (s?.description) label = s.description;
  }
  return label;
}

export function describeIssue(schema: ZodType, issue: z.core.$ZodIssue): string {
  const label = fieldLabel(schema, issue.path);
  // Messages written in the contract already name the field; zod's generic ones get the label.
  if (label && !issue.message.includes(label)) return `${label}：${issue.message}`;
  if (label) return issue.message;
  // A message the schema wrote stays as written; our generic one without a Chinese name in the
  // schema names the field by its key, or the whole request at the top (issues carry their input, so
  // the generic wording can be recomputed and compared).
  const generic = issue.message === zodMessageZh(issue as unknown as z.core.$ZodRawIssue);
  if (!generic || (issue.code === 'unrecognized_keys' && issue.path.length === 0)) return issue.message;
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '请求内容';
  return `${where}：${issue.message}`;
}

export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    const first = result.error.issues[0];
    const msg = first ? describeIssue(schema, first) : '输入的数据不合法!';
    return { error: new AppError(ErrorCode.BAD_REQUEST, msg) };
  };
