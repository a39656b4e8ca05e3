/**
 * The row of buttons above a list's table: its batch actions, declared as data, then 导出Excel of
 * the filtered list (ExportButton), then anything the page adds.
 */
import { Button, Space } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { ExportButton } from './ExportButton';

export interface ListAction {
  label: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  primary?: boolean;
  danger?: boolean;
  loading?: boolean;
  icon?: ReactNode;
}

export interface ListToolbarProps {
  actions?: readonly (ListAction | false | null | undefined)[];
  /** The list's export call with its set filters; no button without it. */
  exportExcel?: () => Promise<unknown>;
  children?: ReactNode;
  style?: CSSProperties;
}

export function ListToolbar({ actions = [], exportExcel, children, style }: ListToolbarProps) {
  return (
    <Space style={{ marginBottom: 12, ...style }} wrap>
      {actions.map((a, i) => a && <ActionButton key={typeof a.label === 'string' ? a.label.replace(/（\d+）$/, '') : `action${i + 1}`} {...a} />)}
      {exportExcel && <ExportButton run={exportExcel} />}
      {children}
    </Space>
  );
}

function ActionButton({ label, primary, danger, disabled, loading, icon, onClick }: ListAction) {
  return (
    <Button type={primary ? 'primary' : undefined} danger={danger} disabled={disabled} loading={loading} icon={icon} onClick={onClick}>
      {label}
    </Button>
  );
}
