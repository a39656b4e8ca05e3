/**
 * The lines of a shop order on the place page: what the picker will ask for at the stall, or why a
 * line cannot be placed with its fix, opened in a drawer over the page (onFix) so nothing typed here
 * is lost.
 */
import { ABNORMAL_REASON_FIXES, ABNORMAL_REASON_NAMES, type AbnormalReason, fenToYuan, type PlaceLine } from '@dropship/contract';
import { Button, Image, Space, Table, Tag, Typography } from 'antd';

export function PlaceLines({ lines, onFix }: { lines: PlaceLine[]; onFix?: (() => void) | undefined }) {
  return (
    <Table<PlaceLine>
      size="small"
      rowKey="shopOrderItemId"
      pagination={false}
      dataSource={lines}
      columns={[
        {
          title: '商品',
          render: (_, l) => (
            <Space align="start">
              {l.picUrl && <Image src={l.picUrl} width={40} height={40} alt="" style={{ objectFit: 'cover' }} />}
              <div>
                <div>{l.title}</div>
                {l.spec && <Typography.Text type="secondary">{l.spec}</Typography.Text>}
              </div>
            </Space>
          ),
        },
        { title: '数量', dataIndex: 'quantity', width: 70 },
        {
          title: '档口 / 货号 / 颜色 / 尺码',
          render: (_, l) =>
            l.reason ? (
              <span>
                <Tag color="red">{ABNORMAL_REASON_NAMES[l.reason as AbnormalReason] ?? l.reason}</Tag>
                <Button type="link" size="small" onClick={onFix}>
                  {ABNORMAL_REASON_FIXES[l.reason as AbnormalReason] ?? '去处理'}
                </Button>
              </span>
            ) : (
              <span>
                {l.supplyMode === 'OWN_STOCK' && <Tag color="blue">自有库存</Tag>}
                {[l.stallName, l.artNo, l.color, l.size].filter(Boolean).join(' / ')}
              </span>
            ),
        },
        {
          title: '成本价',
          width: 100,
          align: 'right',
          // Own stock is already the seller's: no goods money, only the fees.
          render: (_, l) => (l.unitCostFen === null ? '—' : l.supplyMode === 'OWN_STOCK' ? '自有库存' : `¥${fenToYuan(l.unitCostFen)}`),
        },
      ]}
    />
  );
}
