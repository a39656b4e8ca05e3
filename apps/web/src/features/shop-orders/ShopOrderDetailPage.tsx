/**
 * 店铺售后详情 (/order/thirdOrderDetail?id=): one shop order as the platform has it, its lines, and
 * its after-sale records. The receiver is shown as the platform gave it (masked where it masks).
 */
import { CHANNEL_NAMES, DROPSHIP_STATUS_NAMES, fenToYuan, SELLER_FLAG_NAMES, SHOP_ORDER_STATUS_NAMES, SHOP_REFUND_STATE_NAMES } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Space, Spin, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/date';
import { shopOrderKeys, shopOrdersApi } from './api';
import { OrderItemsTable } from './OrderItemsTable';
import { RefundTimeline } from './RefundTimeline';

export default function ShopOrderDetailPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ queryKey: shopOrderKeys.detail(id), queryFn: () => shopOrdersApi.detail(id), enabled: valid });
  const o = detail.data;

  if (!valid) return <Empty description="缺少订单编号，请从店铺订单列表进入" />;
  if (detail.isLoading) return <Spin />;
  if (!o) return <Empty description="订单不存在或无权查看" />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space>
        <Typography.Title level={4} style={{ margin: 0 }}>
          店铺售后详情
        </Typography.Title>
        <Button onClick={() => navigate(-1)}>返回</Button>
      </Space>
      <Card title="订单信息">
        <Descriptions column={3} size="small">
          <Descriptions.Item label="订单编号">{o.platformOrderId}</Descriptions.Item>
          <Descriptions.Item label="店铺">
            {o.shopName}（{CHANNEL_NAMES[o.channel]}）
          </Descriptions.Item>
          <Descriptions.Item label="订单状态">
            {SHOP_ORDER_STATUS_NAMES[o.status]}（{o.platformStatus}）
          </Descriptions.Item>
          <Descriptions.Item label="售后状态">{SHOP_REFUND_STATE_NAMES[o.refundState]}</Descriptions.Item>
          <Descriptions.Item label="代发状态">{DROPSHIP_STATUS_NAMES[o.dropshipStatus]}</Descriptions.Item>
          <Descriptions.Item label="来源">{o.source === 'SYNC' ? '接口同步' : '订单导入'}</Descriptions.Item>
          <Descriptions.Item label="买家">{o.buyerNick || '-'}</Descriptions.Item>
          <Descriptions.Item label="下单时间">{formatDateTime(o.platformCreatedAt)}</Descriptions.Item>
          <Descriptions.Item label="付款时间">{formatDateTime(o.paidAt) || '未付款'}</Descriptions.Item>
          <Descriptions.Item label="商品金额">¥{fenToYuan(o.totalFen)}</Descriptions.Item>
          <Descriptions.Item label="邮费">¥{fenToYuan(o.postFeeFen)}</Descriptions.Item>
          <Descriptions.Item label="实付">¥{fenToYuan(o.paymentFen)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="收货信息">
        <Descriptions column={2} size="small">
          <Descriptions.Item label="收货人">{o.receiverName}</Descriptions.Item>
          <Descriptions.Item label="手机号">{o.receiverPhone}</Descriptions.Item>
          <Descriptions.Item label="地址" span={2}>
            {[o.receiverProvince, o.receiverCity, o.receiverDistrict, o.receiverTown, o.receiverAddress].filter(Boolean).join(' ')}
            {o.receiverEncrypted ? <Typography.Text type="secondary">（平台已加密，发货时由平台解密）</Typography.Text> : null}
          </Descriptions.Item>
          <Descriptions.Item label="买家留言">{o.buyerRemark || '-'}</Descriptions.Item>
          <Descriptions.Item label="卖家备注">
            {o.sellerRemark || '-'}
            {o.sellerFlag ? `（${SELLER_FLAG_NAMES[o.sellerFlag]}）` : ''}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="商品">
        <OrderItemsTable items={o.items} />
      </Card>
      <Card title="售后记录">
        <RefundTimeline refunds={o.refunds} />
      </Card>
    </Space>
  );
}
