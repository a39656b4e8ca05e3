/** Columns of the shop-order list: order and shop, goods, receiver (masked by the server), money, statuses, remarks. */
import { FlagFilled, MessageOutlined } from '@ant-design/icons';
import {
  DROPSHIP_STATUS_NAMES,
  fenToYuan,
  SELLER_FLAG_COLORS,
  SELLER_FLAG_NAMES,
  SHOP_ORDER_STATUS_NAMES,
  SHOP_REFUND_STATE_NAMES,
  type ShopOrderRow,
} from '@dropship/contract';
import { Space, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/date';
import { GoodsThumb } from '../../lib/goods-thumb';
import { withColumnMinWidth } from '../../lib/table-defaults';
import { ChannelTag } from '../shops/ChannelTag';

export const DETAIL_PATH = '/order/thirdOrderDetail';

function Remarks({ r }: { r: ShopOrderRow }) {
  if (!r.buyerRemark && !r.sellerRemark && !r.sellerFlag) return <>-</>;
  return (
    <Space orientation="vertical" size={0} style={{ maxWidth: 220 }}>
      {r.sellerFlag ? (
        <span data-testid="seller-flag">
          <FlagFilled style={{ color: SELLER_FLAG_COLORS[r.sellerFlag] }} /> {SELLER_FLAG_NAMES[r.sellerFlag]}
        </span>
      ) : null}
      {r.buyerRemark && (
        <Tooltip title={r.buyerRemark}>
          <Typography.Text ellipsis>
            <MessageOutlined /> 买家：{r.buyerRemark}
          </Typography.Text>
        </Tooltip>
      )}
      {r.sellerRemark && (
        <Tooltip title={r.sellerRemark}>
          <Typography.Text ellipsis type="secondary">
            卖家：{r.sellerRemark}
          </Typography.Text>
        </Tooltip>
      )}
    </Space>
  );
}

export const orderColumns = withColumnMinWidth<TableColumnsType<ShopOrderRow>[number]>([
  {
    title: '订单',
    key: 'order',
    width: 240,
    render: (_: unknown, r) => (
      <Space orientation="vertical" size={2}>
        <Link to={`${DETAIL_PATH}?id=${r.id}`}>{r.platformOrderId}</Link>
        <Space size={4}>
          <ChannelTag channel={r.channel} />
          <Typography.Text type="secondary">{r.shopName}</Typography.Text>
        </Space>
      </Space>
    ),
  },
  {
    title: '商品',
    key: 'goods',
    width: 260,
    render: (_: unknown, r) => {
      const first = r.items[0];
      const pieces = r.items.reduce((n, i) => n + i.quantity, 0);
      return first ? (
        <Space align="start" size={8}>
          <GoodsThumb src={first.picUrl} alt={first.title} size={40} />
          <Space orientation="vertical" size={0}>
            <Typography.Text ellipsis style={{ maxWidth: 210 }}>
              {first.title}
            </Typography.Text>
            <Typography.Text type="secondary">
              {first.spec ?? ''} {r.items.length > 1 ? `等${r.items.length}种，` : ''}共{pieces}件
            </Typography.Text>
          </Space>
        </Space>
      ) : (
        '-'
      );
    },
  },
  {
    title: '收货人',
    key: 'receiver',
    render: (_: unknown, r) => (
      <Space orientation="vertical" size={0}>
        <span>
          {r.receiverName} {r.receiverPhone}
        </span>
        <Typography.Text type="secondary">{[r.receiverProvince, r.receiverCity, r.receiverDistrict].filter(Boolean).join(' ')}</Typography.Text>
      </Space>
    ),
  },
  { title: '实付', dataIndex: 'paymentFen', align: 'right', render: (f: number) => `¥${fenToYuan(f)}` },
  {
    title: '状态',
    key: 'status',
    render: (_: unknown, r) => (
      <Space orientation="vertical" size={2}>
        <Tag>{SHOP_ORDER_STATUS_NAMES[r.status]}</Tag>
        {r.refundState !== 'NONE' && <Tag color="orange">{SHOP_REFUND_STATE_NAMES[r.refundState]}</Tag>}
        <Tag color={r.dropshipStatus === 'PLACED' ? 'green' : 'default'}>{DROPSHIP_STATUS_NAMES[r.dropshipStatus]}</Tag>
      </Space>
    ),
  },
  { title: '付款时间', dataIndex: 'paidAt', width: 170, render: (v: string | null) => formatDateTime(v) || '未付款' },
  { title: '备注', key: 'remark', render: (_: unknown, r) => <Remarks r={r} /> },
]);
