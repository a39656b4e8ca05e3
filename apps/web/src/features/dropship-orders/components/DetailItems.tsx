/** The order's lines on the detail page: stall, what to ask for, pick-up code and statuses; a line may be stopped or resumed. */
import { ASSIGNMENT_STATUS_NAMES, type DropshipDetail, type DropshipDetailItem, fenToYuan } from '@dropship/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Table, Tag, Typography } from 'antd';
import { dropshipApi } from '../api';
import { TakeStatusTag } from './StatusTag';

const STOPPABLE = new Set(['WAITING_TAKING', 'E_NEXT_TAKING']);

export function DetailItems({ order, onChanged }: { order: DropshipDetail; onChanged(): void }) {
  const { modal, message } = App.useApp();
  const act = useMutation({
    mutationFn: (v: { kind: 'stop' | 'revoke'; id: number }) => (v.kind === 'stop' ? dropshipApi.stopItems([v.id]) : dropshipApi.revokeStopItems([v.id])),
    onSuccess: (r) => {
      const x = r.results[0];
      if (x?.ok) message.success(x.message);
      else modal.warning({ title: '未能处理', content: x?.message });
      onChanged();
    },
  });
  const paid = order.status === 'WAITING_DELIVERING';
  const stop = (i: DropshipDetailItem) =>
    modal.confirm({
      title: '停止拿货？',
      content: `「${[i.artNo, i.color, i.size].filter(Boolean).join(' ')} ×${i.quantity}」将不再拿货，货款 ¥${fenToYuan(i.unitCostFen * i.quantity)} 立即退回余额；撤销停止会重新扣回。`,
      okText: '停止拿货',
      cancelText: '再想想',
      onOk: () => act.mutateAsync({ kind: 'stop', id: i.id }),
    });
  return (
    <Card size="small" title="商品与拿货" style={{ marginTop: 12 }}>
      <Table<DropshipDetailItem>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={order.items}
        columns={[
          {
            title: '商品',
            render: (_, i) => (
              <div>
                <div>{i.title}</div>
                {i.spec && <Typography.Text type="secondary">{i.spec}</Typography.Text>}
              </div>
            ),
          },
          { title: '档口', render: (_, i) => [i.market, i.building, i.floor, i.stallNo, i.stallName].filter(Boolean).join(' ') },
          { title: '货号 / 颜色 / 尺码', render: (_, i) => [i.artNo, i.color, i.size].filter(Boolean).join(' / ') },
          { title: '数量', dataIndex: 'quantity' },
          {
            title: '成本价',
            align: 'right',
            // Own stock carries no goods money (供货备货方式): say so rather than show ¥0.00.
            render: (_, i) => (i.supplyMode === 'OWN_STOCK' ? <Tag color="blue">自有库存</Tag> : `¥${fenToYuan(i.unitCostFen)}`),
          },
          { title: '拿货码', dataIndex: 'takeCode', render: (c: string | null) => (c ? <Typography.Text copyable>{c}</Typography.Text> : '—') },
          { title: '拿货状态', render: (_, i) => <TakeStatusTag status={i.takeStatus} /> },
          { title: '分配', render: (_, i) => (i.assignmentStatus ? ASSIGNMENT_STATUS_NAMES[i.assignmentStatus] : '—') },
          { title: '已退', align: 'right', render: (_, i) => (i.refundedFen ? `¥${fenToYuan(i.refundedFen)}` : '—') },
          {
            title: '操作',
            render: (_, i) =>
              paid && i.takeStatus && STOPPABLE.has(i.takeStatus) ? (
                <Button size="small" type="link" danger onClick={() => stop(i)}>
                  停止拿货
                </Button>
              ) : paid && i.takeStatus === 'E_STOP_TAKING' ? (
                <Button size="small" type="link" loading={act.isPending} onClick={() => act.mutate({ kind: 'revoke', id: i.id })}>
                  撤销停止
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
