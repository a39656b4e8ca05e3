/** The left panel: the part's fields as checkboxes, radio choices (mutil_radio) and typed texts (input_text). */
import type { TagElement, TagKey } from '@dropship/labels/template';
import { Checkbox, Input, Radio, Space, Typography } from 'antd';

interface Props {
  elements: TagElement[];
  onCheck(key: string, checked: boolean): void;
  onChild(key: string, child: TagKey): void;
  onText(key: string, text: string): void;
}

export function ElementPalette({ elements, onCheck, onChild, onText }: Props) {
  return (
    <Space orientation="vertical" size={10} style={{ width: '100%' }} data-testid="tag-palette">
      {elements.map((e) => (
        <div key={e.key}>
          <Checkbox checked={e.checked} onChange={(ev) => onCheck(e.key, ev.target.checked)}>
            {e.label}
          </Checkbox>
          {e.type !== 'input_text' && e.mockValue && !e.children ? (
            <Typography.Text type="secondary" style={{ display: 'block', marginLeft: 24, fontSize: 12 }} ellipsis>
              示例：{e.mockValue}
            </Typography.Text>
          ) : null}
          {e.type === 'mutil_radio' && e.children ? (
            <Radio.Group
              style={{ display: 'block', marginLeft: 24 }}
              size="small"
              disabled={!e.checked}
              value={e.selectedChild ?? e.key}
              onChange={(ev) => onChild(e.key, ev.target.value as TagKey)}
              options={e.children.map((c) => ({ label: c.label, value: c.key }))}
            />
          ) : null}
          {e.type === 'input_text' ? (
            <Input
              size="small"
              style={{ marginLeft: 24, width: 'calc(100% - 24px)' }}
              aria-label={`${e.label}内容`}
              placeholder="请输入自定义文字"
              maxLength={60}
              disabled={!e.checked}
              value={e.mockValue}
              onChange={(ev) => onText(e.key, ev.target.value)}
            />
          ) : null}
        </div>
      ))}
    </Space>
  );
}
