import { BellOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Popover } from 'antd';
import { lazy, Suspense } from 'react';
import { shellApi } from '../api';

const MessagesList = lazy(() => import('./MessagesList'));

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

  // The popover renders its body on the first opening, so the list's code loads then.
  const content = (
    <Suspense fallback={<div style={{ width: 320 }} />}>
      <MessagesList list={latest.data?.list} canMarkAll={Boolean(unread.data?.count)} onMarkAll={markAll} />
    </Suspense>
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
