/** The after-sale's goods line: picture, title, and what the stall knows it by (档口 货号 颜色 尺码). */
import type { AfterSaleRow } from '@dropship/contract';
import { Image, Space, Typography } from 'antd';

type Goods = Pick<AfterSaleRow, 'picUrl' | 'title' | 'stallName' | 'artNo' | 'color' | 'size'>;

export function GoodsCell({ goods, size = 48, quantity }: { goods: Goods; size?: number; quantity?: number }) {
  return (
    <Space align="start">
      {goods.picUrl ? (
        <Image src={goods.picUrl} width={size} height={size} style={{ objectFit: 'cover' }} alt={goods.title} />
      ) : (
        <div style={{ width: size, height: size, background: '#f5f5f5' }} />
      )}
      <div style={{ maxWidth: 170 }}>
        <Typography.Text ellipsis={{ tooltip: goods.title }} style={{ maxWidth: 170 }}>
          {goods.title}
        </Typography.Text>
        <div>
          <Typography.Text type="secondary">{[goods.stallName, goods.artNo, goods.color, goods.size].filter(Boolean).join(' ')}</Typography.Text>
          {quantity !== undefined && <Typography.Text strong>{` ×${quantity}`}</Typography.Text>}
        </div>
      </div>
    </Space>
  );
}
