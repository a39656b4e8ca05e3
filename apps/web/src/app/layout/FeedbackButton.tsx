import { FormOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useOpenedOnce } from '../../lib/use-opened-once';

const FeedbackDialog = lazy(() => import('./FeedbackDialog'));

/** 意见反馈: the button; its dialog loads on the first click and stays mounted, so closing still animates. */
export function FeedbackButton({ compact = false }: { compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <>
      <Button type="text" icon={<FormOutlined />} onClick={() => setOpen(true)} aria-label="意见反馈" title={compact ? '意见反馈' : undefined}>
        {!compact && '意见反馈'}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <FeedbackDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
