/**
 * Filters that apply at once (a search box, a status select), declared as data like the filter
 * form: each change goes to the address and the list goes back to page 1.
 */
import { Input, Select, Space } from 'antd';
import type { ReactNode } from 'react';

type Option = { value: string; label: string };

export type BarField =
  | { kind: 'search'; name: string; label: string; placeholder: string; width: number; maxLength: number; enterButton?: boolean }
  /** A select whose first option, '' = no filter, reads `all`. */
  | { kind: 'select'; name: string; label: string; all: string; options: readonly Option[]; width: number };

export interface ListFilterBarProps {
  fields: readonly BarField[];
  values: Record<string, unknown>;
  onChange: (patch: Record<string, string | undefined>) => void;
  children?: ReactNode;
}

export function ListFilterBar({ fields, values, onChange, children }: ListFilterBarProps) {
  return (
    <Space style={{ marginBottom: 12 }} wrap>
      {fields.map((f) =>
        f.kind === 'search' ? (
          <Input.Search
            key={f.name}
            aria-label={f.label}
            placeholder={f.placeholder}
            allowClear
            enterButton={f.enterButton === false ? undefined : '搜索'}
            defaultValue={values[f.name] as string | undefined}
            maxLength={f.maxLength}
            style={{ width: f.width }}
            onSearch={(v) => onChange({ [f.name]: v.trim() || undefined })}
          />
        ) : (
          <Select
            key={f.name}
            aria-label={f.label}
            style={{ width: f.width }}
            value={(values[f.name] as string | undefined) ?? ''}
            onChange={(v: string) => onChange({ [f.name]: v || undefined })}
            options={[{ value: '', label: f.all }, ...f.options]}
          />
        ),
      )}
      {children}
    </Space>
  );
}

/** The options of a contract's name map ({ ENABLED: '启用', … }). */
export const optionsOf = (names: Record<string, string>): Option[] => Object.entries(names).map(([value, label]) => ({ value, label }));
