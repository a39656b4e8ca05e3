/**
 * 售后图片 / 验货图片 as a Form.Item control: photos uploaded (antd Upload, picture-card) through
 * `upload` into the site's photo storage, whose address goes into the form's photos, or a link typed
 * or pasted in (http(s) or a site path) as before. Checked here by type and size (the server checks
 * the bytes again) and by the contract's own rule; a click previews with antd Image.
 */

import { PlusOutlined } from '@ant-design/icons';
import { AFTER_SALE_MAX_PHOTOS, AFTER_SALE_PHOTO_ACCEPT, AFTER_SALE_PHOTO_MAX_BYTES, AfterSaleApplyBody } from '@dropship/contract';
import { App, Image, Input, Space, Typography, Upload, type UploadFile } from 'antd';
import { useRef, useState } from 'react';
import { readAsDataUrl } from '../../../lib/read-as-data-url';

interface Props {
  value?: string[];
  onChange?(value: string[]): void;
  /** Stores one image (a data URL) and answers its address; without it only links can be added. */
  upload?(image: string): Promise<{ url: string }>;
  /** A warehouse page on a phone: any image and the camera first (the server still takes only JPG/PNG/WebP). */
  camera?: boolean;
  /** What each photo is called (its thumbnail's alt text). */
  label?: string;
}

const problemOf = (links: string[]) => {
  const r = AfterSaleApplyBody.shape.photos.safeParse(links);
  return r.success ? null : (r.error.issues[0]?.message ?? '图片地址不正确');
};

const TYPES = AFTER_SALE_PHOTO_ACCEPT.split(',');

export function PhotoLinksField({ value = [], onChange, upload, camera, label = '售后图片' }: Props) {
  const { message } = App.useApp();
  const [draft, setDraft] = useState('');
  const [uploading, setUploading] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);
  const full = value.length + uploading >= AFTER_SALE_MAX_PHOTOS;
  const add = (raw: string) => {
    const link = raw.trim();
    if (!link) return;
    if (value.includes(link)) return setDraft('');
    const problem = problemOf([...value, link]);
    if (problem) return void message.error(problem);
    onChange?.([...value, link]);
    setDraft('');
  };
  // `value` as it is when an upload ends: several uploads at once each add to the latest list.
  const latest = useRef(value);
  latest.current = value;
  const store = async (file: File) => {
    if (!upload) return;
    setUploading((n) => n + 1);
    try {
      const { url } = await upload(await readAsDataUrl(file));
      onChange?.([...latest.current, url]);
    } catch (e) {
      message.error(e instanceof Error && e.message ? e.message : '图片上传失败，请重试');
    } finally {
      setUploading((n) => n - 1);
    }
  };
  const files: UploadFile[] = value.map((url, i) => ({ uid: url, name: `${label}${i + 1}`, status: 'done', url, thumbUrl: url }));
  for (let i = 0; i < uploading; i++) files.push({ uid: `uploading-${i}`, name: '上传中', status: 'uploading' });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Upload
        listType="picture-card"
        accept={camera ? 'image/*' : AFTER_SALE_PHOTO_ACCEPT}
        capture={camera ? 'environment' : undefined}
        multiple={!camera}
        fileList={files}
        disabled={!upload}
        onPreview={(f) => setPreview(f.url ?? null)}
        onRemove={(f) => onChange?.(value.filter((x) => x !== f.url))}
        beforeUpload={(file) => {
          if (!TYPES.includes(file.type)) message.error('只能上传 JPG、PNG 或 WebP 格式的图片');
          else if (file.size > AFTER_SALE_PHOTO_MAX_BYTES) message.error('图片不能超过2MB，请压缩后重新上传');
          else if (value.length + uploading >= AFTER_SALE_MAX_PHOTOS) message.error(`最多上传${AFTER_SALE_MAX_PHOTOS}张图片`);
          else void store(file);
          return Upload.LIST_IGNORE;
        }}
      >
        {upload && !full && (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }} aria-label="上传图片">
            <PlusOutlined />
            <div style={{ marginTop: 4 }}>{camera ? '拍照/上传' : '上传'}</div>
          </button>
        )}
      </Upload>
      {preview && (
        <Image
          styles={{ root: { display: 'none' } }}
          alt="图片预览"
          src={preview}
          preview={{ open: true, onOpenChange: (open) => !open && setPreview(null) }}
        />
      )}
      <Input.Search
        aria-label="图片链接"
        placeholder="或粘贴图片链接，如 https://…/a.jpg"
        enterButton="添加图片"
        maxLength={500}
        value={draft}
        disabled={full}
        onChange={(e) => setDraft(e.target.value)}
        onSearch={add}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        最多 {AFTER_SALE_MAX_PHOTOS} 张，JPG/PNG/WebP，每张不超过2MB
      </Typography.Text>
    </Space>
  );
}
