/**
 * Small zod builders so every field carries its Chinese name (the server's validation errors say
 * which field is wrong) and every string has a length bound (huge strings are refused, not stored).
 */
import { z } from 'zod';

/** A missing field says 请输入…; a field of the wrong type says what it must be. */
const typeError = (label: string, what: string) => (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null ? `请输入${label}` : `${label}必须是${what}`;

export const text = (label: string, max = 200) =>
  z
    .string({ error: typeError(label, '文字') })
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .describe(label);

export const requiredText = (label: string, max = 200) => text(label, max).min(1, `请输入${label}`);

/** A positive integer id; digits in a string are accepted (query strings), nothing else is coerced. */
export const id = (label: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v),
      z
        .number({ error: typeError(label, '数字') })
        .int(`${label}必须是整数`)
        .positive(`${label}必须大于0`)
        .max(2_147_483_647, `${label}超出范围`),
    )
    .describe(label);

export const pageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1).describe('页码'),
  pageSize: z.coerce.number().int().min(1).max(500).default(20).describe('每页条数'),
});

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ errorCode: z.number(), errorMsg: z.string(), data });
}
