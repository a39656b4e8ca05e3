/**
 * 省/市/区 picker fed by GET /api/b2/area/getThirdLevelAll (loaded once, cached for the page's
 * life). Works as a Form.Item child: value is [province, city, district] by name (what orders
 * store) or by division code; onChange also hands over the other form of the path.
 */
import { useQuery } from '@tanstack/react-query';
import { Cascader } from 'antd';
import { useMemo } from 'react';
import { areaApi, areaKeys } from './api';
import { type AreaOption, type AreaValueType, otherPath, toCascaderOptions } from './area-options';

export interface AreaCascaderProps {
  value?: string[];
  /** `other`: the same path in the other form (codes when the value is names, names when codes). */
  onChange?: (value: string[], other: string[]) => void;
  valueType?: AreaValueType;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: React.CSSProperties;
  id?: string;
  'aria-label'?: string;
}

const filter = (input: string, path: AreaOption[]) => path.some((o) => o.label.includes(input.trim()));

export function AreaCascader({
  value,
  onChange,
  valueType = 'name',
  placeholder = '请选择省/市/区',
  disabled,
  allowClear = true,
  style,
  id,
  ...rest
}: AreaCascaderProps) {
  const tree = useQuery({ queryKey: areaKeys.tree, queryFn: areaApi.tree, staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY });
  const options = useMemo(() => (tree.data ? toCascaderOptions(tree.data, valueType) : []), [tree.data, valueType]);
  return (
    <Cascader<AreaOption>
      id={id}
      aria-label={rest['aria-label']}
      options={options}
      value={value}
      loading={tree.isLoading}
      disabled={disabled}
      allowClear={allowClear}
      placeholder={placeholder}
      style={style ?? { width: 280 }}
      showSearch={{ filter }}
      onChange={(v) => {
        const path = (v ?? []).map(String);
        onChange?.(path, tree.data ? otherPath(tree.data, path, valueType) : []);
      }}
    />
  );
}
