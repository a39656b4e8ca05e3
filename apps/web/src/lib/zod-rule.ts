/**
 * Form rules from the contract's zod schemas: the server checks a field with its schema, so the
 * form checks it with the same one and shows the contract's Chinese message, instead of a second,
 * hand-written rule that can drift from it.
 */
import type { FormRule } from 'antd';

/** What the adapter needs of a zod schema (the web does not depend on zod itself). */
interface FieldSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } };
}

const firstIssue = (schema: FieldSchema, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error?.issues[0]?.message ?? '格式不正确');
};

/**
 * One Form.Item rule for a field of a contract schema (`zodRule(Body.shape.name)`). An empty field
 * is checked as '' so a required text answers with the contract's own 请输入… message, and the
 * field is marked required exactly when the schema refuses ''.
 */
export function zodRule(schema: FieldSchema): FormRule {
  const emptyMessage = firstIssue(schema, '');
  return {
    required: emptyMessage !== null,
    validator: (_rule, value: unknown) => {
      const message = firstIssue(schema, value === undefined || value === null ? '' : value);
      return message === null ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}

/**
 * zodRule for a field its schema lets be empty (a list's filter), with the schema loaded on the
 * first check (`() => import('./filter-schema').then((m) => m.Shape.field)`): a page whose form is
 * shown before anything is typed then keeps zod out of its first load. The messages are the
 * schema's, as with zodRule; the field is not marked required.
 */
export function lazyZodRule(load: () => Promise<FieldSchema>): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const message = firstIssue(await load(), value === undefined || value === null ? '' : value);
      if (message !== null) throw new Error(message);
    },
  };
}
