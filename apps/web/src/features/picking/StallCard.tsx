/** One stall of the walk: its items (tap to open the mark sheet) and "all taken at cost" for the stall's pending items. */
import { PICK_RESULT_NAMES, type PickItem, type PickStall, TAKING_ITEM_STATUS_NAMES } from '@dropship/contract';
import { Badge, Button, Card, Popconfirm, Tag, Typography } from 'antd';
import { GoodsThumb } from '../../lib/goods-thumb';

export function StallCard({
  stall,
  busy,
  onOpen,
  onAllTaken,
}: {
  stall: PickStall;
  busy: boolean;
  onOpen: (item: PickItem) => void;
  onAllTaken: (ids: number[]) => void;
}) {
  const pending = stall.items.filter((i) => i.pending && i.assignmentStatus === 'TAKING' && i.takingStatus === 'TAKING');
  return (
    <Card
      size="small"
      data-testid="stall-card"
      title={
        <span>
          {stall.items.some((i) => i.urgent) && <Tag color="red">加急</Tag>}
          {stall.stallName || '未知档口'}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {[stall.market, stall.building, stall.floor, stall.stallNo].filter(Boolean).join(' ')}
          </Typography.Text>
        </span>
      }
      extra={<Badge count={stall.pending} showZero color={stall.pending ? '#fa8c16' : '#52c41a'} title={`待拿 ${stall.pending}，已处理 ${stall.done}`} />}
      styles={{ body: { padding: 0 } }}
    >
      {stall.items.map((i) => (
        <button
          key={i.id}
          type="button"
          onClick={() => onOpen(i)}
          data-testid={`pick-item-${i.takeCode}`}
          style={{
            display: 'flex',
            width: '100%',
            minHeight: 56,
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 8,
            padding: '8px 12px',
            border: 0,
            borderTop: '1px solid #f0f0f0',
            background: i.pending ? '#fff' : '#fafafa',
            textAlign: 'left',
            cursor: 'pointer',
            fontSize: 15,
          }}
        >
          {/* The picture opens its own preview; the line's button stays for the mark sheet. */}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: only stops the click reaching the line's button */}
          <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()} style={{ flex: 'none', lineHeight: 0 }}>
            <GoodsThumb src={i.picUrl} alt={i.artNo || '商品'} size={44} />
          </span>
          <span style={{ flex: 1 }}>
            {i.urgent && <Tag color="red">加急</Tag>}
            <strong>{i.artNo || '商品'}</strong> {i.color} {i.size} ×{i.quantity}
            <br />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              拿货码 {i.takeCode}
            </Typography.Text>
          </span>
          <Tag color={i.pending ? 'orange' : 'green'} style={{ marginInlineEnd: 0 }}>
            {i.mark ? PICK_RESULT_NAMES[i.mark.result] : TAKING_ITEM_STATUS_NAMES[i.takingStatus]}
          </Tag>
        </button>
      ))}
      {pending.length > 1 && (
        <div style={{ padding: 12 }}>
          <Popconfirm
            title={`${pending.length} 件都按成本价标记为已拿？`}
            okText="确定"
            cancelText="取消"
            onConfirm={() => onAllTaken(pending.map((i) => i.id))}
          >
            <Button block size="large" loading={busy} style={{ minHeight: 48 }}>
              本档口 {pending.length} 件全部已拿
            </Button>
          </Popconfirm>
        </div>
      )}
    </Card>
  );
}
