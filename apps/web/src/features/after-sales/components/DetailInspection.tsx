/** The warehouse's 验货 of a return (result, quantity, photos, note) and the seller's 协商退款 amount, on 售后详情. */
import { type AfterSaleDetail, fenToYuan } from '@dropship/contract';
import { Card, Descriptions, Image, Space } from 'antd';
import { formatDateTime } from '../../../lib/date';

export function DetailInspection({ d }: { d: AfterSaleDetail }) {
  const i = d.inspection;
  if (!i && d.negotiateFen == null) return null;
  return (
    <Card size="small" title="仓库验货" style={{ marginTop: 12 }} data-testid="after-sale-inspection">
      <Descriptions size="small" column={{ xs: 1, md: 3 }}>
        {i && <Descriptions.Item label="验货结果">{i.resultName}</Descriptions.Item>}
        {i && <Descriptions.Item label="实收数量">{i.receivedQuantity} 件</Descriptions.Item>}
        {i && <Descriptions.Item label="验货时间">{formatDateTime(i.inspectedAt)}</Descriptions.Item>}
        {i?.note && <Descriptions.Item label="验货备注">{i.note}</Descriptions.Item>}
        {d.negotiateFen != null && <Descriptions.Item label="协商退款金额">¥{fenToYuan(d.negotiateFen)}</Descriptions.Item>}
      </Descriptions>
      {i && i.photos.length > 0 && (
        <Image.PreviewGroup>
          <Space wrap>
            {i.photos.map((p, n) => (
              <Image key={p} src={p} width={72} height={72} style={{ objectFit: 'cover' }} alt={`验货图片${n + 1}`} />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
    </Card>
  );
}
