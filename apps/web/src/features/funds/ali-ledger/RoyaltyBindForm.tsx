/** Binding the seller's Alipay account as a split-ledger receiver: logon id (phone or e-mail) and real name. */
import { Button, Form, Input } from 'antd';

export interface BindValues {
  account: string;
  name: string;
}

export function RoyaltyBindForm({ loading, onBind }: { loading: boolean; onBind(v: BindValues): void }) {
  return (
    <Form<BindValues> layout="vertical" style={{ maxWidth: 420 }} onFinish={(v) => onBind({ account: v.account.trim(), name: v.name.trim() })}>
      <Form.Item
        name="account"
        label="支付宝账号"
        rules={[
          { required: true, whitespace: true, message: '请输入支付宝账号' },
          { pattern: /^\s*(1\d{10}|[^\s@]+@[^\s@]+\.[^\s@]+)\s*$/, message: '支付宝账号应为手机号或邮箱' },
        ]}
      >
        <Input maxLength={100} placeholder="手机号或邮箱" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="name"
        label="真实姓名或企业名称"
        extra="须与支付宝实名认证一致"
        rules={[{ required: true, whitespace: true, message: '请输入真实姓名或企业名称' }]}
      >
        <Input maxLength={60} autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={loading}>
        授权分账
      </Button>
    </Form>
  );
}
