/** An after-sale's status as a coloured tag, and its return parcel's progress beside it when it has one. */
import { AFTER_SALE_STATUS_NAMES, type AfterSaleStatusCode, RETURN_STATUS_NAMES, type ReturnStatusCode } from '@dropship/contract';
import { Space, Tag } from 'antd';

const COLORS: Record<AfterSaleStatusCode, string> = {
  REFUNDING: 'orange',
  GOODS_RETURNING: 'blue',
  COMPLETE: 'green',
  CLOSE: 'default',
  REFUSE: 'red',
  PROBLEM: 'volcano',
};

export function AfterSaleStatusTag({ status, returnStatus }: { status: AfterSaleStatusCode; returnStatus?: ReturnStatusCode | null }) {
  return (
    <Space size={4} wrap>
      <Tag color={COLORS[status]}>{AFTER_SALE_STATUS_NAMES[status] ?? status}</Tag>
      {returnStatus && <Tag color="cyan">{RETURN_STATUS_NAMES[returnStatus] ?? returnStatus}</Tag>}
    </Space>
  );
}
