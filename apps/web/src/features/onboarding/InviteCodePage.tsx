/**
 * 邀请码 (/accountPermission/inviteCode): a purchaser makes invite codes for sellers to bind with.
 * The whole code shows once, when made; the list keeps its last four characters, its uses and
 * expiry, and a live code can be revoked.
 */
import type { InviteCreateResult, InviteRow, InviteStatus } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, InputNumber, Popconfirm, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../lib/date';
import { onboardingApi, onboardingKeys } from './onboarding-api';

const STATUS: Record<InviteStatus, { text: string; color: string }> = {
  ACTIVE: { text: '可用', color: 'green' },
  EXPIRED: { text: '已过期', color: 'default' },
  USED_UP: { text: '已用完', color: 'default' },
  REVOKED: { text: '已作废', color: 'red' },
};

export default function InviteCodePage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [made, setMade] = useState<InviteCreateResult | null>(null);
  const list = useQuery({ queryKey: onboardingKeys.invites(), queryFn: onboardingApi.invites });
  const refresh = () => void qc.invalidateQueries({ queryKey: onboardingKeys.invites() });
  const create = useMutation({
    mutationFn: onboardingApi.createInvite,
    onSuccess: (r) => {
      setMade(r);
      refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: onboardingApi.revokeInvite,
    onSuccess: () => {
      message.success('邀请码已作废');
      refresh();
    },
  });

  return (
    <div>
      <Typography.Title level={4}>邀请码</Typography.Title>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Form layout="inline" initialValues={{ maxUses: 1, validDays: 7 }} onFinish={(v: { maxUses: number; validDays: number }) => create.mutate(v)}>
          <Form.Item name="maxUses" label="可用次数" rules={[{ required: true, message: '请输入可用次数' }]}>
            <InputNumber min={1} max={100} precision={0} />
          </Form.Item>
          <Form.Item name="validDays" label="有效天数" rules={[{ required: true, message: '请输入有效天数' }]}>
            <InputNumber min={1} max={30} precision={0} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            生成邀请码
          </Button>
        </Form>
        {made && (
          <Alert
            style={{ marginTop: 12 }}
            type="success"
            showIcon
            title={
              <span>
                邀请码：
                <Typography.Text copyable strong data-testid="invite-code">
                  {made.code}
                </Typography.Text>
              </span>
            }
            description={`可用${made.maxUses}次，${formatDateTime(made.expiresAt)} 前有效。邀请码只显示这一次，请复制后发给卖家。`}
          />
        )}
      </Card>
      <Table<InviteRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: '邀请码', dataIndex: 'hint', render: (h: string) => `****${h}` },
          { title: '状态', dataIndex: 'status', render: (s: InviteStatus) => <Tag color={STATUS[s].color}>{STATUS[s].text}</Tag> },
          { title: '已用 / 可用次数', render: (_, r) => `${r.usedCount} / ${r.maxUses}` },
          { title: '有效期至', dataIndex: 'expiresAt', render: (v: string) => formatDateTime(v) },
          { title: '生成时间', dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
          {
            title: '操作',
            render: (_, r) =>
              r.status === 'ACTIVE' ? (
                <Popconfirm title="作废后该邀请码不能再绑定，确定作废？" onConfirm={() => revoke.mutate(r.id)}>
                  <Button type="link" size="small" danger>
                    作废
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </div>
  );
}
