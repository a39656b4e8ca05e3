/** 获取验证码 with the resend countdown the server answers (60 s), so a second tap cannot spam the phone. */
import { useMutation } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useEffect, useState } from 'react';
import { paymentsApi } from '../payments-api';

export function SmsCodeButton({ disabled }: { disabled?: boolean }) {
  const { message } = App.useApp();
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const send = useMutation({
    mutationFn: paymentsApi.sendSmsCode,
    onSuccess: (r) => {
      message.success(`验证码已发送至 ${r.maskedPhone}，${Math.round(r.expiresInSeconds / 60)}分钟内有效`);
      setLeft(r.cooldownSeconds);
    },
  });
  return (
    <Button disabled={disabled || left > 0} loading={send.isPending} onClick={() => send.mutate()} data-testid="sms-code-button">
      {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
    </Button>
  );
}
