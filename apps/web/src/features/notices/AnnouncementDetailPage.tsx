/**
 * 公告详情 (/announcement/details?id=&type=system): the announcement's sanitised body; opening it
 * records it read (addReadRecord).
 */
import type { NoticeCategory } from '@dropship/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/date';
import { oneOf, positiveInt, useUrlParams } from '../../lib/list-page';
import { noticeKeys, noticesApi } from './api';

const PARAMS = { id: positiveInt(), type: oneOf(['system'] as const) };

export default function AnnouncementDetailPage() {
  const [params] = useUrlParams(PARAMS);
  const category: NoticeCategory = params.type === 'system' ? 'SYSTEM' : 'NOTICE';
  const id = params.id;
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: noticeKeys.detail(category, id ?? 0), queryFn: () => noticesApi.detail(category, id ?? 0), enabled: id !== undefined });
  const unread = detail.data && !detail.data.read;

  useEffect(() => {
    if (!unread || id === undefined) return;
    void noticesApi
      .markRead(id)
      .then(() => queryClient.invalidateQueries({ queryKey: noticeKeys.all }))
      .catch(() => undefined);
  }, [unread, id, queryClient]);

  const back = <Link to={category === 'SYSTEM' ? '/announcement/list?tab=system' : '/announcement/list'}>返回公告列表</Link>;
  if (id === undefined || detail.isError) return <Empty description="公告不存在或已下线">{back}</Empty>;
  if (!detail.data) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const a = detail.data;
  return (
    <Card
      title={
        <Space>
          {a.pinned && <Tag color="red">置顶</Tag>}
          <span data-testid="announcement-title">{a.title}</span>
        </Space>
      }
      extra={back}
    >
      <Typography.Text type="secondary">发布时间：{formatDateTime(a.publishAt)}</Typography.Text>
      <div
        className="announcement-body"
        style={{ marginTop: 16, lineHeight: 1.8 }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server stores only allow-list-sanitised HTML (js-xss), decision 0029.
        dangerouslySetInnerHTML={{ __html: a.content }}
        data-testid="announcement-body"
      />
    </Card>
  );
}
