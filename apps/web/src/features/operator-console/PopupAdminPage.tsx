/** 弹窗管理 (/operator/popups): every popup with its page, audience, frequency and window; new / edit / delete. */
import { BRAND_NAMES, NOTICE_AUDIENCE_LABELS, POPUP_FREQUENCY_LABELS, type PopupRow } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import { formatDateTime } from '../../lib/date';
import { useListPage } from '../../lib/list-page';
import { noticeAdminApi, noticeKeys } from '../notices/api';
import { PopupForm } from './PopupForm';

const LIST = { filters: {}, dialogs: ['edit'] as const };

export default function PopupAdminPage() {
  const { modal, message } = App.useApp();
  const list = useListPage(LIST);
  const queryClient = useQueryClient();
  const q = { pageNo: list.pageNo, pageSize: list.pageSize };
  const page = useQuery({ queryKey: noticeKeys.adminPopups(q), queryFn: () => noticeAdminApi.popups(q), placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries({ queryKey: noticeKeys.all });
  const remove = useMutation({
    mutationFn: noticeAdminApi.deletePopup,
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
        <Typography.Title level={4}>弹窗管理</Typography.Title>
        <Button type="primary" onClick={() => list.openDialog('edit')}>
          新建弹窗
        </Button>
      </Space>
      <Table<PopupRow>
        rowKey="id"
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={list.pagination(page.data?.total ?? 0)}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无弹窗' }}
        columns={[
          { title: '标题', dataIndex: 'title' },
          { title: '页面', dataIndex: 'page' },
          {
            title: '可见对象',
            dataIndex: 'audience',
            render: (a: PopupRow['audience'], r) => (r.variant ? `${NOTICE_AUDIENCE_LABELS[a]}：${BRAND_NAMES[r.variant]}` : NOTICE_AUDIENCE_LABELS[a]),
          },
          { title: '频率', dataIndex: 'frequency', render: (f: PopupRow['frequency']) => POPUP_FREQUENCY_LABELS[f] },
          { title: '展示时间', key: 'window', render: (_, r) => `${formatDateTime(r.startAt)} 至 ${formatDateTime(r.endAt)}` },
          { title: '状态', dataIndex: 'enabled', render: (e: boolean) => (e ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
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
                      title: '删除弹窗',
                      content: `确定删除「${r.title}」？`,
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
        <PopupForm
          editing={editing}
          onClose={list.closeDialog}
          onSaved={() => {
            message.success('弹窗已保存');
            list.closeDialog();
            void refresh();
          }}
        />
      )}
    </div>
  );
}
