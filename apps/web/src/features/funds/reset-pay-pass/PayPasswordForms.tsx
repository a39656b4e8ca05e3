/**
 * The three ways to a pay password: set (first time, with the login password), change (with the
 * old one), reset (with an SMS code to the bound phone; also works when none was ever set).
 */
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Space } from 'antd';
import { paymentsApi } from '../payments-api';
import { confirmRules, newPayPasswordRules, PayPasswordInput, payPasswordRules } from './PayPasswordInput';
import { SmsCodeButton } from './SmsCodeButton';

const layout = { labelCol: { flex: '120px' }, style: { maxWidth: 520 } } as const;

function NewPasswordFields() {
  return (
    <>
      <Form.Item name="payPassword" label="新支付密码" rules={newPayPasswordRules()} extra="6位数字，不能是重复或连续的数字">
        <PayPasswordInput />
      </Form.Item>
      <Form.Item name="confirm" label="确认新支付密码" dependencies={['payPassword']} rules={confirmRules('payPassword')}>
        <PayPasswordInput />
      </Form.Item>
    </>
  );
}

export function SetPayPasswordForm({ onDone }: { onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const set = useMutation({
    mutationFn: (v: { loginPassword: string; payPassword: string }) =>
      paymentsApi.setPayPassword({ loginPassword: v.loginPassword, payPassword: v.payPassword }),
    onSuccess: () => {
      message.success('支付密码已设置');
      form.resetFields();
      onDone();
    },
  });
  return (
    <Form form={form} {...layout} onFinish={(v) => set.mutate(v)}>
      <Form.Item name="loginPassword" label="登录密码" rules={[{ required: true, message: '请输入登录密码' }]} extra="为保障资金安全，首次设置需验证登录密码">
        <Input.Password autoComplete="current-password" style={{ width: 200 }} maxLength={128} />
      </Form.Item>
      <NewPasswordFields />
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={set.isPending}>
          设置支付密码
        </Button>
      </Form.Item>
    </Form>
  );
}

export function ChangePayPasswordForm({ onDone }: { onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const change = useMutation({
    mutationFn: (v: { oldPayPassword: string; payPassword: string }) =>
      paymentsApi.changePayPassword({ oldPayPassword: v.oldPayPassword, payPassword: v.payPassword }),
    onSuccess: () => {
      message.success('支付密码已修改');
      form.resetFields();
    },
    onSettled: onDone,
  });
  return (
    <Form form={form} {...layout} onFinish={(v) => change.mutate(v)}>
      <Form.Item name="oldPayPassword" label="原支付密码" rules={payPasswordRules('原支付密码')}>
        <PayPasswordInput />
      </Form.Item>
      <NewPasswordFields />
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          确认修改
        </Button>
      </Form.Item>
    </Form>
  );
}

export function SmsResetForm({ maskedPhone, onDone }: { maskedPhone: string | null; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const reset = useMutation({
    mutationFn: (v: { smsCode: string; payPassword: string }) => paymentsApi.resetPayPassword({ smsCode: v.smsCode, payPassword: v.payPassword }),
    onSuccess: () => {
      message.success('支付密码已重置');
      form.resetFields();
      onDone();
    },
  });
  if (!maskedPhone) {
    return <Alert type="warning" showIcon title="账号未绑定手机号，无法通过短信验证码重置支付密码，请联系主账号管理员绑定手机号" />;
  }
  return (
    <Form form={form} {...layout} onFinish={(v) => reset.mutate(v)}>
      <Form.Item label="绑定手机">
        <span data-testid="masked-phone">{maskedPhone}</span>
      </Form.Item>
      <Form.Item label="短信验证码" required>
        <Space>
          <Form.Item
            name="smsCode"
            noStyle
            rules={[
              { required: true, message: '请输入短信验证码' },
              { pattern: /^\d{6}$/, message: '短信验证码必须是6位数字' },
            ]}
          >
            <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" placeholder="6位数字" style={{ width: 120 }} />
          </Form.Item>
          <SmsCodeButton />
        </Space>
      </Form.Item>
      <NewPasswordFields />
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={reset.isPending}>
          确认重置
        </Button>
      </Form.Item>
    </Form>
  );
}
