/** The after-sale at a glance: what, from where, on which order, the money; the goods line; the buyer's reason with photos; the return parcel. */
import {
  AFTER_SALE_SOURCE_NAMES,
  AFTER_SALE_TYPE_NAMES,
  type AfterSaleDetail,
  CHANNEL_NAMES,
  type Channel,
  COMBINED_ORDER_STATUS_NAMES,
  type CombinedStatusCode,
  fenToYuan,
  RETURN_STATUS_NAMES,
} from '@dropship/contract';
import { Card, Col, Descriptions, Image, Row, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date';
import { detailPath as orderDetailPath } from '../../dropship-orders/components/list-columns';
import { GoodsCell } from './GoodsCell';

export function DetailSummary({ detail: d }: { detail: AfterSaleDetail }) {
  const orderStatus = COMBINED_ORDER_STATUS_NAMES[d.orderCombinedStatus as CombinedStatusCode] ?? d.orderCombinedStatus;
  return (
    <>
      <Card size="small" style={{ marginTop: 12 }}>
        <Descriptions size="small" column={{ xs: 1, md: 2, lg: 3 }}>
          <Descriptions.Item label="售后类型">{AFTER_SALE_TYPE_NAMES[d.type] ?? d.type}</Descriptions.Item>
          <Descriptions.Item label="来源">{AFTER_SALE_SOURCE_NAMES[d.source]}</Descriptions.Item>
          <Descriptions.Item label="申请时间">{formatDateTime(d.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="代发订单">
            <Link to={orderDetailPath(d.orderId)}>{d.orderNo}</Link>
            <Typography.Text type="secondary">（{orderStatus}）</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="店铺 / 店铺订单号">
            {d.shopName ? `${d.shopName}（${CHANNEL_NAMES[d.channel as Channel] ?? d.channel}） ${d.platformOrderId ?? ''}` : '手工订单'}
          </Descriptions.Item>
          <Descriptions.Item label="平台退款单号">{d.platformRefundId ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="收货人">
            {d.receiverName} {d.receiverPhone}
          </Descriptions.Item>
          <Descriptions.Item label="退款金额">
            <Typography.Text strong>¥{fenToYuan(d.refundFen)}</Typography.Text>
            {d.platformRefundFen > 0 && <Typography.Text type="secondary">（买家申请 ¥{fenToYuan(d.platformRefundFen)}）</Typography.Text>}
          </Descriptions.Item>
          <Descriptions.Item label="已退回余额">¥{fenToYuan(d.refundedFen)}</Descriptions.Item>
          {d.finishedAt && <Descriptions.Item label="完结时间">{formatDateTime(d.finishedAt)}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <Row gutter={12} style={{ marginTop: 12 }}>
        <Col xs={24} lg={12}>
          <Card size="small" title="售后商品" style={{ height: '100%' }}>
            <GoodsCell goods={d} size={64} />
            <Descriptions size="small" column={2} style={{ marginTop: 8 }}>
              <Descriptions.Item label="售后数量">
                {d.quantity} / {d.lineQuantity} 件
              </Descriptions.Item>
              <Descriptions.Item label="成本价">¥{fenToYuan(d.unitCostFen)}</Descriptions.Item>
              {d.spec && <Descriptions.Item label="规格">{d.spec}</Descriptions.Item>}
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="售后原因与退货物流" style={{ height: '100%' }}>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label="原因">{d.reason || '—'}</Descriptions.Item>
              <Descriptions.Item label="补充说明">{d.remark || '—'}</Descriptions.Item>
              <Descriptions.Item label="退货物流">
                {d.returnWaybillNo ? `${d.returnCourierName} ${d.returnWaybillNo}`.trim() : '—'}
                {d.returnStatus && <Typography.Text type="secondary">（{RETURN_STATUS_NAMES[d.returnStatus]}）</Typography.Text>}
              </Descriptions.Item>
            </Descriptions>
            {d.photos.length > 0 && (
              <Image.PreviewGroup>
                <Space wrap data-testid="after-sale-photos">
                  {d.photos.map((p, i) => (
                    <Image key={p} src={p} width={72} height={72} style={{ objectFit: 'cover' }} alt={`售后图片${i + 1}`} />
                  ))}
                </Space>
              </Image.PreviewGroup>
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
