/** The opening text and every reply, oldest first, each with its images (previewable). */
import type { WorkOrderDetail, WorkOrderImage } from '@dropship/contract';
import { Card, Image, Space, Typography } from 'antd';
import { formatDateTime } from '../../../lib/date';

function Images({ images }: { images: WorkOrderImage[] }) {
  if (images.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap style={{ marginTop: 8 }}>
        {images.map((i) => (
          <Image key={i.id} src={i.url} width={64} height={64} style={{ objectFit: 'cover' }} alt="工单图片" />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

export function Conversation({ detail, opener }: { detail: WorkOrderDetail; opener: string }) {
  const entries = [
    { key: 'open', side: 'CUSTOMER' as const, author: opener, content: detail.content, images: detail.images, createdAt: detail.createdAt },
    ...detail.replies.map((r) => ({ key: String(r.id), ...r })),
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={8} data-testid="work-order-conversation">
      {entries.map((e) => (
        <Card
          key={e.key}
          size="small"
          style={{ background: e.side === 'OPERATOR' ? '#f0f7ff' : undefined, marginInlineStart: e.side === 'OPERATOR' ? 0 : 24 }}
          title={
            <Space>
              <Typography.Text strong>{e.author}</Typography.Text>
              <Typography.Text type="secondary">{formatDateTime(e.createdAt)}</Typography.Text>
            </Space>
          }
        >
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{e.content}</Typography.Paragraph>
          <Images images={e.images} />
        </Card>
      ))}
    </Space>
  );
}
