/**
 * 版本发布 (/operator/version): the version file every page checks on navigation (SPEC.md section 4);
 * publishing a new one asks every open page to refresh. The administrator's alone (decision 0029).
 */
import type { VersionFile } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input, Typography } from 'antd';
import type { z } from 'zod';
import { call } from '../../app/api';

type Version = z.infer<typeof VersionFile>;

const current = async (): Promise<Version> => {
  const res = await fetch(`/version.json?t=${Date.now()}`, { cache: 'no-store' });
  return (await res.json()) as Version;
};
const publish = (body: Version) => call<Version>({ method: 'POST', url: '/api/operator/version', data: body });

export default function VersionPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Version>();
  const version = useQuery({ queryKey: ['operator-console', 'version'], queryFn: current });
  const save = useMutation({
    mutationFn: publish,
    onSuccess: () => {
      message.success('新版本已发布，用户下次切换页面时会收到刷新提示');
      form.resetFields();
      return queryClient.invalidateQueries({ queryKey: ['operator-console', 'version'] });
    },
  });
  return (
    <div>
      <Typography.Title level={4}>版本发布</Typography.Title>
      <Card title="当前版本" style={{ marginBottom: 16 }} loading={version.isLoading}>
        <Descriptions
          column={1}
          items={[
            { key: 'v', label: '版本号', children: version.data?.version ?? '—' },
            { key: 'd', label: '更新说明', children: version.data?.desc || '—' },
          ]}
        />
      </Card>
      <Card title="发布新版本">
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate({ version: v.version, desc: v.desc ?? '' })} style={{ maxWidth: 560 }}>
          <Form.Item
            name="version"
            label="版本号"
            rules={[
              { required: true, message: '请输入版本号' },
              { pattern: /^[0-9A-Za-z.-]{1,32}$/, message: '版本号只能包含字母、数字、点和横线，最多32个字符' },
            ]}
          >
            <Input placeholder="如 1.8.0" maxLength={32} />
          </Form.Item>
          <Form.Item name="desc" label="更新说明" rules={[{ max: 2000, message: '更新说明不能超过2000个字符' }]}>
            <Input.TextArea rows={4} maxLength={2000} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            发布
          </Button>
        </Form>
      </Card>
    </div>
  );
}
