/**
 * 帮助中心 (/helpCenter, left bar hidden): the categories with their articles, a search box, and one
 * article (?slug=) with 有用 / 没用. A search (?q=) lists matches with the terms highlighted.
 */
import { DislikeOutlined, LikeOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Input, List, Row, Space, Spin, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/date';
import { positiveInt, text, useUrlParams } from '../../lib/list-page';
import { helpApi, helpKeys } from './api';
import { helpArticlePath } from './help-links';
import { highlight } from './highlight';

const PARAMS = { slug: text(80), q: text(50), page: positiveInt().or(1) };

export default function HelpCenterPage() {
  const [params, setParams] = useUrlParams(PARAMS);
  const catalog = useQuery({ queryKey: helpKeys.catalog(), queryFn: helpApi.catalog });
  return (
    <div style={{ maxWidth: 1200, margin: '0 auto' }}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          帮助中心
        </Typography.Title>
        <Input.Search
          key={params.q ?? ''}
          defaultValue={params.q}
          placeholder="搜索帮助，如：打印、商品关联、退款"
          enterButton="搜索"
          allowClear
          maxLength={50}
          data-testid="help-search"
          onSearch={(v) => setParams({ q: v.trim() || undefined, slug: undefined, page: undefined })}
        />
        <Row gutter={[16, 16]}>
          <Col xs={24} md={7} lg={6}>
            <Card size="small" title="文章分类" loading={catalog.isLoading}>
              {catalog.data?.length === 0 && <Empty description="暂无文章" />}
              {catalog.data?.map((c) => (
                <div key={c.id} style={{ marginBottom: 12 }}>
                  <Typography.Text strong>{c.name}</Typography.Text>
                  {c.articles.map((a) => (
                    <div key={a.id} style={{ paddingLeft: 8, marginTop: 4 }}>
                      <Link to={helpArticlePath(a.slug)} style={a.slug === params.slug ? { fontWeight: 600 } : undefined}>
                        {a.title}
                      </Link>
                    </div>
                  ))}
                </div>
              ))}
            </Card>
          </Col>
          <Col xs={24} md={17} lg={18}>
            {params.q ? (
              <SearchResults q={params.q} page={params.page} onPage={(page) => setParams({ page })} />
            ) : params.slug ? (
              <ArticleView slug={params.slug} />
            ) : (
              <Card>
                <Empty description="在左侧选择文章，或在上方搜索您的问题" />
              </Card>
            )}
          </Col>
        </Row>
      </Space>
    </div>
  );
}

function SearchResults({ q, page, onPage }: { q: string; page: number; onPage: (page: number) => void }) {
  const res = useQuery({ queryKey: helpKeys.search(q, page), queryFn: () => helpApi.search(q, page), placeholderData: keepPreviousData });
  const terms = res.data?.terms ?? [];
  return (
    <Card title={`“${q}”的搜索结果`} size="small">
      <List
        loading={res.isFetching}
        dataSource={res.data?.list ?? []}
        locale={{ emptyText: res.isError ? '搜索失败，请换个词再试' : '没有找到相关文章，换个词试试' }}
        pagination={
          (res.data?.total ?? 0) > 10 ? { current: page, pageSize: 10, total: res.data?.total ?? 0, onChange: onPage, showSizeChanger: false } : false
        }
        renderItem={(hit) => (
          <List.Item data-testid="help-search-hit">
            <List.Item.Meta
              title={
                <Space wrap>
                  <Link to={helpArticlePath(hit.slug)}>{highlight(hit.title, terms)}</Link>
                  <Typography.Text type="secondary">{hit.categoryName}</Typography.Text>
                </Space>
              }
              description={highlight(hit.snippet, terms)}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

function ArticleView({ slug }: { slug: string }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const article = useQuery({ queryKey: helpKeys.article(slug), queryFn: () => helpApi.article(slug), retry: false });
  const feedback = useMutation({
    mutationFn: (useful: boolean) => helpApi.feedback(slug, useful),
    onSuccess: () => {
      message.success('感谢您的反馈');
      return queryClient.invalidateQueries({ queryKey: helpKeys.article(slug) });
    },
  });
  if (article.isError)
    return (
      <Card>
        <Empty description="文章不存在或已下线" />
      </Card>
    );
  if (!article.data) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const a = article.data;
  return (
    <Card title={<span data-testid="help-article-title">{a.title}</span>} extra={<Typography.Text type="secondary">{a.categoryName}</Typography.Text>}>
      <Typography.Text type="secondary">更新时间：{formatDateTime(a.updatedAt)}</Typography.Text>
      <div
        className="help-article-body"
        style={{ marginTop: 16, lineHeight: 1.8, overflowWrap: 'anywhere' }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server stores only allow-list-sanitised HTML rendered from the Markdown (decision 0032).
        dangerouslySetInnerHTML={{ __html: a.html }}
        data-testid="help-article-body"
      />
      <Space style={{ marginTop: 24 }} wrap>
        <Typography.Text>这篇文章对您有帮助吗？</Typography.Text>
        <Button
          icon={<LikeOutlined />}
          type={a.myFeedback === true ? 'primary' : 'default'}
          loading={feedback.isPending && feedback.variables === true}
          onClick={() => feedback.mutate(true)}
          data-testid="help-useful"
        >
          有用
        </Button>
        <Button
          icon={<DislikeOutlined />}
          type={a.myFeedback === false ? 'primary' : 'default'}
          loading={feedback.isPending && feedback.variables === false}
          onClick={() => feedback.mutate(false)}
          data-testid="help-useless"
        >
          没用
        </Button>
      </Space>
    </Card>
  );
}
