import { CustomerServiceOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { lazy, Suspense } from 'react';
import { useShell } from '../shell-context';

const CustomerServiceCard = lazy(() => import('./CustomerServiceCard'));

export function CustomerServiceButton({ compact = false }: { compact?: boolean }) {
  const cs = useShell()?.customerService;
  // The popover renders its body on the first opening, so the card's code loads then.
  const content = cs ? (
    <Suspense fallback={<div style={{ width: 240 }} />}>
      <CustomerServiceCard phone={cs.phone} wechat={cs.wechat} hours={cs.hours} />
    </Suspense>
  ) : null;
  return (
    <Popover content={content} title="联系客服" trigger="click" placement="bottomRight">
      <Button type="text" icon={<CustomerServiceOutlined />} aria-label="客服" title={compact ? '客服' : undefined}>
        {!compact && '客服'}
      </Button>
    </Popover>
  );
}
