/**
 * The help article dialog: category, title, the article's address (slug), order and the Markdown
 * body with 预览 (rendered and sanitised by the server exactly as a save stores it) and 插入图片
 * (uploaded, then linked at the end of the body). Opened as ?dialog=edit[&id=]; new articles are
 * saved unpublished.
 */
import { PictureOutlined } from '@ant-design/icons';
import { HELP_IMAGE_MAX_BYTES, type HelpArticleDetail, type HelpCategoryRow } from '@dropship/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Select, Spin, Tabs, Upload } from 'antd';
import { useState } from 'react';
import { readAsDataUrl } from '../../lib/read-as-data-url';
import { helpAdminApi, helpKeys } from '../help-center/api';

interface Values {
  categoryId: number;
  title: string;
  slug: string;
  sort: number;
  markdown: string;
}

export function HelpArticleForm(props: { id: number | undefined; categories: HelpCategoryRow[]; onClose: () => void; onSaved: () => void }) {
  const detail = useQuery({
    queryKey: helpKeys.adminArticle(props.id ?? 0),
    queryFn: () => helpAdminApi.article(props.id ?? 0),
    enabled: props.id !== undefined,
  });
  if (props.id !== undefined && !detail.data) {
    return (
      <Modal open title="编辑文章" footer={null} onCancel={props.onClose}>
        <Spin />
      </Modal>
    );
  }
  return <ArticleDialog {...props} editing={detail.data ?? null} />;
}

function ArticleDialog({
  editing,
  categories,
  onClose,
  onSaved,
}: {
  editing: HelpArticleDetail | null;
  categories: HelpCategoryRow[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [tab, setTab] = useState('edit');
  const save = useMutation({ mutationFn: helpAdminApi.save, onSuccess: onSaved });
  const preview = useMutation({ mutationFn: helpAdminApi.preview });
  const upload = useMutation({
    mutationFn: async (file: File) => helpAdminApi.uploadImage(await readAsDataUrl(file)),
    onSuccess: ({ url }) => {
      const md = form.getFieldValue('markdown') ?? '';
      form.setFieldValue('markdown', `${md}${md && !md.endsWith('\n') ? '\n' : ''}\n![图片](${url})\n`);
      message.success('图片已插入正文末尾');
    },
  });
  const initial: Partial<Values> = editing ?? { categoryId: categories[0]?.id, sort: 50, markdown: '' };

  async function submit() {
    const v = await form.validateFields();
    await save.mutateAsync({ ...(editing ? { id: editing.id } : {}), ...v });
  }

  return (
    <Modal
      open
      title={editing ? '编辑文章' : '新建文章'}
      okText="保存"
      cancelText="取消"
      onOk={submit}
      confirmLoading={save.isPending}
      onCancel={onClose}
      width={860}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        <Form.Item name="categoryId" label="分类" rules={[{ required: true, message: '请选择分类' }]}>
          <Select options={categories.map((c) => ({ value: c.id, label: c.name }))} placeholder="选择分类" />
        </Form.Item>
        <Form.Item
          name="title"
          label="标题"
          rules={[
            { required: true, whitespace: true, message: '请输入标题' },
            { max: 100, message: '标题不能超过100个字符' },
          ]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="slug"
          label="文章标识"
          extra="文章的地址：/helpCenter?slug=标识；页面上的“帮助”链接按它找到文章"
          rules={[
            { required: true, message: '请输入文章标识' },
            { pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/, message: '文章标识只能包含小写字母、数字和连字符（-）' },
            { max: 80, message: '文章标识不能超过80个字符' },
          ]}
        >
          <Input maxLength={80} placeholder="如 print-clodop" />
        </Form.Item>
        <Form.Item name="sort" label="排序" extra="同一分类内数字小的排在前面">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            setTab(k);
            if (k === 'preview') preview.mutate(form.getFieldValue('markdown') ?? '');
          }}
          tabBarExtraContent={
            <Upload
              accept="image/jpeg,image/png,image/webp"
              showUploadList={false}
              beforeUpload={(file) => {
                if (file.size > HELP_IMAGE_MAX_BYTES) message.error('图片不能超过2MB，请压缩后重新上传');
                else upload.mutate(file);
                return false;
              }}
            >
              <Button icon={<PictureOutlined />} loading={upload.isPending}>
                插入图片
              </Button>
            </Upload>
          }
          items={[
            {
              key: 'edit',
              label: '编辑',
              forceRender: true,
              children: (
                <Form.Item
                  name="markdown"
                  rules={[{ required: true, whitespace: true, message: '请输入正文' }]}
                  extra="Markdown：# 标题、**加粗**、- 列表、[链接](https://…)、图片；脚本等不安全内容在保存时由服务器去除"
                >
                  <Input.TextArea rows={16} maxLength={50_000} style={{ fontFamily: 'monospace' }} />
                </Form.Item>
              ),
            },
            {
              key: 'preview',
              label: '预览',
              children: preview.isPending ? (
                <Spin />
              ) : (
                <div
                  className="help-article-body"
                  style={{ minHeight: 200, lineHeight: 1.8, border: '1px solid #f0f0f0', padding: 12 }}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's preview is the same allow-list-sanitised HTML a save stores (decision 0032).
                  dangerouslySetInnerHTML={{ __html: preview.data?.html ?? '' }}
                  data-testid="help-preview"
                />
              ),
            },
          ]}
        />
      </Form>
    </Modal>
  );
}
