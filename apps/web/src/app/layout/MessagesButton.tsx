import { BellOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
import { formatDateTime } from '../../lib/date';
import { shellApi } from '../api';

/** 消息 with the unread count (99+ cap) and the latest messages; opening marks nothing until asked. */
export function MessagesButton() {
  const queryClient = useQueryClient();
  const unread = useQuery({ queryKey: ['shell', 'unread'], queryFn: shellApi.unreadCount, refetchInterval: 60_000 });
  const latest = useQuery({ queryKey: ['shell', 'messages', 'latest'], queryFn: () => shellApi.messages({ pageNo: 1, pageSize: 5 }) });

  async function markAll() {
    await shellApi.markRead({ all: true });
    await queryClient.invalidateQueries({ queryKey: ['shell', 'unread'] });
    await queryClient.invalidateQueries({ queryKey: ['shell', 'messages'] });
  }

  const content = (
    <div style={{ width: 320 }}>
      {latest.data?.list.length ? (
        <List
          size="small"
          dataSource={latest.data.list}
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
      <Button type="link" block onClick={markAll} disabled={!unread.data?.count}>
        全部标为已读
      </Button>
    </div>
  );

  return (
    <Popover content={content} title="消息" trigger="click" placement="bottomRight">
      <Button type="text" aria-label="消息">
        <Badge count={unread.data?.count ?? 0} overflowCount={99} size="small">
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
        <span style={{ marginInlineStart: 6 }}>消息</span>
      </Button>
    </Popover>
  );
}
