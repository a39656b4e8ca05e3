/** 优惠券: the seller's unused coupons, loaded when opened; those this order cannot use say why and are disabled. */
import { fenToYuan } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { dropshipApi, dropshipKeys } from '../api';

interface Props {
  amountFen: number;
  value?: number;
  onChange(id: number | undefined): void;
  disabled?: boolean;
}

export function CouponSelect({ amountFen, value, onChange, disabled }: Props) {
  const [opened, setOpened] = useState(false);
  const coupons = useQuery({
    queryKey: dropshipKeys.coupons(amountFen),
    queryFn: () => dropshipApi.coupons(amountFen),
    enabled: (opened || value !== undefined) && amountFen > 0,
  });
  return (
    <Select
      aria-label="优惠券"
      style={{ width: 240 }}
      allowClear
      placeholder="不使用优惠券"
      disabled={disabled || amountFen <= 0}
      value={value}
      loading={coupons.isLoading}
      onOpenChange={(o) => o && setOpened(true)}
      onChange={(v) => onChange(v ?? undefined)}
      notFoundContent="暂无可用优惠券"
      options={(coupons.data ?? []).map((c) => ({
        value: c.id,
        disabled: !c.usable,
        label: `${c.name}（减¥${fenToYuan(c.amountFen)}）${c.usable ? '' : `：${c.reason}`}`,
      }))}
    />
  );
}
