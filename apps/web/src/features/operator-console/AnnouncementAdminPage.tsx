/** 公告管理 (/operator/announcements): every announcement, publish / edit (dialog in the address) / delete. */
import type { AnnouncementRow } from '@dropship/contract';
import { Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { formatDateTime } from '../../lib/date';
import { noticeAdminApi, noticeKeys } from '../notices/api';
import { AnnouncementForm } from './AnnouncementForm';
import { audienceText, NoticeAdminTable } from './NoticeAdminTable';

export default function AnnouncementAdminPage() {
  return (
    <NoticeAdminTable<AnnouncementRow>
      noun="公告"
      createLabel="发布公告"
      deleteNote="删除后用户不再看到它。"
      queryKey={noticeKeys.adminAnnouncements}
      fetchPage={noticeAdminApi.announcements}
      remove={noticeAdminApi.deleteAnnouncement}
      Form={AnnouncementForm}
      columns={[
        {
          title: '标题',
          dataIndex: 'title',
          render: (t: string, r) =>
            r.pinned ? (
              <Space>
                <Tag color="red">置顶</Tag>
                {t}
              </Space>
            ) : (
              t
            ),
        },
        { title: '类型', dataIndex: 'category', render: (c: string) => (c === 'SYSTEM' ? '系统公告' : '平台公告') },
        { title: '可见对象', dataIndex: 'audience', render: (a: AnnouncementRow['audience'], r) => audienceText(a, r.variant) },
        {
          title: '发布时间',
          dataIndex: 'publishAt',
          render: (t: string) => (
            <Space>
              {formatDateTime(t)}
              {dayjs(t).isAfter(dayjs()) && <Tag color="orange">待发布</Tag>}
            </Space>
          ),
        },
      ]}
    />
  );
}
