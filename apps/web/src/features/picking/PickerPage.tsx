/**
 * 拿货员工作台 (/picker), made for a phone: today's items by stall in walking order, a scanner
 * field that keeps the focus (a keyboard-wedge scanner types the code and Enter) and a camera
 * button, a bottom sheet to mark an item with the price paid, and the undo.
 */
import type { PickItem, PickMarkBody } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, message, Space, Spin, Statistic, Typography } from 'antd';
import { useRef, useState } from 'react';
import { pickingApi, pickingKeys } from './api';
import { MarkSheet } from './MarkSheet';
import { moneySummary } from './mark-input';
import { ScanBar, type ScanBarHandle } from './ScanBar';
import { StallCard } from './StallCard';

export default function PickerPage() {
  const qc = useQueryClient();
  const scan = useRef<ScanBarHandle>(null);
  const today = useQuery({ queryKey: pickingKeys.today(), queryFn: pickingApi.today });
  const [open, setOpen] = useState<{ item: PickItem; stallName: string } | null>(null);

  const close = () => {
    setOpen(null);
    scan.current?.focus();
  };
  const done = (what: string, outcome: { refundFen: number; replenishFen: number; commissionFen: number }[]) => {
    const total = outcome.reduce(
      (a, o) => ({ refundFen: a.refundFen + o.refundFen, replenishFen: a.replenishFen + o.replenishFen, commissionFen: a.commissionFen + o.commissionFen }),
      {
        refundFen: 0,
        replenishFen: 0,
        commissionFen: 0,
      },
    );
    const money = moneySummary(total);
    message.success(money ? `${what}：${money}` : what);
    void qc.invalidateQueries({ queryKey: pickingKeys.all });
    close();
  };

  const find = useMutation({
    mutationFn: pickingApi.find,
    onSuccess: (r) => setOpen({ item: r.item, stallName: r.stall.stallName }),
    onSettled: () => scan.current?.focus(),
  });
  const mark = useMutation({ mutationFn: (b: PickMarkBody) => pickingApi.mark(b), onSuccess: (r) => done(`已标记 ${r.items.length} 件`, r.items) });
  const undo = useMutation({ mutationFn: (ids: number[]) => pickingApi.cancelTook(ids), onSuccess: (r) => done('已撤销标记', r.items) });
  const busy = mark.isPending || undo.isPending;
  const data = today.data;

  return (
    <div style={{ maxWidth: 640, margin: '0 auto' }}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          拿货员工作台
        </Typography.Title>
        <ScanBar ref={scan} busy={find.isPending} onCode={(code) => find.mutate(code)} />
        <div style={{ display: 'flex', gap: 24, alignItems: 'center' }}>
          <Statistic title="待拿" value={data?.pending ?? 0} />
          <Statistic title="今日已处理" value={data?.done ?? 0} />
          <Button size="large" style={{ marginInlineStart: 'auto', minHeight: 44 }} loading={today.isFetching} onClick={() => void today.refetch()}>
            刷新
          </Button>
        </div>
        {today.isLoading ? (
          <Spin description="正在加载今天的拿货任务…" />
        ) : !data || data.stalls.length === 0 ? (
          <Empty description="今天还没有分配给您的拿货任务" />
        ) : (
          data.stalls.map((s) => (
            <StallCard
              key={s.key}
              stall={s}
              busy={busy}
              onOpen={(item) => setOpen({ item, stallName: s.stallName })}
              onAllTaken={(ids) => mark.mutate({ takeItemIds: ids, result: 'TOOK' })}
            />
          ))
        )}
      </Space>
      <MarkSheet
        item={open?.item ?? null}
        stallName={open?.stallName ?? ''}
        busy={busy}
        onMark={(b) => mark.mutate(b)}
        onUndo={(i) => undo.mutate([i.id])}
        onClose={close}
      />
    </div>
  );
}
