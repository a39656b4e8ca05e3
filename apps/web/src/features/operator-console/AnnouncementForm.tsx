/**
 * The announcement dialog: title, type, audience (one variant picks the site), pin, publish time and
 * the body as HTML (the server keeps only safe formatting). Opened as ?dialog=edit[&id=].
 */
import { type AnnouncementRow, type AnnouncementSaveBody, BRAND_NAMES, NOTICE_AUDIENCE_LABELS, NoticeAudience } from '@dropship/contract';
import { useMutation } from '@tanstack/react-query';
import { DatePicker, Form, Input, Modal, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { noticeAdminApi } from '../notices/api';

interface Values {
  title: string;
  category: 'NOTICE' | 'SYSTEM';
  audience: NoticeAudience;
  variant?: AnnouncementSaveBody['variant'];
  pinned: boolean;
  publishAt: Dayjs;
  content: string;
}

export const audienceOptions = NoticeAudience.options.map((v) => ({ value: v, label: NOTICE_AUDIENCE_LABELS[v] }));
export const variantOptions = Object.entries(BRAND_NAMES).map(([value, label]) => ({ value, label }));

export function AnnouncementForm({ editing, onClose, onSaved }: { editing: AnnouncementRow | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  const audience = Form.useWatch('audience', form);
  const save = useMutation({ mutationFn: noticeAdminApi.saveAnnouncement, onSuccess: onSaved });
  const initial: Values = editing
    ? { ...editing, variant: editing.variant ?? undefined, publishAt: dayjs(editing.publishAt) }
    : { title: '', category: 'NOTICE', audience: 'ALL', pinned: false, publishAt: dayjs(), content: '' };

  async function submit() {
    const v = await form.validateFields();
    await save.mutateAsync({
      ...(editing ? { id: editing.id } : {}),
      title: v.title,
      category: v.category,
      audience: v.audience,
      variant: v.audience === 'VARIANT' ? v.variant : null,
      pinned: v.pinned,
      publishAt: v.publishAt.toISOString(),
      content: v.content,
    });
  }

  return (
    <Modal
      open
      title={editing ? '编辑公告' : '发布公告'}
      okText="保存"
      cancelText="取消"
      onOk={submit}
      confirmLoading={save.isPending}
      onCancel={onClose}
      width={720}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        <Form.Item
          name="title"
          label="标题"
          rules={[
            { required: true, whitespace: true, message: '请输入标题' },
            { max: 100, message: '标题不能超过100个字符' },
          ]}
        >
          <Input maxLength={100} placeholder="公告标题" />
        </Form.Item>
        <Form.Item name="category" label="类型">
          <Select
            options={[
              { value: 'NOTICE', label: '平台公告' },
              { value: 'SYSTEM', label: '系统公告' },
            ]}
          />
        </Form.Item>
        <Form.Item name="audience" label="可见对象">
          <Select options={audienceOptions} />
        </Form.Item>
        {audience === 'VARIANT' && (
          <Form.Item name="variant" label="站点" rules={[{ required: true, message: '请选择站点' }]}>
            <Select options={variantOptions} placeholder="选择站点" />
          </Form.Item>
        )}
        <Form.Item name="publishAt" label="发布时间" rules={[{ required: true, message: '请选择发布时间' }]} extra="晚于现在则到时自动发布">
          <DatePicker showTime style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="pinned" label="置顶" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="content"
          label="正文"
          rules={[{ required: true, whitespace: true, message: '请输入正文' }]}
          extra="支持 HTML 排版：段落、加粗、列表、链接、图片、表格；脚本和事件等不安全内容在保存时由服务器去除"
        >
          <Input.TextArea rows={10} maxLength={50_000} placeholder="<p>公告内容</p>" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
