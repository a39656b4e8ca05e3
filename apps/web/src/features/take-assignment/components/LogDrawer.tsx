/** The take log of one item (assign, print, stop, mark ...), newest first. */
import { ASSIGNMENT_STATUS_NAMES, type AssignmentStatusCode } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Timeline, Typography } from 'antd';
import { formatDateTime } from '../../../lib/date';
import { takeApi, takeKeys } from '../api';

const OPERATION_NAMES: Record<string, string> = {
  ASSIGN: '分配',
  UNASSIGN: '取消分配',
  PRINT: '打印标签',
  STOP: '停止拿货',
  REVOKE_STOP: '撤销停止',
  MARK: '拿货标记',
  CANCEL_TOOK: '撤销标记',
  ARRIVE: '到仓',
  DOWN_CODE: '下发拿货码',
};
const status = (s: string | null) => (s ? (ASSIGNMENT_STATUS_NAMES[s as AssignmentStatusCode] ?? s) : '');

export function LogDrawer({ item, onClose }: { item: { id: number; takeCode: string } | null; onClose(): void }) {
  const log = useQuery({ queryKey: takeKeys.log(item?.id ?? 0), queryFn: () => takeApi.log(item?.id ?? 0), enabled: !!item });
  return (
    <Drawer open={!!item} title={`拿货日志 ${item?.takeCode ?? ''}`} onClose={onClose} width={420}>
      {log.data?.list.length === 0 && <Typography.Text type="secondary">暂无日志</Typography.Text>}
      <Timeline
        items={(log.data?.list ?? []).map((l) => ({
          content: (
            <div>
              <Typography.Text strong>{OPERATION_NAMES[l.operation] ?? l.operation}</Typography.Text>
              {l.fromStatus !== l.toStatus && ` ${status(l.fromStatus)} → ${status(l.toStatus)}`}
              <div>{l.note}</div>
              <Typography.Text type="secondary">
                {formatDateTime(l.createdAt)} {l.actorName ?? '系统'}
              </Typography.Text>
            </div>
          ),
        }))}
      />
    </Drawer>
  );
}
