/**
 * 帮助文章 (/operator/helpArticles): every help article with its 有用 / 没用 counts; 新建文章 / 编辑
 * (dialog in the address, Markdown with preview and images), 发布 / 下线, and 新建分类.
 */
import type { HelpArticleAdminRow } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/date';
import { ListFilterBar, positiveInt, text, useListPage } from '../../lib/list-page';
import { helpAdminApi, helpKeys } from '../help-center/api';
import { helpArticlePath } from '../help-center/help-links';
import { HelpArticleForm } from './HelpArticleForm';
import { HelpCategoryForm } from './HelpCategoryForm';

const LIST = { filters: { categoryId: positiveInt(), keyword: text(50) }, dialogs: ['edit', 'category'] as const };

export default function HelpArticleAdminPage() {
  const { message } = App.useApp();
  const list = useListPage(LIST);
  const queryClient = useQueryClient();
  const page = useQuery({ queryKey: helpKeys.adminPage(list.query), queryFn: () => helpAdminApi.page(list.query), placeholderData: keepPreviousData });
  const categories = useQuery({ queryKey: helpKeys.adminCategories(), queryFn: helpAdminApi.categories });
  const refresh = () => queryClient.invalidateQueries({ queryKey: helpKeys.all });
  const publish = useMutation({
    mutationFn: (r: HelpArticleAdminRow) => helpAdminApi.publish(r.id, !r.published),
    onSuccess: (a) => {
      message.success(a.published ? '已发布' : '已下线');
      return refresh();
    },
  });
  const editingId = list.isOpen('edit') ? list.dialog?.id : undefined;
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={4}>帮助文章</Typography.Title>
        <Space>
          <Button onClick={() => list.openDialog('category')}>新建分类</Button>
          <Button type="primary" onClick={() => list.openDialog('edit')}>
            新建文章
          </Button>
        </Space>
      </Space>
      <ListFilterBar
        fields={[
          { kind: 'select', name: 'categoryId', label: '分类', all: '全部分类', options: categoryOptions, width: 160 },
          { kind: 'search', name: 'keyword', label: '关键词', placeholder: '标题或文章标识', width: 260, maxLength: 50 },
        ]}
        values={{ ...list.filters, categoryId: list.filters.categoryId === undefined ? undefined : String(list.filters.categoryId) }}
        onChange={(patch) =>
          list.filter('categoryId' in patch ? { categoryId: patch.categoryId ? Number(patch.categoryId) : undefined } : { keyword: patch.keyword })
        }
      />
      <Table<HelpArticleAdminRow>
        rowKey="id"
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={list.pagination(page.data?.total ?? 0)}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无文章' }}
        columns={[
          { title: '标题', dataIndex: 'title' },
          { title: '分类', dataIndex: 'categoryName' },
          { title: '文章标识', dataIndex: 'slug' },
          { title: '状态', dataIndex: 'published', render: (p: boolean) => (p ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>) },
          { title: '有用', dataIndex: 'usefulCount', align: 'right' },
          { title: '没用', dataIndex: 'uselessCount', align: 'right' },
          { title: '更新时间', dataIndex: 'updatedAt', render: (t: string) => formatDateTime(t) },
          {
            title: '操作',
            key: 'actions',
            render: (_, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => list.openDialog('edit', r.id)}>
                  编辑
                </Button>
                <Button type="link" size="small" loading={publish.isPending && publish.variables?.id === r.id} onClick={() => publish.mutate(r)}>
                  {r.published ? '下线' : '发布'}
                </Button>
                {r.published && <Link to={helpArticlePath(r.slug)}>查看</Link>}
              </Space>
            ),
          },
        ]}
      />
      {list.isOpen('edit') && (
        <HelpArticleForm
          id={editingId}
          categories={categories.data ?? []}
          onClose={list.closeDialog}
          onSaved={() => {
            message.success('文章已保存');
            list.closeDialog();
            void refresh();
          }}
        />
      )}
      {list.isOpen('category') && (
        <HelpCategoryForm
          onClose={list.closeDialog}
          onSaved={() => {
            message.success('分类已保存');
            list.closeDialog();
            void refresh();
          }}
        />
      )}
    </div>
  );
}
