/**
 * 注册 (/register): a seller signs up with a phone, an SMS code (the image captcha guards the
 * send), a password and the company name; the phone becomes the account name and the new seller
 * is signed in at once.
 */
import type { LoginResult } from '@dropship/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { storeIdentity } from '../app/session';
import { request } from '../lib/request/browser';
import { AuthCard } from './AuthCard';
import { CaptchaField } from './CaptchaField';
import { confirmRule, PASSWORD_RULES, SmsCodeInput, useSmsCodeSender } from './SmsCodeInput';

interface Values {
  phone: string;
  captcha?: string;
  code: string;
  password: string;
  confirm: string;
  companyName: string;
}

export default function RegisterPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { captchaOn, refreshKey, setCaptchaId, sendCode } = useSmsCodeSender(form, 'phone', '/api/auth/register/code', (phone) => `验证码已发送至 ${phone}`);
  const [loading, setLoading] = useState(false);

  async function submit(v: Values) {
    setLoading(true);
    const r = await request<LoginResult>({
      method: 'POST',
      url: '/api/auth/register',
      data: { phone: v.phone, code: v.code, password: v.password, companyName: v.companyName },
      noToken: true,
    });
    setLoading(false);
    if (r.errorCode !== 0 || !r.data) {
      message.error(r.errorMsg);
      return;
    }
    storeIdentity(r.data);
    queryClient.clear();
    message.success('注册成功');
    navigate('/home', { replace: true });
  }

  return (
    <AuthCard title="注册卖家账号">
      <Form form={form} name="register" layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          label="手机号（即登录账号）"
          name="phone"
          rules={[
            { required: true, message: '请输入手机号' },
            { pattern: /^1[3-9]\d{9}$/, message: '手机号必须是11位手机号码' },
          ]}
        >
          <Input placeholder="11位手机号" maxLength={11} inputMode="tel" autoComplete="tel" />
        </Form.Item>
        {captchaOn && (
          <Form.Item label="图片验证码" required>
            <CaptchaField refreshKey={refreshKey} onId={setCaptchaId} />
          </Form.Item>
        )}
        <Form.Item label="短信验证码" required>
          <SmsCodeInput send={sendCode} />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={PASSWORD_RULES} extra="至少8位，需同时包含字母和数字">
          <Input.Password placeholder="设置登录密码" maxLength={32} autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="确认密码" name="confirm" dependencies={['password']} rules={confirmRule('password')}>
          <Input.Password placeholder="再次输入密码" maxLength={32} autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="公司名称" name="companyName" rules={[{ required: true, whitespace: true, message: '请输入公司名称' }]}>
          <Input placeholder="店铺或公司名称" maxLength={50} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading}>
          注册并登录
        </Button>
        <div style={{ marginTop: 12, textAlign: 'center' }}>
          已有账号？<Link to="/login">去登录</Link>
        </div>
      </Form>
    </AuthCard>
  );
}
