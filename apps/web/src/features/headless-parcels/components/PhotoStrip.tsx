/** A parcel's photos as small thumbnails that open a preview (served by GET /api/b2/parcels/photo/{id}). */
import { parcelPhotoUrl } from '@dropship/contract';
import { Image, Space } from 'antd';

export function PhotoStrip({ ids, size = 48 }: { ids: number[]; size?: number }) {
  if (ids.length === 0) return <span>无照片</span>;
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap>
        {ids.map((id) => (
          <Image key={id} src={parcelPhotoUrl(id)} width={size} height={size} style={{ objectFit: 'cover' }} alt="包裹照片" />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
