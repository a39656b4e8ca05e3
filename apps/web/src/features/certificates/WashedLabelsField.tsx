/**
 * Wash-care symbols (洗涤标识) as a Form.Item control: each a small PNG/JPEG read in the browser as
 * a data URL (no upload call) with its Chinese meaning.
 */
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { CertificateFields } from '@dropship/contract';
import { App, Button, Input, Space, Typography, Upload } from 'antd';
import { readAsDataUrl } from '../../lib/read-as-data-url';
import { MAX_WASHED_LABELS, washedImageProblem } from './certificate-fields';

type WashedLabel = CertificateFields['washedLabelList'][number];

interface Props {
  value?: WashedLabel[];
  onChange?(value: WashedLabel[]): void;
}

export function WashedLabelsField({ value = [], onChange }: Props) {
  const { message } = App.useApp();
  // Several files chosen at once arrive one by one; the running list keeps each of them.
  let current = value;
  const add = async (file: File) => {
    const problem = washedImageProblem(file, current.length);
    if (problem) {
      message.error(problem);
      return;
    }
    const image = await readAsDataUrl(file);
    current = [...current, { image, zhDesc: '' }];
    onChange?.(current);
  };
  const update = (i: number, patch: Partial<WashedLabel> | null) =>
    onChange?.(patch === null ? value.filter((_, j) => j !== i) : value.map((w, j) => (j === i ? { ...w, ...patch } : w)));

  return (
    <div data-testid="washed-labels">
      <Space orientation="vertical" style={{ width: '100%' }}>
        {value.map((w, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; the order is the identity
          <Space key={i} align="center">
            <img src={w.image} alt={w.zhDesc || `洗涤标识${i + 1}`} style={{ width: 32, height: 32, objectFit: 'contain', border: '1px solid #f0f0f0' }} />
            <Input
              aria-label={`洗涤说明${i + 1}`}
              placeholder="洗涤说明，如：不可漂白"
              maxLength={30}
              status={w.zhDesc.trim() ? undefined : 'error'}
              value={w.zhDesc}
              onChange={(e) => update(i, { zhDesc: e.target.value })}
              style={{ width: 220 }}
            />
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`删除洗涤标识${i + 1}`} onClick={() => update(i, null)} />
          </Space>
        ))}
        <Upload
          accept="image/png,image/jpeg"
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            void add(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} disabled={value.length >= MAX_WASHED_LABELS}>
            上传洗涤标识
          </Button>
        </Upload>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          PNG 或 JPEG，每张不超过 200KB，最多 {MAX_WASHED_LABELS} 个，每个须填写中文说明
        </Typography.Text>
      </Space>
    </div>
  );
}
