/** One coupon as the seller sees it: the discount, its threshold, validity and source. */
import { COUPON_SOURCE_NAMES, COUPON_STATUS_NAMES, fenToYuan } from '@dropship/contract';
import { Card, Space, Tag, Typography } from 'antd';
import { formatDate, formatDateTime } from '../../../lib/date';
import type { CouponRow } from '../records-api';

const COLORS = { UNUSED: '#fa541c', USED: '#8c8c8c', EXPIRED: '#bfbfbf' } as const;

export function CouponCard({ coupon: c }: { coupon: CouponRow }) {
  const color = COLORS[c.status];
  // The last valid moment is one millisecond before the stored exclusive end.
  const lastDay = formatDate(new Date(Date.parse(c.validTo) - 1));
  return (
    <Card size="small" style={{ borderLeft: `4px solid ${color}` }} data-testid="coupon-card">
      <Space align="start" size={16}>
        <div style={{ minWidth: 96, textAlign: 'center', color }}>
          <Typography.Text style={{ color, fontSize: 28, fontWeight: 600 }}>¥{fenToYuan(c.amountFen)}</Typography.Text>
          <div>{c.thresholdFen > 0 ? `满${fenToYuan(c.thresholdFen)}可用` : '无门槛'}</div>
        </div>
        <Space orientation="vertical" size={2}>
          <Space>
            <Typography.Text strong>{c.name}</Typography.Text>
            <Tag>{COUPON_STATUS_NAMES[c.status]}</Tag>
          </Space>
          <Typography.Text type="secondary">
            有效期：{formatDate(c.validFrom)} 至 {lastDay}
          </Typography.Text>
          <Typography.Text type="secondary">来源：{COUPON_SOURCE_NAMES[c.source] ?? c.source}</Typography.Text>
          {c.status === 'USED' && (
            <Typography.Text type="secondary">
              使用时间：{formatDateTime(c.usedAt)}
              {c.businessId ? `（订单 ${c.businessId}）` : ''}
            </Typography.Text>
          )}
        </Space>
      </Space>
    </Card>
  );
}
