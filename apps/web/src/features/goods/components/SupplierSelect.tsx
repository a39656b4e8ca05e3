/** The organisation's suppliers as a searchable select; disabled stalls show but cannot be chosen. */
import type { SupplierOption } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { goodsApi, goodsKeys } from '../api';

export const supplierLabel = (s: Pick<SupplierOption, 'name' | 'code'>) => (s.code ? `${s.name}（${s.code}）` : s.name);

export function useSupplierOptions() {
  return useQuery({ queryKey: goodsKeys.supplierOptions, queryFn: goodsApi.supplierOptions, staleTime: 30_000 });
}

interface Props {
  /** Set by Form.Item, so its label points at the select. */
  id?: string;
  value?: number | null;
  onChange?: (id: number | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  /** Lists disabled suppliers as choosable (filters), instead of greyed out (forms). */
  forFilter?: boolean;
  style?: React.CSSProperties;
  'aria-label'?: string;
}

export function SupplierSelect({ id, value, onChange, placeholder = '选择档口', allowClear, forFilter, style, ...rest }: Props) {
  const options = useSupplierOptions();
  return (
    <Select<number>
      id={id}
      aria-label={rest['aria-label'] ?? (id ? undefined : '档口')}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={allowClear}
      placeholder={placeholder}
      style={style ?? { width: 240 }}
      loading={options.isLoading}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      options={(options.data ?? []).map((s) => ({
        value: s.id,
        label: s.status === 'ENABLED' ? supplierLabel(s) : `${supplierLabel(s)} [停用]`,
        disabled: !forFilter && s.status !== 'ENABLED',
      }))}
      notFoundContent="没有找到档口，请先在供应商管理中添加"
    />
  );
}
