/** 导出Excel, the one way every list exports: the list's set filters go to its export call. */
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import type { CSSProperties } from 'react';

export function ExportButton({ run, style, label = '导出Excel' }: { run: () => Promise<unknown>; style?: CSSProperties; label?: string }) {
  const exporting = useMutation({ mutationFn: run });
  return (
    <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()} style={style}>
      {label}
    </Button>
  );
}
