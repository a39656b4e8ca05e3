import { App, Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { request } from '../lib/request/browser';
import { AuthCard } from './AuthCard';
import { CaptchaField } from './CaptchaField';
import { confirmRule, PASSWORD_RULES, SmsCodeInput, useSmsCodeSender } from './SmsCodeInput';

interface Values {
  username: string;
  captcha?: string;
  code: string;
  password: string;
  confirm: string;
}

export default function ForgetPasswordPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { captchaOn, refreshKey, setCaptchaId, sendCode } = useSmsCodeSender(
    form,
    'username',
    '/api/auth/password/code',
    (phone) => `验证码已发送至账号绑定的手机 ${phone}`,
  );
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(v: Values) {
    setLoading(true);
    const r = await request<null>({
      method: 'POST',
      url: '/api/auth/password/reset',
      data: { username: v.username, code: v.code, password: v.password },
      noToken: true,
    });
    setLoading(false);
    if (r.errorCode !== 0) {
      message.error(r.errorMsg);
      return;
    }
    setDone(true);
  }

  if (done) {
    return (
      <AuthCard title="找回密码">
        <Result
          status="success"
          title="密码已重置"
          subTitle="该账号在所有设备上的登录已退出，请用新密码登录"
          extra={
            <Link to="/login">
              <Button type="primary">去登录</Button>
            </Link>
          }
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="找回密码">
      <Form form={form} name="forget" layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label="账号" name="username" rules={[{ required: true, whitespace: true, message: '请输入账号' }]}>
          <Input placeholder="登录账号（卖家、采购商或子账号）" maxLength={64} autoComplete="username" />
        </Form.Item>
        {captchaOn && (
          <Form.Item label="图片验证码" required>
            <CaptchaField refreshKey={refreshKey} onId={setCaptchaId} />
          </Form.Item>
        )}
        <Form.Item label="短信验证码" required extra="验证码发送到账号绑定的手机；未绑定手机的账号请联系主账号管理员或平台客服">
          <SmsCodeInput send={sendCode} />
        </Form.Item>
        <Form.Item label="新密码" name="password" rules={PASSWORD_RULES} extra="至少8位，需同时包含字母和数字">
          <Input.Password placeholder="新密码" maxLength={32} autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="确认新密码" name="confirm" dependencies={['password']} rules={confirmRule('password')}>
          <Input.Password placeholder="再次输入新密码" maxLength={32} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading}>
          重置密码
        </Button>
        <div style={{ marginTop: 12, textAlign: 'center' }}>
          <Link to="/login">返回登录</Link>
        </div>
      </Form>
    </AuthCard>
  );
}
