/**
 * A goods line's picture as a small thumbnail that opens antd's preview: pickers find goods at a
 * stall by photo, sellers recognise their lines by it. No picture: a grey square of the same size,
 * so the lines stay aligned.
 */
import { Image } from 'antd';

export function GoodsThumb({ src, alt, size = 48 }: { src: string | null | undefined; alt: string; size?: number }) {
  if (!src) return <div style={{ width: size, height: size, flex: 'none', background: '#f5f5f5', borderRadius: 4 }} />;
  return (
    <Image
      src={src}
      alt={alt}
      width={size}
      height={size}
      style={{ objectFit: 'cover', borderRadius: 4 }}
      preview={{ mask: '预览' }}
      data-testid="goods-thumb"
    />
  );
}
