/**
 * 列设置: a list's column chooser. The page passes its columns through useColumnSettings and puts
 * the returned button in its toolbar; what a user hides stays hidden for that user (column-settings.ts).
 */
import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { canHide, columnKey, readHidden, type SettableColumn, storageKeyOf, visibleColumns, writeHidden } from './column-settings';

export function useColumnSettings<C extends SettableColumn>(listKey: string, columns: readonly C[]): { columns: C[]; button: ReactNode } {
  const storageKey = storageKeyOf(listKey);
  const [hidden, setHidden] = useState(() => readHidden(storageKey));
  const change = (next: string[]) => {
    setHidden(next);
    writeHidden(storageKey, next);
  };
  const shown = useMemo(() => visibleColumns(columns, hidden), [columns, hidden]);
  const choices = columns.filter(canHide);
  const content = (
    <Space direction="vertical" size={4} data-testid="column-settings">
      {choices.map((c) => {
        const key = columnKey(c);
        return (
          <Checkbox key={key} checked={!hidden.includes(key)} onChange={(e) => change(e.target.checked ? hidden.filter((k) => k !== key) : [...hidden, key])}>
            {typeof c.title === 'string' ? c.title : key}
          </Checkbox>
        );
      })}
      <Button size="small" type="link" style={{ padding: 0 }} disabled={hidden.length === 0} onClick={() => change([])}>
        恢复默认
      </Button>
    </Space>
  );
  const button = (
    <Popover trigger="click" placement="bottomRight" title="显示的列" content={content}>
      <Button icon={<SettingOutlined />}>列设置</Button>
    </Popover>
  );
  return { columns: shown, button };
}
