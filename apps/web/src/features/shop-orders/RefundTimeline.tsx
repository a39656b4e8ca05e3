/** The after-sale records of a shop order as a timeline, newest first. */
import { fenToYuan, SHOP_REFUND_STATE_NAMES, type ShopRefundRow } from '@dropship/contract';
import { Empty, Tag, Timeline, Typography } from 'antd';
import { formatDateTime } from '../../lib/date';

const COLORS = { REFUNDING: 'orange', REFUNDED: 'green', CLOSED: 'gray', NONE: 'blue' } as const;

export function RefundTimeline({ refunds }: { refunds: ShopRefundRow[] }) {
  if (refunds.length === 0) return <Empty description="暂无售后记录" />;
  return (
    <Timeline
      items={refunds.map((r) => ({
        color: COLORS[r.state],
        content: (
          <div>
            <div>
              <Tag color={COLORS[r.state]}>{SHOP_REFUND_STATE_NAMES[r.state]}</Tag>
              退款 ¥{fenToYuan(r.refundFen)} {r.hasGoodReturn ? '（需退货）' : '（仅退款）'}
            </div>
            <Typography.Text type="secondary">
              售后单号 {r.platformRefundId} · 平台状态 {r.platformStatus} · 原因：{r.reason || '-'}
            </Typography.Text>
            <div>
              <Typography.Text type="secondary">
                申请 {formatDateTime(r.platformCreatedAt)}，更新 {formatDateTime(r.platformModifiedAt)}
              </Typography.Text>
            </div>
          </div>
        ),
      }))}
    />
  );
}
