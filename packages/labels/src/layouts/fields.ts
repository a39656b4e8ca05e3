/**
 * zod pieces shared by the label data schemas. Upstream APIs send null for missing values, so
 * optional fields accept null too; limits keep one bad record from producing a 50-page label.
 */
import { z } from 'zod';

export const requiredText = (max = 200) => z.string().trim().min(1).max(max);
export const optionalText = (max = 200) => z.string().max(max).nullish();
/** Pre-formatted by the caller (the server formats times at +08:00); printed verbatim. */
export const printTime = z.string().max(40).nullish();
export const quantity = z.number().int().min(0).max(100_000);
/** Money in integer fen; the label formats it as ¥x.yy. */
export const fen = z.number().int().min(-100_000_000).max(100_000_000);
/** A code that goes into a Code 128 symbol: printable ASCII only, which any code set can carry. */
export const code128Value = z
  .string()
  .trim()
  .min(1)
  .max(48)
  .regex(/^[\x20-\x7e]+$/, '条码内容只能包含英文字母、数字和符号');
