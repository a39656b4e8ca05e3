/**
 * The SMS code field with its 获取验证码 button: `send` asks the server (which checks the image
 * captcha first); the button counts down the server's resend cooldown.
 */
import type { PhoneCodeResult } from '@dropship/contract';
import { App, Button, Form, type FormInstance, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useConfigQuery } from '../app/shell-context';
import { request } from '../lib/request/browser';

/**
 * Sends an SMS code through `url` after the image captcha (when it is on): validates the key field
 * (and the captcha), posts `{ [field]: value, captchaId, captcha }`, shows a new captcha image for the
 * next send (the server burns a captcha on its first try), and answers the resend cooldown.
 */
export function useSmsCodeSender(form: FormInstance, field: string, url: string, sentTo: (maskedPhone: string) => string) {
  const { message } = App.useApp();
  const config = useConfigQuery();
  const captchaOn = !config.data?.captchaDisabled;
  const [captchaId, setCaptchaId] = useState('');
  const [refreshKey, setRefreshKey] = useState(0);
  async function sendCode(): Promise<number | null> {
    const v = await form.validateFields(captchaOn ? [field, 'captcha'] : [field]).catch(() => null);
    if (!v) return null;
    const r = await request<PhoneCodeResult>({ method: 'POST', url, data: { [field]: v[field], captchaId, captcha: v.captcha }, noToken: true });
    setRefreshKey((k) => k + 1);
    form.setFieldValue('captcha', '');
    if (r.errorCode !== 0 || !r.data) {
      message.error(r.errorMsg);
      return null;
    }
    message.success(sentTo(r.data.maskedPhone));
    return r.data.cooldownSeconds;
  }
  return { captchaOn, refreshKey, setCaptchaId, sendCode };
}

export function SmsCodeInput({ send }: { send: () => Promise<number | null> }) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Form.Item
        name="code"
        noStyle
        rules={[
          { required: true, message: '请输入短信验证码' },
          { pattern: /^\d{6}$/, message: '短信验证码为6位数字' },
        ]}
      >
        <Input placeholder="6位短信验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
      </Form.Item>
      <Button
        disabled={left > 0}
        loading={sending}
        onClick={async () => {
          setSending(true);
          const cooldown = await send().finally(() => setSending(false));
          if (cooldown) setLeft(cooldown);
        }}
      >
        {left > 0 ? `${left}秒后重发` : '获取验证码'}
      </Button>
    </Space.Compact>
  );
}

/** Password rules, the same as the server's: at least 8 characters with letters and digits. */
export const PASSWORD_RULES = [
  { required: true, message: '请输入密码' },
  { min: 8, message: '密码至少8位' },
  { pattern: /[A-Za-z]/, message: '密码必须同时包含字母和数字' },
  { pattern: /\d/, message: '密码必须同时包含字母和数字' },
];

export const confirmRule = (field: string) => [
  { required: true, message: '请再次输入密码' },
  ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
    validator: (_: unknown, v: string) => (!v || v === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致'))),
  }),
];
