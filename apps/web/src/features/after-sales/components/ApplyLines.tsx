/**
 * 申请售后's goods: a checkbox per line and how many of it (up to the line's quantity). A line already
 * stopped or out of stock has had its money back and cannot be chosen; a refund before shipping
 * stops the whole line, so its quantity is the line's.
 */
import type { DropshipItemRow } from '@dropship/contract';
import { Checkbox, InputNumber, Table, Typography } from 'antd';

export type LinePick = Record<number, number>;

const CLOSED: Partial<Record<string, string>> = { E_STOP_TAKING: '已停止拿货，货款已退', E_LACK_TAKING: '缺货，货款已退' };
export const closedReason = (i: Pick<DropshipItemRow, 'takeStatus'>) => (i.takeStatus ? CLOSED[i.takeStatus] : undefined);

interface Props {
  items: readonly DropshipItemRow[];
  value: LinePick;
  onChange(v: LinePick): void;
  /** Whole lines only (仅退款 before shipping). */
  wholeLines: boolean;
}

export function ApplyLines({ items, value, onChange, wholeLines }: Props) {
  const set = (id: number, quantity: number | undefined) => {
    const next = { ...value };
    if (quantity === undefined) delete next[id];
    else next[id] = quantity;
    onChange(next);
  };
  return (
    <Table<DropshipItemRow>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={[...items]}
      columns={[
        {
          title: '',
          width: 40,
          render: (_, i) => (
            <Checkbox
              aria-label={`选择商品${i.artNo} ${i.color} ${i.size}`}
              disabled={!!closedReason(i)}
              checked={value[i.id] !== undefined}
              onChange={(e) => set(i.id, e.target.checked ? i.quantity : undefined)}
            />
          ),
        },
        {
          title: '商品（档口 货号 颜色 尺码）',
          render: (_, i) => (
            <div>
              {[i.stallName, i.artNo, i.color, i.size].filter(Boolean).join(' ')}
              {closedReason(i) && (
                <div>
                  <Typography.Text type="secondary">{closedReason(i)}</Typography.Text>
                </div>
              )}
            </div>
          ),
        },
        { title: '下单数量', dataIndex: 'quantity', width: 80, align: 'right' },
        {
          title: '售后数量',
          width: 110,
          render: (_, i) => (
            <InputNumber
              aria-label={`售后数量${i.artNo} ${i.color} ${i.size}`}
              size="small"
              min={1}
              max={i.quantity}
              precision={0}
              disabled={value[i.id] === undefined || wholeLines}
              value={value[i.id] ?? i.quantity}
              onChange={(q) => set(i.id, Math.min(i.quantity, Math.max(1, Number(q) || 1)))}
            />
          ),
        },
      ]}
    />
  );
}
