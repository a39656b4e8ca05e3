/**
 * 售后图片 as a Form.Item control. The project has no image upload call, so a photo is a link typed
 * or pasted in (http(s) or a site path), checked by the contract's own rule and shown as it will
 * appear on the after-sale.
 */

import { DeleteOutlined } from '@ant-design/icons';
import { AFTER_SALE_MAX_PHOTOS, AfterSaleApplyBody } from '@dropship/contract';
import { App, Button, Image, Input, Space, Typography } from 'antd';
import { useState } from 'react';

interface Props {
  value?: string[];
  onChange?(value: string[]): void;
}

const problemOf = (links: string[]) => {
  const r = AfterSaleApplyBody.shape.photos.safeParse(links);
  return r.success ? null : (r.error.issues[0]?.message ?? '图片地址不正确');
};

export function PhotoLinksField({ value = [], onChange }: Props) {
  const { message } = App.useApp();
  const [draft, setDraft] = useState('');
  const add = (raw: string) => {
    const link = raw.trim();
    if (!link) return;
    if (value.includes(link)) return setDraft('');
    const problem = problemOf([...value, link]);
    if (problem) return void message.error(problem);
    onChange?.([...value, link]);
    setDraft('');
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value.length > 0 && (
        <Image.PreviewGroup>
          <Space wrap>
            {value.map((p, i) => (
              <Space key={p} orientation="vertical" size={0} align="center">
                <Image src={p} width={64} height={64} style={{ objectFit: 'cover' }} alt={`售后图片${i + 1}`} />
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`删除图片${i + 1}`}
                  onClick={() => onChange?.(value.filter((x) => x !== p))}
                />
              </Space>
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
      <Input.Search
        aria-label="图片链接"
        placeholder="粘贴图片链接，如 https://…/a.jpg"
        enterButton="添加图片"
        maxLength={500}
        value={draft}
        disabled={value.length >= AFTER_SALE_MAX_PHOTOS}
        onChange={(e) => setDraft(e.target.value)}
        onSearch={add}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        最多 {AFTER_SALE_MAX_PHOTOS} 张，填写图片的网络链接（暂不支持从电脑上传）
      </Typography.Text>
    </Space>
  );
}
