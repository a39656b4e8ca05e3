/** The filter form of a list page, built from its field declarations; 查询 writes them to the address. */
import { Button, Form, Input, Select } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { DayRangeInput } from './DayRangeInput';
import { type FilterField, fromFormValues, toFormValues } from './filter-fields';

export interface ListFilterFormProps {
  fields: readonly FilterField[];
  /** The list's filters as they stand in the address. */
  values: Record<string, unknown>;
  onSearch: (filters: Record<string, unknown>) => void;
  /** Buttons after 查询 (导出Excel and the like). */
  extra?: ReactNode;
  style?: CSSProperties;
}

export function ListFilterForm({ fields, values, onSearch, extra, style }: ListFilterFormProps) {
  const initial = toFormValues(fields, values);
  return (
    // Keyed on the address's filters, so going back or following a link refills the form.
    <Form
      layout="inline"
      key={JSON.stringify(values)}
      initialValues={initial}
      onFinish={(v) => onSearch(fromFormValues(fields, v))}
      style={{ marginBottom: 12, rowGap: 8, ...style }}
    >
      {fields.map((f) => (
        <Form.Item key={f.name} name={f.name} label={f.label} rules={f.kind === 'text' ? f.rules : undefined}>
          {fieldInput(f)}
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit">
        查询
      </Button>
      {extra}
    </Form>
  );
}

function fieldInput(f: FilterField) {
  switch (f.kind) {
    case 'text':
      return <Input allowClear maxLength={f.maxLength} placeholder={f.placeholder} style={f.width ? { width: f.width } : undefined} />;
    case 'select':
      return (
        <Select
          allowClear
          showSearch={f.showSearch ? { optionFilterProp: 'label' } : undefined}
          style={{ width: f.width ?? 140 }}
          options={[...f.options]}
          placeholder={f.placeholder ?? '全部'}
        />
      );
    case 'dayRange':
      return <DayRangeInput style={f.width ? { width: f.width } : undefined} />;
  }
}
