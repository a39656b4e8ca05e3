/**
 * A list's filter form, declared as data (the ant-design-pro habit of one definition that also
 * builds the search form): ListFilterForm renders it and maps its values to the address and back.
 */
import type { FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

type Option = { value: string | number; label: string };

export type FilterField<K extends string = string> =
  /** `rules`: the contract's check of the filter (zodRule), so 查询 refuses what the list call would. */
  | { kind: 'text'; name: K; label: string; width?: number; maxLength?: number; placeholder?: string; rules?: FormRule[] }
  | { kind: 'select'; name: K; label: string; options: readonly Option[]; width?: number; placeholder?: string; showSearch?: boolean }
  /** Two filters (from, to: YYYY-MM-DD) shown as one range picker. */
  | { kind: 'dayRange'; name: string; label: string; from: K; to: K };

type Values = Record<string, unknown>;
type FormValues = Record<string, unknown>;

/** The form's first values from the list's filters. */
export function toFormValues(fields: readonly FilterField[], filters: Values): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    if (f.kind === 'dayRange') {
      const from = filters[f.from];
      const to = filters[f.to];
      out[f.name] = from && to ? [dayjs(String(from)), dayjs(String(to))] : undefined;
    } else out[f.name] = filters[f.name];
  }
  return out;
}

/** The list's filters from a submitted form: text trimmed, blank unset, a range as its two days. */
export function fromFormValues(fields: readonly FilterField[], values: FormValues): Values {
  const out: Values = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === 'dayRange') {
      const range = v as [Dayjs, Dayjs] | null | undefined;
      out[f.from] = range?.[0]?.format('YYYY-MM-DD');
      out[f.to] = range?.[1]?.format('YYYY-MM-DD');
    } else if (typeof v === 'string') out[f.name] = v.trim() || undefined;
    else out[f.name] = v ?? undefined;
  }
  return out;
}
