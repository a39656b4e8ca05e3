/** An antd Form rule from a contract schema, so the page says exactly what the server would. */
import type { z } from 'zod';

export const zodRule = (schema: z.ZodType) => ({
  validator: async (_: unknown, value: unknown) => {
    const r = schema.safeParse(value ?? '');
    if (!r.success) throw new Error(r.error.issues[0]?.message ?? '输入的数据不合法!');
  },
});
