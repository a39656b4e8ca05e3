/**
 * The operator's list of one kind of notice (公告, 弹窗): paged, with 编辑 (the form as a dialog named in
 * the address) and 删除 after a confirmation. Each page gives its own columns and form.
 */
import { BRAND_NAMES, NOTICE_AUDIENCE_LABELS } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ComponentType } from 'react';
import { useListPage } from '../../lib/list-page';
import { noticeKeys } from '../notices/api';

const LIST = { filters: {}, dialogs: ['edit'] as const };

type PageQuery = { pageNo: number; pageSize: number };

/** 可见对象: the audience, with the one site variant when it is narrowed to one. */
export function audienceText(audience: keyof typeof NOTICE_AUDIENCE_LABELS, variant: keyof typeof BRAND_NAMES | null | undefined): string {
  return variant ? `${NOTICE_AUDIENCE_LABELS[audience]}：${BRAND_NAMES[variant]}` : NOTICE_AUDIENCE_LABELS[audience];
}

export function NoticeAdminTable<R extends { id: number; title: string }>(props: {
  /** 公告 / 弹窗: the page title is `${noun}管理`. */
  noun: string;
  createLabel: string;
  /** What deleting does beyond removing the row, said in the confirmation. */
  deleteNote?: string;
  queryKey: (q: PageQuery) => readonly unknown[];
  fetchPage: (q: PageQuery) => Promise<{ total: number; list: R[] }>;
  remove: (id: number) => Promise<unknown>;
  columns: ColumnsType<R>;
  wide?: boolean;
  Form: ComponentType<{ editing: R | null; onClose: () => void; onSaved: () => void }>;
}) {
  const { noun, Form } = props;
  const { modal, message } = App.useApp();
  const list = useListPage(LIST);
  const queryClient = useQueryClient();
  const q = { pageNo: list.pageNo, pageSize: list.pageSize };
  const page = useQuery({ queryKey: props.queryKey(q), queryFn: () => props.fetchPage(q), placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries({ queryKey: noticeKeys.all });
  const remove = useMutation({
    mutationFn: props.remove,
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
        <Typography.Title level={4}>{noun}管理</Typography.Title>
        <Button type="primary" onClick={() => list.openDialog('edit')}>
          {props.createLabel}
        </Button>
      </Space>
      <Table<R>
        rowKey="id"
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={list.pagination(page.data?.total ?? 0)}
        scroll={props.wide ? { x: 'max-content' } : undefined}
        locale={{ emptyText: `暂无${noun}` }}
        columns={[
          ...props.columns,
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
                      title: `删除${noun}`,
                      content: `确定删除「${r.title}」？${props.deleteNote ?? ''}`,
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
        <Form
          editing={editing}
          onClose={list.closeDialog}
          onSaved={() => {
            message.success(`${noun}已保存`);
            list.closeDialog();
            void refresh();
          }}
        />
      )}
    </div>
  );
}
