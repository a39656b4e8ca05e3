/** The right panel: place and text style of the selected canvas object. */
import { Empty, Form, InputNumber, Segmented, Switch, Typography } from 'antd';
import type { DesignBox, StylePatch, TagPart, TextAlign } from './tag-model';
import { pxToMm } from './tag-model';

interface Props {
  box: DesignBox | undefined;
  part: TagPart;
  onStyle(patch: StylePatch): void;
}

const mm = (px: number) => pxToMm(px).toFixed(1);

export function ElementStylePanel({ box, part, onStyle }: Props) {
  if (!box) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="在画布上点选一个元素进行编辑" />;
  const text = box.kind === 'text';
  return (
    <div data-testid="tag-style-panel">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {box.label}
      </Typography.Title>
      <Typography.Paragraph type="secondary" data-testid="tag-geometry" style={{ fontSize: 12 }}>
        位置 {mm(box.x)}, {mm(box.y)} mm · 大小 {mm(box.width)} × {mm(box.height)} mm
      </Typography.Paragraph>
      {text ? (
        <Form layout="vertical" size="small">
          <Form.Item label="字号">
            <InputNumber
              aria-label="字号"
              min={6}
              max={40}
              precision={0}
              value={box.fontSize}
              onChange={(v) => typeof v === 'number' && v >= 6 && v <= 40 && onStyle({ fontSize: v })}
            />
          </Form.Item>
          {part === 'pickup' ? (
            <>
              <Form.Item label="加粗">
                <Switch aria-label="加粗" checked={box.bold} onChange={(bold) => onStyle({ bold })} />
              </Form.Item>
              <Form.Item label="对齐">
                <Segmented<TextAlign>
                  value={box.align}
                  onChange={(align) => onStyle({ align })}
                  options={[
                    { label: '左', value: 'left' },
                    { label: '中', value: 'center' },
                    { label: '右', value: 'right' },
                  ]}
                />
              </Form.Item>
            </>
          ) : null}
          <Form.Item label="自动换行">
            <Switch aria-label="自动换行" checked={box.isWrap} onChange={(isWrap) => onStyle({ isWrap })} />
          </Form.Item>
          <Form.Item label="最多行数">
            <InputNumber
              aria-label="最多行数"
              min={1}
              max={20}
              precision={0}
              value={box.maxLines}
              disabled={!box.isWrap}
              onChange={(v) => typeof v === 'number' && v >= 1 && v <= 20 && onStyle({ maxLines: v })}
            />
          </Form.Item>
        </Form>
      ) : (
        <Typography.Paragraph type="secondary">{box.kind === 'qrcode' ? '二维码' : '条形码'}：拖动调整位置，拖动边角调整大小。</Typography.Paragraph>
      )}
    </div>
  );
}
