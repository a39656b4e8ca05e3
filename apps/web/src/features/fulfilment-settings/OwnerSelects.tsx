/** Selects of the seller's own shops and suppliers, for per-shop and per-supplier settings. */
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { goodsApi, goodsKeys } from '../goods/api';
import { shopKeys, shopsApi } from '../shops/api';

export function ShopSelect(props: SelectProps<number>) {
  const shops = useQuery({ queryKey: shopKeys.list({}), queryFn: () => shopsApi.list({}) });
  return (
    <Select<number>
      placeholder="选择店铺"
      style={{ width: 200 }}
      loading={shops.isLoading}
      options={(shops.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
      {...props}
    />
  );
}

export function SupplierSelect(props: SelectProps<number>) {
  const suppliers = useQuery({ queryKey: goodsKeys.supplierOptions, queryFn: () => goodsApi.supplierOptions() });
  return (
    <Select<number>
      showSearch
      optionFilterProp="label"
      placeholder="选择供应商"
      style={{ width: 220 }}
      loading={suppliers.isLoading}
      options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: s.code ? `${s.name}（${s.code}）` : s.name }))}
      {...props}
    />
  );
}
