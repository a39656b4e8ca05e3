/** A return line's log (every move, who and when), for the seller or the purchaser. */
import { RETURN_TO_FACTORY_STATUS_NAMES } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Modal, Table } from 'antd';
import { formatDateTime } from '../../../lib/date';
import { type LogRow, offlineApi, offlineKeys } from '../api';

const OPERATIONS: Record<string, string> = {
  CREATE: '卖家创建退货单',
  REGISTER: '仓库签收',
  ASSIGN: '分配拿货员',
  FACTORY_RETURNED: '档口已退货退款',
  FACTORY_REFUSE: '档口拒退',
  STOP: '暂停退货',
  RESUME: '恢复退货',
};
const statusName = (s: string | null) =>
  s
    ? (RETURN_TO_FACTORY_STATUS_NAMES[s as keyof typeof RETURN_TO_FACTORY_STATUS_NAMES] ??
      ({ WAIT_SIGNED: '待签收', SIGNED: '已签收' } as Record<string, string>)[s] ??
      s)
    : '';

export function LogsModal({ lineId, side, onClose }: { lineId: number | null; side: 'seller' | 'purchaser'; onClose(): void }) {
  const logs = useQuery({
    queryKey: offlineKeys.logs(side, lineId ?? 0),
    queryFn: () => (side === 'seller' ? offlineApi.sellerLogs(lineId as number) : offlineApi.purchaserLogs(lineId as number)),
    enabled: lineId !== null,
  });
  return (
    <Modal open={lineId !== null} title="退货日志" footer={null} onCancel={onClose} width={720}>
      <Table<LogRow>
        rowKey="id"
        size="small"
        pagination={false}
        loading={logs.isFetching}
        dataSource={logs.data ?? []}
        columns={[
          { title: '时间', dataIndex: 'createdAt', render: (v: string) => formatDateTime(v), width: 170 },
          { title: '操作', dataIndex: 'operation', render: (v: string) => OPERATIONS[v] ?? v },
          { title: '状态', render: (_, r) => [statusName(r.fromStatus), statusName(r.toStatus)].filter(Boolean).join(' → ') },
          { title: '操作人', dataIndex: 'actorName' },
          { title: '备注', dataIndex: 'note' },
        ]}
      />
    </Modal>
  );
}
