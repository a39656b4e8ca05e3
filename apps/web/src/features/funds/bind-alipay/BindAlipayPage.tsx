/**
 * 绑定支付宝 (/funds/bindAlipay): the Alipay account withdrawals are paid to — logon id (phone or
 * e-mail) and the real name Alipay checks it against — confirmed with the pay password.
 * `?back=/path` returns there afterwards (the withdraw tab sends the seller here).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, Input, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/date';
import { paymentsApi, paymentsKeys } from '../payments-api';
import { PayPasswordInput, payPasswordRules } from '../reset-pay-pass/PayPasswordInput';

const safeBack = (v: string | null) => (v && /^\/(?!\/)/.test(v) ? v : null);

export default function BindAlipayPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = safeBack(params.get('back')) ?? '/funds/rechargeWithdraw?tab=withdraw';
  const [form] = Form.useForm<{ alipayAccount: string; realName: string; payPassword: string }>();
  const account = useQuery({ queryKey: paymentsKeys.withdrawAccount(), queryFn: paymentsApi.withdrawAccount });
  const payPassword = useQuery({ queryKey: paymentsKeys.payPassword(), queryFn: paymentsApi.payPasswordStatus });
  const bind = useMutation({
    mutationFn: paymentsApi.bindWithdrawAccount,
    onSuccess: () => {
      message.success('提现支付宝账号已绑定');
      void qc.invalidateQueries({ queryKey: paymentsKeys.withdrawAccount() });
      navigate(back);
    },
    onError: () => void qc.invalidateQueries({ queryKey: paymentsKeys.payPassword() }),
  });

  return (
    <div>
      <Typography.Title level={4}>绑定支付宝</Typography.Title>
      <Card size="small">
        {account.data?.bound && (
          <Descriptions size="small" column={1} style={{ marginBottom: 16 }} title="当前绑定">
            <Descriptions.Item label="支付宝账号">{account.data.alipayAccount}</Descriptions.Item>
            <Descriptions.Item label="真实姓名">{account.data.realName}</Descriptions.Item>
            <Descriptions.Item label="绑定时间">{formatDateTime(account.data.updatedAt)}</Descriptions.Item>
          </Descriptions>
        )}
        {payPassword.data && !payPassword.data.isSet && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="绑定提现账号需要支付密码，请先设置"
            action={<Link to={`/funds/resetPayPass?back=${encodeURIComponent(`/funds/bindAlipay?back=${encodeURIComponent(back)}`)}`}>去设置</Link>}
          />
        )}
        <Form form={form} labelCol={{ flex: '110px' }} style={{ maxWidth: 560 }} onFinish={(v) => bind.mutate(v)}>
          <Form.Item
            name="alipayAccount"
            label="支付宝账号"
            rules={[
              { required: true, message: '请输入支付宝账号' },
              { pattern: /^(1\d{10}|[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})$/, message: '支付宝账号必须是手机号或邮箱' },
            ]}
          >
            <Input placeholder="支付宝登录手机号或邮箱" maxLength={100} style={{ width: 280 }} />
          </Form.Item>
          <Form.Item
            name="realName"
            label="真实姓名"
            extra="须与支付宝实名认证的姓名一致，否则提现会被支付宝退回"
            rules={[
              { required: true, message: '请输入真实姓名' },
              { min: 2, message: '真实姓名至少2个字' },
              { pattern: /^[\u4e00-\u9fa5·A-Za-z ]+$/, message: '真实姓名只能包含汉字、字母和间隔号' },
            ]}
          >
            <Input maxLength={30} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="payPassword" label="支付密码" rules={payPasswordRules()}>
            <PayPasswordInput />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <Button type="primary" htmlType="submit" loading={bind.isPending}>
              {account.data?.bound ? '更换绑定' : '确认绑定'}
            </Button>
          </Form.Item>
        </Form>
      </Card>
    </div>
  );
}
