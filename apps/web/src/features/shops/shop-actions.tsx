/** The row actions of a shop: 立即同步 / 重新授权 / 暂停 / 恢复 / 删除, each shown only where it applies. */
import type { ShopRow } from '@dropship/contract';
import { Button, Popconfirm, Space } from 'antd';

export interface ShopActionHandlers {
  sync(s: ShopRow): void;
  reauthorize(s: ShopRow): void;
  pause(s: ShopRow): void;
  resume(s: ShopRow): void;
  remove(s: ShopRow): Promise<unknown>;
}

export function ShopActions({ shop, on, busy }: { shop: ShopRow; on: ShopActionHandlers; busy: boolean }) {
  const hasApi = shop.channel !== 'OTHER';
  const syncing = shop.sync.state !== 'IDLE';
  return (
    <Space size={0} wrap>
      {hasApi && shop.authState === 'AUTHORIZED' && (
        <Button type="link" size="small" disabled={syncing || busy} onClick={() => on.sync(shop)}>
          {syncing ? '同步中' : '立即同步'}
        </Button>
      )}
      {hasApi && (
        <Button type="link" size="small" onClick={() => on.reauthorize(shop)}>
          重新授权
        </Button>
      )}
      {shop.authState === 'PAUSED' ? (
        <Button type="link" size="small" onClick={() => on.resume(shop)}>
          恢复
        </Button>
      ) : (
        <Button type="link" size="small" onClick={() => on.pause(shop)}>
          暂停
        </Button>
      )}
      <Popconfirm
        title="确定删除该店铺吗？"
        description="删除后不再同步，已同步的订单保留；重新授权同一店铺可恢复。"
        okText="删除"
        okButtonProps={{ danger: true }}
        onConfirm={() => on.remove(shop)}
      >
        <Button type="link" size="small" danger>
          删除
        </Button>
      </Popconfirm>
    </Space>
  );
}
