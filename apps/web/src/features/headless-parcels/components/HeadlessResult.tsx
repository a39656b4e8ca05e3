/** What 退货登记 answered for a headless parcel: its label number (print the headless label), and an automatic match if any. */
import type { HeadlessRegistered } from '@dropship/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Space, Typography } from 'antd';
import { formatDateTime } from '../../../lib/date';
import { printHeadlessLabel } from '../headless-label';

export function HeadlessResult({ parcel }: { parcel: HeadlessRegistered }) {
  const print = useMutation({ mutationFn: () => printHeadlessLabel(parcel) });
  const matched = parcel.matchedSeller
    ? `已自动匹配到 ${parcel.matchedSeller}${parcel.matchedAfterSaleNo ? ` 的售后单 ${parcel.matchedAfterSaleNo}（已签收）` : ''}`
    : parcel.proposals > 0
      ? `已推荐给 ${parcel.proposals} 个可能的卖家确认`
      : '已进入无头件池，等待卖家认领';
  return (
    <Alert
      data-testid="headless-result"
      type={parcel.matchedSeller ? 'success' : 'info'}
      showIcon
      message={
        <Space wrap>
          <span>无头件</span>
          <Typography.Text strong copyable>
            {parcel.barcodeNo}
          </Typography.Text>
          <span>签收时间 {formatDateTime(parcel.signedAt, 'YYYY-MM-DD HH:mm')}</span>
          {parcel.courierName && <span>退回快递 {parcel.courierName}</span>}
        </Space>
      }
      description={
        <Space wrap>
          <span>{matched}</span>
          <Button type="primary" size="small" loading={print.isPending} onClick={() => print.mutate()}>
            打印无头件标签
          </Button>
        </Space>
      }
    />
  );
}
