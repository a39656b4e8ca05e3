/** A shop's sync: a progress bar while it runs, else when it last ran and how it went. */
import type { ShopRow } from '@dropship/contract';
import { Progress, Space, Typography } from 'antd';
import { formatDateTime } from '../../lib/date';

export function SyncCell({ shop }: { shop: ShopRow }) {
  const s = shop.sync;
  if (shop.channel === 'OTHER') return <Typography.Text type="secondary">无接口（订单导入）</Typography.Text>;
  if (s.state === 'RUNNING') {
    return (
      <Space orientation="vertical" size={0} style={{ width: 180 }} data-testid={`sync-${shop.id}`}>
        <Progress percent={s.progress} size="small" status="active" />
        <Typography.Text type="secondary">同步中，已读取 {s.seen} 单</Typography.Text>
      </Space>
    );
  }
  return (
    <Space orientation="vertical" size={0} data-testid={`sync-${shop.id}`}>
      {s.state === 'QUEUED' && <Typography.Text type="warning">排队中…</Typography.Text>}
      {s.lastResult === 'SUCCESS' && (
        <Typography.Text type="success">
          同步成功：读取 {s.seen} 单，写入 {s.written} 单
        </Typography.Text>
      )}
      {s.lastResult === 'FAILED' && <Typography.Text type="danger">{s.lastError ?? '同步失败'}</Typography.Text>}
      <Typography.Text type="secondary">{s.lastSyncedAt ? `上次同步 ${formatDateTime(s.lastSyncedAt)}` : '尚未同步'}</Typography.Text>
    </Space>
  );
}
