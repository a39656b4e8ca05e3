/**
 * 公告列表 (/announcement/list): 平台公告 and 系统公告 in two tabs, pinned first, unread in bold;
 * the tab and page live in the address.
 */
import type { NoticeCategory, NoticeListRow } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Table, Tabs, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/date';
import { oneOf, useListPage } from '../../lib/list-page';
import { noticeKeys, noticesApi } from './api';

const LIST = { filters: { tab: oneOf(['notice', 'system'] as const) } };

export const announcementPath = (id: number, category: NoticeCategory) => `/announcement/details?id=${id}${category === 'SYSTEM' ? '&type=system' : ''}`;

export default function AnnouncementListPage() {
  const list = useListPage(LIST);
  const category: NoticeCategory = list.filters.tab === 'system' ? 'SYSTEM' : 'NOTICE';
  const q = { pageNo: list.pageNo, pageSize: list.pageSize };
  const page = useQuery({ queryKey: noticeKeys.list(category, q), queryFn: () => noticesApi.list(category, q), placeholderData: keepPreviousData });
  const tabLabel = (label: string, c: NoticeCategory) =>
    c === category && page.data?.unread ? (
      <Badge count={page.data.unread} size="small" offset={[8, 0]}>
        {label}
      </Badge>
    ) : (
      label
    );
  return (
    <div>
      <Typography.Title level={4}>公告列表</Typography.Title>
      <Tabs
        activeKey={category === 'SYSTEM' ? 'system' : 'notice'}
        onChange={(k) => list.filter({ tab: k === 'system' ? 'system' : undefined })}
        items={[
          { key: 'notice', label: tabLabel('平台公告', 'NOTICE') },
          { key: 'system', label: tabLabel('系统公告', 'SYSTEM') },
        ]}
      />
      <Table<NoticeListRow>
        rowKey="id"
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={list.pagination(page.data?.total ?? 0)}
        locale={{ emptyText: '暂无公告' }}
        columns={[
          {
            title: '标题',
            dataIndex: 'title',
            render: (title: string, r) => (
              <Link to={announcementPath(r.id, category)} style={{ fontWeight: r.read ? 'normal' : 600 }}>
                {r.pinned && <Tag color="red">置顶</Tag>}
                {title}
              </Link>
            ),
          },
          { title: '状态', dataIndex: 'read', width: 90, render: (read: boolean) => (read ? <Tag>已读</Tag> : <Tag color="blue">未读</Tag>) },
          { title: '发布时间', dataIndex: 'publishAt', width: 180, render: (t: string) => formatDateTime(t) },
        ]}
      />
    </div>
  );
}
