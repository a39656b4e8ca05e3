/**
 * The shop picker of the statistics pages (a seller's): several of its shops, removed ones too
 * (their figures stay in the rollups). The choice lives in the address (`shopIds`) and narrows the
 * call; none chosen is every shop.
 */
import { STATISTICS_MAX_SHOPS } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { type ShopPickerPage, shopOptionsOf, statisticsKeys } from './api';

export function ShopPicker({ page, value, onChange }: { page: ShopPickerPage; value: number[] | undefined; onChange: (ids: number[] | undefined) => void }) {
  const shops = useQuery({ queryKey: statisticsKeys.shops(page), queryFn: () => shopOptionsOf(page), staleTime: 300_000 });
  return (
    <Select<number[]>
      mode="multiple"
      aria-label="店铺"
      placeholder="全部店铺"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      maxTagCount="responsive"
      maxCount={STATISTICS_MAX_SHOPS}
      style={{ width: 240, maxWidth: '100%' }}
      loading={shops.isLoading}
      value={value ?? []}
      onChange={(ids) => onChange(ids.length > 0 ? ids : undefined)}
      options={(shops.data ?? []).map((s) => ({ value: s.id, label: s.removed ? `${s.name}（已移除）` : s.name }))}
    />
  );
}
