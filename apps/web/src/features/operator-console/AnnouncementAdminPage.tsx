/** 公告管理 (/operator/announcements): every announcement, publish / edit (dialog in the address) / delete. */
import { type AnnouncementRow, BRAND_NAMES, NOTICE_AUDIENCE_LABELS } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { formatDateTime } from '../../lib/date';
import { useListPage } from '../../lib/list-page';
import { noticeAdminApi, noticeKeys } from '../notices/api';
import { AnnouncementForm } from './AnnouncementForm';

const LIST = { filters: {}, dialogs: ['edit'] as const };

export default function AnnouncementAdminPage() {
  const { modal, message } = App.useApp();
  const list = useListPage(LIST);
  const queryClient = useQueryClient();
  const q = { pageNo: list.pageNo, pageSize: list.pageSize };
  const page = useQuery({ queryKey: noticeKeys.adminAnnouncements(q), queryFn: () => noticeAdminApi.announcements(q), placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries({ queryKey: noticeKeys.all });
  const remove = useMutation({
    mutationFn: noticeAdminApi.deleteAnnouncement,
    onSuccess: () => {
      message.success('已删除');
      return refresh();
    },
  });
  const editingId = list.isOpen('edit') ? list.dialog?.id : undefined;
  const editing = editingId ? (page.data?.list.find((r) => r.id === editingId) ?? null) : null;

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>公告管理</Typography.Title>
        <Button type="primary" onClick={() => list.openDialog('edit')}>
          发布公告
        </Button>
      </Space>
      <Table<AnnouncementRow>
        rowKey="id"
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={list.pagination(page.data?.total ?? 0)}
        locale={{ emptyText: '暂无公告' }}
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
          {
            title: '可见对象',
            dataIndex: 'audience',
            render: (a: AnnouncementRow['audience'], r) => (r.variant ? `${NOTICE_AUDIENCE_LABELS[a]}：${BRAND_NAMES[r.variant]}` : NOTICE_AUDIENCE_LABELS[a]),
          },
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
          {
            title: '操作',
            key: 'actions',
            render: (_, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => list.openDialog('edit', r.id)}>
                  编辑
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() =>
                    modal.confirm({
                      title: '删除公告',
                      content: `确定删除「${r.title}」？删除后用户不再看到它。`,
                      okText: '删除',
                      cancelText: '取消',
                      onOk: () => remove.mutateAsync(r.id),
                    })
                  }
                >
                  删除
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {list.isOpen('edit') && (editingId === undefined || editing) && (
        <AnnouncementForm
          editing={editing}
          onClose={list.closeDialog}
          onSaved={() => {
            message.success('公告已保存');
            list.closeDialog();
            void refresh();
          }}
        />
      )}
    </div>
  );
}
