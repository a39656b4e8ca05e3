/** Order and line statuses as coloured tags, with the Chinese names of the contract. */
import { COMBINED_ORDER_STATUS_NAMES, type CombinedStatusCode, TAKING_ITEM_STATUS_NAMES, type TakingStatusCode } from '@dropship/contract';
import { Tag } from 'antd';

const COLORS: Partial<Record<CombinedStatusCode, string>> = {
  WAITING_PAYMENT: 'orange',
  WAITING_TAKING: 'blue',
  TAKING: 'processing',
  TOOK_PART: 'cyan',
  TOOK: 'green',
  E_STOP_TAKING: 'default',
  E_LACK_TAKING: 'red',
  E_NEXT_TAKING: 'gold',
  E_CHANGE_TAKING: 'purple',
  DELIVERED: 'geekblue',
  FINISHED: 'green',
  CANCELED: 'default',
  REFUNDING: 'orange',
  GOODS_RETURNING: 'blue',
  COMPLETE: 'green',
  CLOSE: 'default',
  REFUSE: 'red',
  PROBLEM: 'volcano',
  TOOK_EXCHANGE: 'purple',
};

export function StatusTag({ status }: { status: CombinedStatusCode }) {
  return <Tag color={COLORS[status]}>{COMBINED_ORDER_STATUS_NAMES[status] ?? status}</Tag>;
}

export function TakeStatusTag({ status }: { status: TakingStatusCode | null }) {
  if (!status) return <Tag>未支付</Tag>;
  return <Tag color={COLORS[status]}>{TAKING_ITEM_STATUS_NAMES[status] ?? status}</Tag>;
}
