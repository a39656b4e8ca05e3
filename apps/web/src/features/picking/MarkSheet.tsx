/**
 * The bottom sheet for one item: what to fetch, the price actually paid (yuan) and the quantity,
 * six big result buttons, and the undo of a standing mark. Touch targets are at least 48 px.
 */
import { fenToYuan, PICK_RESULT_NAMES, type PickItem, type PickMarkBody, type PickResult, TAKING_ITEM_STATUS_NAMES } from '@dropship/contract';
import { Alert, Button, Descriptions, Drawer, Input, InputNumber, message, Popconfirm, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { normalizePriceInput } from '../../lib/price';
import { buildMark, initialForm, type MarkForm } from './mark-input';

const BIG = { minHeight: 52, fontSize: 17 } as const;

const BUTTONS: { result: PickResult; danger?: boolean; primary?: boolean }[] = [
  { result: 'TOOK', primary: true },
  { result: 'TOOK_PART' },
  { result: 'E_LACK_TAKING', danger: true },
  { result: 'E_NEXT_TAKING' },
  { result: 'E_CHANGE_TAKING' },
  { result: 'E_STOP_PRODUCTION', danger: true },
];

export interface MarkSheetProps {
  item: PickItem | null;
  stallName: string;
  busy: boolean;
  onMark: (body: PickMarkBody) => void;
  onUndo: (item: PickItem) => void;
  onClose: () => void;
}

export function MarkSheet({ item, stallName, busy, onMark, onUndo, onClose }: MarkSheetProps) {
  const [form, setForm] = useState<MarkForm>({ priceYuan: '', tookQuantity: null, note: '' });
  useEffect(() => {
    if (item) setForm(initialForm(item));
  }, [item]);
  if (!item) return null;
  // Open work (assigned, or put off to another day): the server decides the rest and says why.
  const markable =
    !item.arrived && (item.assignmentStatus === 'TAKING' || (item.assignmentStatus === 'WAITING_ASSIGNED' && item.takingStatus === 'E_NEXT_TAKING'));
  const send = (result: PickResult) => {
    const r = buildMark(item, result, form);
    if ('error' in r) message.warning(r.error);
    else onMark(r.body);
  };

  return (
    <Drawer open placement="bottom" size="auto" title={`${item.artNo || '商品'} ${item.color} ${item.size}`} onClose={onClose} data-testid="mark-sheet">
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="档口">{stallName}</Descriptions.Item>
        <Descriptions.Item label="拿货码">{item.takeCode}</Descriptions.Item>
        <Descriptions.Item label="数量">{item.quantity} 件</Descriptions.Item>
        <Descriptions.Item label="成本价">¥{fenToYuan(item.unitCostFen)}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag>{TAKING_ITEM_STATUS_NAMES[item.takingStatus]}</Tag>
          {item.mark && <Tag color="blue">{PICK_RESULT_NAMES[item.mark.result]}</Tag>}
        </Descriptions.Item>
        {item.mark?.note && <Descriptions.Item label="备注">{item.mark.note}</Descriptions.Item>}
      </Descriptions>
      {markable ? (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Input
            size="large"
            inputMode="decimal"
            prefix="实付单价 ¥"
            aria-label="实付单价"
            value={form.priceYuan}
            onChange={(e) => setForm({ ...form, priceYuan: normalizePriceInput(e.target.value) })}
            style={BIG}
          />
          {item.quantity > 1 && (
            <InputNumber
              size="large"
              min={1}
              max={item.quantity - 1}
              precision={0}
              prefix="部分拿到数量"
              aria-label="部分拿到数量"
              value={form.tookQuantity}
              onChange={(v) => setForm({ ...form, tookQuantity: v })}
              style={{ ...BIG, width: '100%' }}
            />
          )}
          <Input
            size="large"
            placeholder="备注（换货时写明换成了什么）"
            aria-label="备注"
            maxLength={200}
            value={form.note}
            onChange={(e) => setForm({ ...form, note: e.target.value })}
            style={BIG}
          />
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 10 }}>
            {BUTTONS.map((b) => (
              <Button
                key={b.result}
                size="large"
                type={b.primary ? 'primary' : 'default'}
                danger={b.danger}
                loading={busy}
                disabled={b.result === 'TOOK_PART' && item.quantity < 2}
                onClick={() => send(b.result)}
                style={BIG}
              >
                {PICK_RESULT_NAMES[b.result]}
              </Button>
            ))}
          </div>
        </Space>
      ) : (
        <Alert type="info" showIcon title={item.arrived ? '该商品已扫描入仓，不能再更改' : '该商品已标记；如标错了，可以撤销后重新标记'} />
      )}
      {item.mark && !item.arrived && (
        <Popconfirm
          title="确定撤销这个标记？"
          description="已退的货款会从卖家余额收回，补款单会取消"
          okText="撤销"
          cancelText="不撤销"
          onConfirm={() => onUndo(item)}
        >
          <Button block size="large" style={{ ...BIG, marginTop: 12 }} loading={busy}>
            撤销标记
          </Button>
        </Popconfirm>
      )}
    </Drawer>
  );
}
