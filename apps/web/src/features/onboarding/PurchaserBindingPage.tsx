/**
 * 绑定采购商 (/accountPermission/purchaserBinding): the seller binds to the purchaser that will take
 * its orders with the purchaser's invite code, or unbinds when nothing is in flight. Unbound, the
 * platform's default purchaser serves it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input, Popconfirm, Spin, Typography } from 'antd';
import { formatDateTime } from '../../lib/date';
import { onboardingApi, onboardingKeys } from './onboarding-api';

export default function PurchaserBindingPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const binding = useQuery({ queryKey: onboardingKeys.binding(), queryFn: onboardingApi.binding });
  const refresh = () => void qc.invalidateQueries({ queryKey: onboardingKeys.binding() });
  const bind = useMutation({
    mutationFn: (v: { code: string }) => onboardingApi.bind(v.code.trim()),
    onSuccess: (b) => {
      message.success(`已绑定采购商「${b.purchaserName}」`);
      refresh();
    },
  });
  const unbind = useMutation({
    mutationFn: onboardingApi.unbind,
    onSuccess: () => {
      message.success('已解除绑定');
      refresh();
    },
  });

  if (!binding.data) return <Spin description="正在加载…" />;
  const b = binding.data;
  return (
    <div>
      <Typography.Title level={4}>绑定采购商</Typography.Title>
      <Card size="small">
        {b.bound ? (
          <>
            <Descriptions column={1} size="small" data-testid="binding">
              <Descriptions.Item label="采购商">{b.purchaserName}</Descriptions.Item>
              <Descriptions.Item label="绑定时间">{formatDateTime(b.boundAt)}</Descriptions.Item>
            </Descriptions>
            <Popconfirm
              title="确定解除绑定？"
              description="解除后由平台默认采购商为您拿货发货；有未完成的订单或售后时不能解除。"
              onConfirm={() => unbind.mutate()}
            >
              <Button danger loading={unbind.isPending} style={{ marginTop: 12 }}>
                解除绑定
              </Button>
            </Popconfirm>
          </>
        ) : (
          <>
            <Typography.Paragraph type="secondary">尚未绑定采购商，当前由平台默认采购商为您拿货发货。向采购商索取邀请码后在此绑定。</Typography.Paragraph>
            <Form layout="inline" onFinish={(v: { code: string }) => bind.mutate(v)}>
              <Form.Item name="code" label="邀请码" rules={[{ required: true, whitespace: true, message: '请输入邀请码' }]}>
                <Input placeholder="采购商提供的邀请码" maxLength={32} style={{ width: 240 }} autoComplete="off" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={bind.isPending}>
                绑定
              </Button>
            </Form>
          </>
        )}
      </Card>
    </div>
  );
}
