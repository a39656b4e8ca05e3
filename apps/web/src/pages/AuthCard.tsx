/** The centred card the sign-in, sign-up and password reset pages share. */
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useConfigQuery } from '../app/shell-context';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const config = useConfigQuery();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'linear-gradient(135deg,#e6f4ff,#f5f5f5)' }}>
      <Card style={{ width: 400 }}>
        <Typography.Title level={3} style={{ textAlign: 'center' }}>
          {config.data?.brandName ?? '代发助手'}
        </Typography.Title>
        <Typography.Title level={5} style={{ textAlign: 'center', marginTop: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </div>
  );
}
