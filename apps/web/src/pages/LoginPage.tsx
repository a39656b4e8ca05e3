/**
 * Sign-in for sellers and purchasers. The purchaser tab asks for the server's image captcha
 * (unless the server runs with CAPTCHA_DISABLED for automated tests); the seller tab asks for it
 * once the server does, after many failed sign-ins from the same address.
 */
import { ErrorCode, type LoginResult } from '@dropship/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeJumpTarget } from '../app/redirects';
import { storeIdentity } from '../app/session';
import { useConfigQuery } from '../app/shell-context';
import { request } from '../lib/request/browser';
import { CaptchaField } from './CaptchaField';

type Portal = 'seller' | 'purchaser';

function LoginForm({ portal, captcha, captchaDisabled }: { portal: Portal; captcha: boolean; captchaDisabled: boolean }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [loading, setLoading] = useState(false);
  const [captchaId, setCaptchaId] = useState('');
  const [refreshKey, setRefreshKey] = useState(0);
  // The seller tab asks for the captcha only once the server does (many failed sign-ins from this
  // address answer 11002 until one comes with a right captcha).
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const showCaptcha = captcha || (captchaAsked && !captchaDisabled);

  async function submit(values: { username: string; password: string; captcha?: string }) {
    setLoading(true);
    const url = portal === 'seller' ? '/api/auth/login' : '/api/b2/purchaser/auth/login';
    const r = await request<LoginResult>({ method: 'POST', url, data: { ...values, captchaId }, noToken: true });
    setLoading(false);
    if (r.errorCode !== 0 || !r.data) {
      if (r.errorCode === ErrorCode.CAPTCHA_WRONG) setCaptchaAsked(true);
      message.error(r.errorMsg);
      setRefreshKey((k) => k + 1);
      return;
    }
    storeIdentity(r.data);
    queryClient.clear();
    const jump = safeJumpTarget(params.get('jump'));
    // Without a page to go back to, 工作台 decides where this account starts (route-gate.tsx: a picker's workbench).
    navigate(jump ?? '/home', { replace: true, state: jump ? undefined : { signedIn: true } });
  }

  return (
    <Form name={portal} layout="vertical" onFinish={submit} autoComplete="on" requiredMark={false}>
      <Form.Item label="账号" name="username" rules={[{ required: true, message: '请输入账号' }]}>
        <Input placeholder={portal === 'seller' ? '卖家账号' : '采购商账号或子账号'} maxLength={64} autoComplete="username" />
      </Form.Item>
      <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password placeholder="密码" maxLength={128} autoComplete="current-password" />
      </Form.Item>
      {showCaptcha && (
        <Form.Item label="验证码" required>
          <CaptchaField refreshKey={refreshKey} onId={setCaptchaId} />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={loading}>
        登录
      </Button>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 12 }}>
        {portal === 'seller' ? <Link to="/register">注册卖家账号</Link> : <span />}
        <Link to="/forgetPassword">忘记密码</Link>
      </Space>
    </Form>
  );
}

export default function LoginPage() {
  const config = useConfigQuery();
  const [params, setParams] = useSearchParams();
  const portal: Portal = params.get('portal') === 'purchaser' ? 'purchaser' : 'seller';
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'linear-gradient(135deg,#e6f4ff,#f5f5f5)' }}>
      <Card style={{ width: 380 }}>
        <Typography.Title level={3} style={{ textAlign: 'center' }}>
          {config.data?.brandName ?? '代发助手'}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          档口拿货 · 一件代发 · 标签打印
        </Typography.Paragraph>
        <Tabs
          activeKey={portal}
          onChange={(k) => {
            const next = new URLSearchParams(params);
            next.set('portal', k);
            setParams(next, { replace: true });
          }}
          items={[
            {
              key: 'seller',
              label: '卖家登录',
              children: <LoginForm portal="seller" captcha={false} captchaDisabled={Boolean(config.data?.captchaDisabled)} />,
            },
            {
              key: 'purchaser',
              label: '采购商登录',
              children: <LoginForm portal="purchaser" captcha={!config.data?.captchaDisabled} captchaDisabled={Boolean(config.data?.captchaDisabled)} />,
            },
          ]}
        />
      </Card>
    </div>
  );
}
