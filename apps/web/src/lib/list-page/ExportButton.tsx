/** 导出Excel, the one way every list exports: the list's set filters go to its export call. */
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import type { CSSProperties } from 'react';

export interface ExportButtonProps {
  run: () => Promise<unknown>;
  /** After the file is saved (a message, say). */
  onDone?: () => void;
  style?: CSSProperties;
  label?: string;
  /** What the button says while the file is being made, where that takes a while. */
  busyLabel?: string;
  /** Nothing to export yet (an empty list). */
  disabled?: boolean;
}

export function ExportButton({ run, onDone, style, label = '导出Excel', busyLabel = label, disabled }: ExportButtonProps) {
  const exporting = useMutation({ mutationFn: run, onSuccess: onDone });
  return (
    <Button icon={<DownloadOutlined />} loading={exporting.isPending} disabled={disabled} onClick={() => exporting.mutate()} style={style}>
      {exporting.isPending ? busyLabel : label}
    </Button>
  );
}
