/**
 * 消息's popover body: the latest messages and 全部标为已读. Loaded when the popover first opens:
 * antd's List stays out of the first page load (decision 0040).
 */
import { Button, Empty, List, Typography } from 'antd';
import { formatDateTime } from '../../lib/date';

export interface MessageItem {
  id: number;
  title: string;
  content: string;
  read: boolean;
  createdAt: string;
}

interface Props {
  list: readonly MessageItem[] | undefined;
  canMarkAll: boolean;
  onMarkAll: () => void;
}

export default function MessagesList({ list, canMarkAll, onMarkAll }: Props) {
  return (
    <div style={{ width: 320 }}>
      {list?.length ? (
        <List
          size="small"
          dataSource={[...list]}
          renderItem={(m) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <Typography.Text strong={!m.read}>
                    {m.read ? '' : '● '}
                    {m.title}
                  </Typography.Text>
                }
                description={
                  <>
                    <div>{m.content}</div>
                    <Typography.Text type="secondary">{formatDateTime(m.createdAt)}</Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty description="暂无消息" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
      <Button type="link" block onClick={onMarkAll} disabled={!canMarkAll}>
        全部标为已读
      </Button>
    </div>
  );
}
