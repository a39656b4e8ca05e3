/** The lines of a shop order: picture, title, spec, outer codes, quantity, price, refund state. */
import { fenToYuan, SHOP_REFUND_STATE_NAMES, type ShopOrderItemRow } from '@dropship/contract';
import { Table, Tag } from 'antd';
import { GoodsThumb } from '../../lib/goods-thumb';

export function OrderItemsTable({ items }: { items: ShopOrderItemRow[] }) {
  return (
    <Table<ShopOrderItemRow>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={items}
      columns={[
        { title: '图片', key: 'pic', width: 64, render: (_: unknown, i) => <GoodsThumb src={i.picUrl} alt={i.title} /> },
        { title: '商品', dataIndex: 'title' },
        { title: '规格', dataIndex: 'spec', render: (v: string | null) => v ?? '-' },
        { title: '商家编码', key: 'outer', render: (_: unknown, i) => i.outerSkuCode || i.outerItemCode || '-' },
        { title: 'SKU ID', dataIndex: 'skuId', render: (v: string | null) => v ?? '-' },
        { title: '数量', dataIndex: 'quantity' },
        { title: '单价', dataIndex: 'priceFen', align: 'right', render: (f: number) => `¥${fenToYuan(f)}` },
        { title: '实付', dataIndex: 'paymentFen', align: 'right', render: (f: number) => `¥${fenToYuan(f)}` },
        {
          title: '售后',
          dataIndex: 'refundState',
          render: (s: ShopOrderItemRow['refundState']) =>
            s === 'NONE' ? '-' : <Tag color={s === 'REFUNDING' ? 'orange' : 'default'}>{SHOP_REFUND_STATE_NAMES[s]}</Tag>,
        },
      ]}
    />
  );
}
