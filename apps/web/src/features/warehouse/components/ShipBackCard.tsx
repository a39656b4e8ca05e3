/**
 * 物流回传 on the seller's dropship order detail: whether the courier and tracking number reached
 * the shop's platform, the reason when not (re-authorize the shop, or the platform's refusal), a
 * retry, and how many other orders failed to ship back. Nothing for orders without a shop.
 */
import { SHIP_BACK_STATUS_NAMES } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date';
import { shipBackApi, warehouseKeys } from '../api';

const COLOURS = { PENDING: 'processing', SUCCESS: 'success', FAILED: 'error' } as const;

export function ShipBackCard({ orderId }: { orderId: number }) {
  const qc = useQueryClient();
  const state = useQuery({ queryKey: warehouseKeys.shipBack(orderId), queryFn: () => shipBackApi.of(orderId) });
  const failures = useQuery({ queryKey: ['ship-back', 'failures'], queryFn: () => shipBackApi.failures(1, 1), enabled: !!state.data });
  const retry = useMutation({
    mutationFn: () => shipBackApi.retry(orderId),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['ship-back'] }),
  });
  const s = state.data;
  if (!s) return null;
  const others = (failures.data?.total ?? 0) - (s.status === 'FAILED' ? 1 : 0);
  return (
    <Card size="small" title="物流回传" style={{ marginTop: 12 }} data-testid="ship-back">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Tag color={COLOURS[s.status]}>{SHIP_BACK_STATUS_NAMES[s.status]}</Tag>
          <Typography.Text>
            {s.shopName} · {s.trackingNo} · 已尝试 {s.attempts} 次 · {formatDateTime(s.updatedAt)}
          </Typography.Text>
          {s.status === 'FAILED' && (
            <Button size="small" type="primary" loading={retry.isPending} onClick={() => retry.mutate()}>
              重试回传
            </Button>
          )}
        </Space>
        {s.lastError && (
          <Alert
            type={s.status === 'FAILED' ? 'error' : 'warning'}
            showIcon
            message={s.lastError}
            action={s.needsReauth ? <Link to="/basicSet/shopAuthorization">去重新授权</Link> : undefined}
          />
        )}
        {others > 0 && <Typography.Text type="warning">另有 {others} 个订单物流回传失败，请在对应订单详情中处理。</Typography.Text>}
      </Space>
    </Card>
  );
}
