/** Up to WORK_ORDER_MAX_IMAGES images as data URLs (the server checks the bytes again: type, size, dimensions). */
import { PictureOutlined } from '@ant-design/icons';
import { WORK_ORDER_IMAGE_MAX_BYTES, WORK_ORDER_MAX_IMAGES } from '@dropship/contract';
import { App, Button, Image, Space, Upload } from 'antd';
import { readAsDataUrl } from '../../../lib/read-as-data-url';

export function ImagePicker({ value = [], onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  const { message } = App.useApp();
  const full = value.length >= WORK_ORDER_MAX_IMAGES;
  return (
    <Space size={8} wrap align="center">
      {value.map((src, i) => (
        <Space key={src.slice(-40) + String(i)} direction="vertical" size={0} align="center">
          <Image src={src} width={56} height={56} style={{ objectFit: 'cover' }} alt={`图片${i + 1}`} />
          <Button type="link" size="small" danger onClick={() => onChange?.(value.filter((_, j) => j !== i))}>
            删除
          </Button>
        </Space>
      ))}
      <Upload
        accept="image/jpeg,image/png,image/webp,image/gif"
        showUploadList={false}
        multiple
        disabled={full}
        beforeUpload={(file, batch) => {
          // One read per batch: antd calls this for each file of a multiple pick.
          if (file !== batch[0]) return false;
          const room = WORK_ORDER_MAX_IMAGES - value.length;
          if (batch.length > room) message.warning(`每次最多上传${WORK_ORDER_MAX_IMAGES}张图片`);
          const ok = batch.slice(0, room).filter((f) => {
            if (f.size <= WORK_ORDER_IMAGE_MAX_BYTES) return true;
            message.error(`图片「${f.name}」超过2MB，请压缩后重新上传`);
            return false;
          });
          void Promise.all(ok.map(readAsDataUrl)).then((urls) => onChange?.([...value, ...urls]));
          return false;
        }}
      >
        <Button icon={<PictureOutlined />} disabled={full}>
          添加图片（{value.length}/{WORK_ORDER_MAX_IMAGES}）
        </Button>
      </Upload>
    </Space>
  );
}
