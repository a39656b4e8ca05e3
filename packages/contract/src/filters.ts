/** Helpers of list filters: a form sends a field it leaves empty as '', null or blanks, which mean "not set". */
import { z } from 'zod';

export const blankToUndefined = (v: unknown) => (v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** A filter field that a form may send empty: '' and null mean "not set". */
export const optionalFilter = <T extends z.ZodType>(schema: T, label: string) => z.preprocess(blankToUndefined, schema.optional()).describe(label);
