/** The server's image captcha beside its answer field (sign-in, sign-up and password reset ask for it). */
import { Form, Input, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { request } from '../lib/request/browser';

export function CaptchaField({ refreshKey, onId }: { refreshKey: number; onId: (id: string) => void }) {
  const [image, setImage] = useState('');
  const load = useCallback(async () => {
    const r = await request<{ captchaId: string; image: string }>({ method: 'GET', url: '/api/b2/purchaser/auth/captcha', noToken: true });
    if (r.errorCode === 0 && r.data) {
      setImage(r.data.image);
      onId(r.data.captchaId);
    }
  }, [onId]);
  // A new image after each failed attempt: the server burns a captcha on its first try.
  useEffect(() => {
    if (refreshKey >= 0) void load();
  }, [load, refreshKey]);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Form.Item name="captcha" noStyle rules={[{ required: true, message: '请输入验证码' }]}>
        <Input placeholder="验证码" maxLength={8} autoComplete="off" />
      </Form.Item>
      <button
        type="button"
        onClick={() => void load()}
        title="看不清？点击刷新"
        style={{ padding: 0, border: '1px solid #d9d9d9', background: '#fff', cursor: 'pointer', height: 32 }}
      >
        <img src={image} alt="验证码，点击刷新" style={{ height: 30, display: 'block' }} />
      </button>
    </Space.Compact>
  );
}
