/** 快递: the enabled companies, each with its fee for this receiver's province and item count. */
import { fenToYuan } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { dropshipApi, dropshipKeys } from '../api';

interface Props {
  province: string;
  itemCount: number;
  value: string;
  onChange(code: string): void;
  disabled?: boolean;
}

export function ExpressSelect({ province, itemCount, value, onChange, disabled }: Props) {
  const fees = useQuery({
    queryKey: dropshipKeys.fees(province, itemCount),
    queryFn: () => dropshipApi.fees(province, itemCount),
    enabled: !!province && itemCount > 0,
    staleTime: 60_000,
  });
  return (
    <Select
      aria-label="快递"
      style={{ width: 220 }}
      value={value || undefined}
      placeholder="选择快递"
      disabled={disabled}
      loading={fees.isLoading}
      onChange={onChange}
      options={(fees.data ?? []).map((f) => ({ value: f.code, label: `${f.name}  ¥${fenToYuan(f.feeFen)}` }))}
    />
  );
}
